// What the palette offers and how: every contributed command has a `when` clause in the command
// palette (so only what applies is offered), the two new keybindings exist, and the extension
// activates on a workspace with Markdown files (the target-language status item shows from the start).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './helpers.ts';

interface Pkg {
  activationEvents?: string[];
  contributes: {
    commands: { command: string }[];
    menus: { commandPalette: { command: string; when?: string }[] };
    keybindings: { command: string; key: string; when?: string }[];
  };
}

const pkg = (): Pkg => vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as Pkg;

describe('Contributions: palette, keys, activation', () => {
  it('gives every contributed command a when clause in the command palette', () => {
    const palette = new Map(pkg().contributes.menus.commandPalette.map((m) => [m.command, m.when]));
    const missing = pkg()
      .contributes.commands.map((c) => c.command)
      .filter((id) => typeof palette.get(id) !== 'string' || palette.get(id) === '');
    assert.deepEqual(missing, [], 'commands without a commandPalette when clause');
  });

  it('binds keys to Translate Document and Change Target Language', () => {
    const keys = pkg().contributes.keybindings;
    for (const id of ['docTranslate.translateDocument', 'docTranslate.changeTargetLanguage', 'docTranslate.translateSelection']) {
      assert.ok(
        keys.some((k) => k.command === id && k.key !== ''),
        `${id} has a keybinding`,
      );
    }
  });

  it('activates on a workspace with Markdown files, and on nothing at startup', () => {
    const events = pkg().activationEvents ?? [];
    assert.ok(events.includes('workspaceContains:**/*.md'));
    assert.ok(!events.includes('*') && !events.includes('onStartupFinished'));
  });
});
