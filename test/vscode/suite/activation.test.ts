// Contributions and registrations agree: every command package.json contributes is registered
// once the extension is active, and every docTranslate.* command the extension registers is
// contributed (or listed below as deliberately internal).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'doc-translate.doc-translate';

/** Registered on purpose without a contribution (not for the palette or menus). */
const INTERNAL_COMMANDS: ReadonlySet<string> = new Set<string>([]);

/** Commands other parts of the project rely on by id (team contract). */
const CONTRACT_COMMANDS = [
  'docTranslate.setApiKey',
  'docTranslate.clearApiKey',
  'docTranslate.setServiceUrl',
  'docTranslate.translateSelection',
  'docTranslate.translateDocument',
  'docTranslate.showTranslationDiff',
  'docTranslate.changeTargetLanguage',
  'docTranslate.showLog',
  'docTranslate.showBalance',
  'docTranslate.translateFiles',
  'docTranslate.jobs.refresh',
  'docTranslate.jobs.cancel',
  'docTranslate.jobs.openArtifact',
  'docTranslate.jobs.saveArtifactAs',
  'docTranslate.jobs.saveNextToSource',
  'docTranslate.jobs.copyJobId',
  'docTranslate.jobs.showReceipt',
  'docTranslate.jobs.showDiff',
  'docTranslate.jobs.focus',
];

/** Commands the workbench itself registers for every contributed view (not the extension's). */
const VIEW_COMMAND_SUFFIXES = ['focus', 'open', 'resetViewLocation', 'toggleVisibility', 'removeView'];

interface ContributedCommand {
  command: string;
  title?: unknown;
  category?: unknown;
}

function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is loaded`);
  return ext;
}

function contributedCommands(): ContributedCommand[] {
  const pkg: unknown = extension().packageJSON;
  const contributes = (pkg as { contributes?: { commands?: unknown } }).contributes;
  const commands = contributes?.commands;
  if (commands === undefined) return [];
  assert.ok(Array.isArray(commands), 'contributes.commands is an array');
  return commands as ContributedCommand[];
}

function workbenchViewCommands(): Set<string> {
  const pkg: unknown = extension().packageJSON;
  const views = (pkg as { contributes?: { views?: Record<string, { id?: unknown }[]> } }).contributes?.views ?? {};
  const ids = Object.values(views)
    .flat()
    .map((v) => v.id)
    .filter((id): id is string => typeof id === 'string');
  return new Set(ids.flatMap((id) => VIEW_COMMAND_SUFFIXES.map((suffix) => `${id}.${suffix}`)));
}

describe('activation', () => {
  before(async () => {
    await extension().activate();
  });

  it('activates', () => {
    assert.equal(extension().isActive, true);
  });

  it('contributes the commands the project relies on, each with a title in the "Doc Translate" category', () => {
    const contributed = contributedCommands();
    const ids = contributed.map((c) => c.command);
    const missing = CONTRACT_COMMANDS.filter((id) => !ids.includes(id));
    assert.deepEqual(missing, [], 'contract commands missing from contributes.commands');
    for (const c of contributed) {
      assert.ok(typeof c.title === 'string' && c.title.length > 0, `${c.command} has a title`);
      assert.equal(c.category, 'Doc Translate', `${c.command} is in the Doc Translate category`);
    }
  });

  it('registers every contributed command', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const notRegistered = contributedCommands()
      .map((c) => c.command)
      .filter((id) => !registered.has(id));
    assert.deepEqual(notRegistered, [], 'contributed but not registered after activation');
  });

  it('contributes every registered docTranslate.* command (or lists it as internal)', async () => {
    const contributed = new Set(contributedCommands().map((c) => c.command));
    const generated = workbenchViewCommands();
    const registered = (await vscode.commands.getCommands(true)).filter((id) => id.startsWith('docTranslate.'));
    const undeclared = registered.filter((id) => !contributed.has(id) && !INTERNAL_COMMANDS.has(id) && !generated.has(id));
    assert.deepEqual(undeclared, [], 'registered but neither contributed nor deliberately internal');
  });
});
