// The .vsix file list is read from the zip's central directory.
import * as assert from 'node:assert/strict';
import { listZip } from '../../vscode/lib/zip.mjs';

/** A zip of stored (uncompressed) entries, enough for the central directory reader. */
function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const nameBuf = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

describe('harness zip listing', () => {
  it('lists every entry with its size', () => {
    const zip = storedZip({ 'extension/package.json': '{"name":"x"}', 'extension/dist/extension.js': 'exports.a=1;' });
    assert.deepEqual(
      listZip(zip).map((e) => [e.name, e.size]),
      [
        ['extension/package.json', 12],
        ['extension/dist/extension.js', 12],
      ],
    );
  });

  it('refuses something that is not a zip', () => {
    assert.throws(() => listZip(Buffer.from('not a zip at all, just text that is long enough')), /not a zip/);
  });
});
