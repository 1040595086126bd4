/** Documents (/documents; shapes are the emulator's choice, read loosely): list, get, update, delete. */
import assert from 'node:assert/strict';
import { DocTranslateClient, ValidationError } from '../../../src/api/index.ts';
import { TestEmulator } from './support/emulator.ts';

describe('api/documents against the emulator', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;

  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 20 });
    client = emu.client();
  });
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  it('lists, reads, renames and deletes an uploaded document', async () => {
    const doc = await emu.upload(client, 'readme.txt', 'Hello documents.');
    const other = await emu.upload(client, 'second.md', '# Second');
    const list = await client.documents.list({ limit: 10 });
    assert.deepEqual(list.items.map((d) => d.id).slice(0, 2), [other.id, doc.id]);
    const page = await client.documents.list({ limit: 1, offset: 1 });
    assert.deepEqual(
      page.items.map((d) => d.id),
      [doc.id],
    );
    const got = await client.documents.get(doc.id);
    assert.equal(got.basename, 'readme.txt');
    assert.equal(got.file_size, 16);
    const renamed = await client.documents.update(doc.id, { basename: 'renamed.txt' });
    assert.equal(renamed.basename, 'renamed.txt');
    await client.documents.delete(doc.id);
    await assert.rejects(client.documents.get(doc.id), (e: unknown) => (e as { status?: number }).status === 404);
    assert.ok(!(await client.documents.list()).items.some((d) => d.id === doc.id));
  });

  it('refuses empty or null updates before sending', async () => {
    await assert.rejects(client.documents.update('doc_x', {}), ValidationError);
    await assert.rejects(client.documents.update('doc_x', { basename: null }), ValidationError);
    await assert.rejects(client.documents.get('..'), ValidationError);
  });
});
