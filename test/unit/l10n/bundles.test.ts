// Every message the code localizes (vscode.l10n.t / t from src/platform/l10n.ts) is in the English
// bundle and in each language bundle, with the same placeholders and codicons; no bundle keeps a
// message the code no longer uses. Regenerate the English bundle: npx tsx test/l10n/extract.ts
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { englishBundle, extract, repoRoot } from '../../l10n/extract.ts';

const LANGUAGES = ['de', 'fr', 'ja', 'zh-cn', 'es'];
const { keys, dynamic } = extract();

function bundle(name: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, 'l10n', name), 'utf8')) as Record<string, string>;
}

/** Placeholders and codicons, sorted: what a translation must keep. */
function tokens(message: string): string[] {
  return [...message.matchAll(/\{\w+\}|\$\([\w-]+(?:~spin)?\)/g)].map((m) => m[0]).sort();
}

describe('l10n bundles', () => {
  it('finds the messages, all as string literals', () => {
    assert.ok(keys.size > 50, `only ${keys.size} messages found`);
    assert.deepEqual(dynamic, []);
  });

  it('package.json points VS Code at the bundles', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { l10n?: string };
    assert.equal(manifest.l10n, './l10n');
  });

  it('the English bundle is what the code uses (regenerate with test/l10n/extract.ts)', () => {
    assert.deepEqual(bundle('bundle.l10n.json'), englishBundle(keys.keys()));
  });

  for (const lang of LANGUAGES) {
    it(`bundle.l10n.${lang}.json translates every message, keeping placeholders and codicons`, () => {
      const translated = bundle(`bundle.l10n.${lang}.json`);
      const missing = [...keys.keys()].filter((k) => !(k in translated));
      const unused = Object.keys(translated).filter((k) => !keys.has(k));
      assert.deepEqual(missing, [], 'missing');
      assert.deepEqual(unused, [], 'no longer used');
      for (const [key, value] of Object.entries(translated)) {
        assert.ok(value.trim().length > 0, `empty translation of ${JSON.stringify(key)}`);
        assert.deepEqual(tokens(value), tokens(key), `placeholders or codicons of ${JSON.stringify(key)}`);
      }
    });
  }
});
