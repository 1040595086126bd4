// The Command Palette offers only commands that apply (issue 23): one entry per command, no
// command that needs a view row, and no second way to show a view VS Code already lists as
// "Focus on … View". The side bar gives the room to Localization and Jobs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
interface Pkg {
  contributes: {
    menus: { commandPalette: { command: string; when?: string }[] };
    views: Record<string, { id: string; visibility?: string }[]>;
  };
}
const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Pkg;

describe('package.json: palette and views', () => {
  const palette = pkg.contributes.menus.commandPalette;
  const when = (id: string): string | undefined => palette.find((m) => m.command === id)?.when;

  it('lists each command once in menus.commandPalette', () => {
    const ids = palette.map((m) => m.command);
    assert.deepEqual(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      [],
    );
  });

  it('hides the commands that act on a view row and the duplicates of Focus on … View', () => {
    for (const id of [
      'docTranslate.jobs.focus',
      'docTranslate.localization.focus',
      'docTranslate.jobs.cancel',
      'docTranslate.jobs.copyJobId',
      'docTranslate.jobs.showReceipt',
      'docTranslate.operations.cancel',
      'docTranslate.operations.openOutput',
      'docTranslate.operations.showReceipt',
      'docTranslate.webhooks.edit',
      'docTranslate.webhooks.delete',
      'docTranslate.localization.showConflict',
      'docTranslate.library.open',
      'docTranslate.media.cancel',
    ]) {
      assert.equal(when(id), 'false', id);
    }
  });

  it('offers a document tool only for a file of a kind it takes', () => {
    assert.match(when('docTranslate.documentTools.extractText') ?? '', /resourceExtname in docTranslate\.tools\.extractText/);
  });

  it('shows Localization and Jobs first; the other views start collapsed', () => {
    const views = pkg.contributes.views['docTranslate'] ?? [];
    assert.deepEqual(
      views.slice(0, 2).map((v) => [v.id, v.visibility]),
      [
        ['docTranslate.localization', undefined],
        ['docTranslate.jobs', undefined],
      ],
    );
    for (const v of views.slice(2)) assert.equal(v.visibility, 'collapsed', v.id);
  });
});
