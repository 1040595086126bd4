// Check Links in Translations: the link and anchor gate on a VitePress-style set-up. A broken page
// link and a broken #anchor in a translation are in the Problems panel at their line and column;
// once fixed, a second run clears them. Nothing is sent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckLinksResult } from '../../../src/features/localization/commands/checkLinks.ts';
import type { LocalizationSnapshot } from '../../../src/features/localization/snapshot.ts';
import { clearRequests, configureExtension, requestsSeen, testEnv } from './helpers.ts';

const ws = (): string => testEnv().workspace;
const abs = (rel: string): string => path.join(ws(), rel);
const GUIDE_DE = '# Anleitung\n\nZuerst [installieren](./index.md#install).\n\nSiehe [die Referenz](./reference.md) und [den Start](./index.md#start).\n';

describe('Localization: Check Links in Translations', function () {
  this.timeout(120_000);

  before(async () => {
    await configureExtension();
    fs.mkdirSync(abs('l10k/de'), { recursive: true });
    fs.writeFileSync(abs('l10k/index.md'), '# Home\n\n## Install\n\nRun the installer.\n');
    fs.writeFileSync(abs('l10k/guide.md'), '# Guide\n\nFirst [install](./index.md#install).\n\nSee [the start](./index.md#install).\n');
    fs.writeFileSync(abs('l10k/de/index.md'), '# Startseite\n\n## Installieren {#install}\n\nDas Installationsprogramm ausführen.\n');
    fs.writeFileSync(abs('l10k/de/guide.md'), GUIDE_DE);
    fs.writeFileSync(abs('doc-translate.json'), JSON.stringify({ source: 'l10k', sourceLanguage: 'en', targetLanguages: ['de'], layout: 'vitepress' }));
    await vscode.commands.executeCommand<LocalizationSnapshot>('_docTranslate.localization.snapshot', { refresh: true });
  });

  after(() => {
    for (const p of ['doc-translate.json', 'doc-translate.lock', 'l10k', '.doc-translate']) fs.rmSync(abs(p), { recursive: true, force: true });
  });

  it('puts each broken link of a translation in the Problems panel at its line and column, and clears them once fixed', async () => {
    await clearRequests();
    const guide = vscode.Uri.file(abs('l10k/de/guide.md'));
    const first = await vscode.commands.executeCommand<CheckLinksResult>('docTranslate.localization.checkLinks');
    assert.equal(first.broken, 2, JSON.stringify(first));
    assert.deepEqual(first.files, [guide.fsPath]);
    const found = vscode.languages
      .getDiagnostics(guide)
      .filter((d) => d.source === 'Doc Translate')
      .map((d) => [d.range.start.line, d.range.start.character, d.message.split(':')[0]])
      .sort();
    // Line 5 (0-based 4): `./reference.md` (no such page, at the link) and `./index.md#start` (no
    // such anchor, at the anchor's name); `./index.md#install` holds: the translated heading keeps
    // its id with {#install}.
    const line = GUIDE_DE.split('\n')[4]!;
    assert.deepEqual(found, [
      [4, line.indexOf('./reference.md'), 'Broken link ./reference.md'],
      [4, line.indexOf('#start') + 1, 'Broken link ./index.md#start'],
    ]);
    // Nothing sent: no request with a body (the other views may list their items meanwhile).
    assert.deepEqual(
      (await requestsSeen()).filter((r) => r.method !== 'GET'),
      [],
      'nothing was sent',
    );

    fs.writeFileSync(abs('l10k/de/guide.md'), GUIDE_DE.replace('./reference.md', './index.md').replace('#start', '#install'));
    const second = await vscode.commands.executeCommand<CheckLinksResult>('docTranslate.localization.checkLinks');
    assert.equal(second.broken, 0, JSON.stringify(second));
    assert.deepEqual(
      vscode.languages.getDiagnostics(guide).filter((d) => d.source === 'Doc Translate'),
      [],
    );
  });
});
