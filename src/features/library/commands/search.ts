import * as vscode from 'vscode';
import type { DocTranslateClient, SearchHit } from '../../../api/index.ts';
import { defineCommand, failedAs, type RunContext } from '../../../platform/commandRunner.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { describeError } from '../../../platform/errorMessages.ts';
import { CommandId } from '../../../shared/ids.ts';
import type { LibraryFiles } from '../files.ts';

export type SearchDeps = Pick<Platform, 'clients' | 'prompter'> & { files: LibraryFiles };

/** Typing pauses this long before a search request (search is free, but not every keystroke). */
const DEBOUNCE_MS = 250;
const LIMIT = 20;

interface HitItem extends vscode.QuickPickItem {
  hit: SearchHit;
}

function toItem(hit: SearchHit): HitItem {
  const isJob = hit.type === 'job';
  const detail = isJob ? [hit.status, hit.target_lang].filter((x) => typeof x === 'string').join(' · ') : typeof hit.format === 'string' ? hit.format : '';
  return { label: `$(${isJob ? 'history' : 'file'}) ${hit.title ?? hit.id}`, description: isJob ? 'job' : 'document', detail, hit, alwaysShow: true };
}

/** A document opens through its library item (found by the item's `source`); a job through the Jobs feature's command. */
async function openHit(d: SearchDeps, client: DocTranslateClient, hit: SearchHit): Promise<Record<string, unknown>> {
  if (hit.type === 'job') {
    const result = await vscode.commands.executeCommand<unknown>(CommandId.jobsOpenArtifact, { jobId: hit.id });
    return { opened: true, type: 'job', id: hit.id, result };
  }
  for await (const file of client.storage.iterate({ pageSize: 100 })) {
    const source = file.source as { kind?: unknown; id?: unknown } | undefined;
    if (source?.kind === 'document' && source.id === hit.id) return { ...(await d.files.open(file)), type: 'document', id: hit.id };
  }
  void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: {0} has no file in the library to open.', hit.title ?? hit.id));
  return { opened: false, type: 'document', id: hit.id };
}

/** "Search Library…": live results while typing (debounced), documents and jobs; Enter opens one. */
async function search(d: SearchDeps, ctx: RunContext): Promise<Record<string, unknown>> {
  const client = await ctx.client();
  // Tests script what is typed and which result is chosen (`{ search: { query, pick } }`).
  const scripted = d.prompter.scriptedAnswer('search')?.value as { query: string; pick?: number } | undefined;
  if (scripted !== undefined) {
    const hits = (await client.search.query(scripted.query, { limit: LIMIT })).items;
    const hit = scripted.pick === undefined ? undefined : hits[scripted.pick];
    if (hit === undefined) return { opened: false, hits: hits.map((h) => ({ type: h.type, id: h.id, title: h.title })) };
    return openHit(d, client, hit);
  }
  const qp = vscode.window.createQuickPick<HitItem>();
  qp.title = vscode.l10n.t('Search Library');
  qp.placeholder = vscode.l10n.t('Search documents and jobs by name, tag or project');
  qp.matchOnDescription = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  const run = (text: string): void => {
    controller?.abort();
    if (text.trim() === '') {
      qp.items = [];
      qp.busy = false;
      return;
    }
    const own = new AbortController();
    controller = own;
    qp.busy = true;
    client.search.query(text, { limit: LIMIT, signal: own.signal }).then(
      (res) => {
        if (own.signal.aborted) return;
        qp.items = res.items.map(toItem);
        qp.busy = false;
      },
      (err: unknown) => {
        if (own.signal.aborted) return;
        qp.busy = false;
        qp.items = [];
        qp.placeholder = describeError(err, { operation: vscode.l10n.t('Search') }).message;
      },
    );
  };
  qp.onDidChangeValue((text) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => run(text), DEBOUNCE_MS);
  });
  const chosen = await new Promise<HitItem | undefined>((resolve) => {
    qp.onDidAccept(() => resolve(qp.selectedItems[0]));
    qp.onDidHide(() => resolve(undefined));
    qp.show();
  });
  if (timer !== undefined) clearTimeout(timer);
  controller?.abort();
  qp.dispose();
  if (chosen === undefined) return { opened: false, reason: 'cancelled' };
  return openHit(d, client, chosen.hit);
}

export function searchCommands(d: SearchDeps): Command[] {
  return [
    defineCommand(d, {
      id: CommandId.librarySearch,
      operation: () => vscode.l10n.t('Opening a search result'),
      failed: failedAs('opened'),
      run: (ctx) => search(d, ctx),
    }),
  ];
}
