// Merge PDFs, Split PDF…, Compress PDF, Convert Image…, Compress Image: the file tools answer
// with a file (spec 4.6). Each run: the capabilities at run time (a closed tool is not run), the
// inputs uploaded, the tool's answer streamed by the client into the platform's download cache,
// then written next to the source through the platform's safe writer under a name that is free
// (never over an existing file), and opened. Free tools ask nothing; a tool the service lists with
// a price (or without saying) is confirmed first.
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateClient, SavedFile } from '../../api/index.ts';
import { formatCredits } from '../../platform/format.ts';
import { withCancellableProgress, type ReportProgress } from '../../platform/progress.ts';
import type { RunContext } from '../../platform/commandRunner.ts';
import { invokedOnUris } from '../../platform/invokedOn.ts';
import type { DocumentToolsFeature } from './feature.ts';
import { freeName } from './outputs.ts';
import { countPdfPages, MAX_COUNT_BYTES } from './pdfPages.ts';
import { parseRanges, qualityProblem } from './input.ts';
import { currentOffer } from './showToolError.ts';
import { TOOLS, pricing, offerRefusal, qualityRange, targetFormats, type Offer, type ToolId } from './tools.ts';

export type FileTool = Extract<ToolId, 'mergePdfs' | 'splitPdf' | 'compressPdf' | 'convertImage' | 'compressImage'>;

export type FileToolResult =
  | { done: true; runId: string; outputs: string[]; bytes: number[] }
  | {
      done: false;
      reason: 'noFile' | 'notConfigured' | 'unavailable' | 'wrongType' | 'tooFew' | 'cancelled' | 'notWritten' | 'error';
      message?: string;
      error?: string;
    };

function baseName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.fsPath;
}

/** The Explorer's files the tool was invoked on (`invokedOnUris`), else the active tab's file. */
function selectedFiles(arg: unknown, selection: unknown): vscode.Uri[] {
  const invoked = invokedOnUris([arg, selection]);
  if (invoked !== undefined) return invoked;
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const uri = tab instanceof vscode.TabInputText || tab instanceof vscode.TabInputCustom ? tab.uri : undefined;
  return uri?.scheme === 'file' ? [uri] : [];
}

function refuse(reason: 'unavailable' | 'wrongType' | 'tooFew' | 'noFile', message: string): FileToolResult {
  void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}', message));
  return { done: false, reason, message };
}

function checkOffer(offer: Offer, files: vscode.Uri[]): FileToolResult | undefined {
  const refusal = offerRefusal(offer, files.map(baseName));
  return refusal === undefined ? undefined : refuse(refusal.reason, refusal.message);
}

/** A tool the service does not list as free is confirmed before anything is sent. */
async function confirmPrice(f: Pick<DocumentToolsFeature, 'prompter'>, offer: Offer, what: string): Promise<boolean> {
  const price = pricing(offer);
  if (price.free) return true;
  const rate = price.perPageMillicredits !== undefined ? vscode.l10n.t(' ({0} per page)', formatCredits(price.perPageMillicredits)) : '';
  const detail =
    price.mode === 'unknown'
      ? vscode.l10n.t('The service does not say whether this tool is charged; if it is, it charges by usage on completion.')
      : vscode.l10n.t('The service lists this tool as charged: {0}{1}. It charges by usage on completion.', price.mode.replace(/_/g, ' '), rate);
  const RUN = vscode.l10n.t('Run');
  return (await f.prompter.choose(vscode.l10n.t('{0}: {1}?', TOOLS[offer.tool].title, what), { modal: true, severity: 'info', detail }, RUN)) === RUN;
}

interface Plan {
  /** Asked before any upload: ranges, target format, quality. */
  ask: () => Promise<Record<string, unknown> | undefined>;
  /** One or more tool calls on the uploaded document ids. */
  calls: (
    ids: string[],
    answers: Record<string, unknown>,
  ) => { label: string; run: (client: DocTranslateClient, dir: string, signal: AbortSignal, onBytes: (n: number) => void) => Promise<SavedFile> }[];
  /** What the questions and messages call the result. */
  what: string;
}

function plan(f: DocumentToolsFeature, tool: FileTool, files: vscode.Uri[], offer: Offer): Plan {
  const name = baseName(files[0]!);
  const progress = (signal: AbortSignal, onBytes: (n: number) => void) => ({
    targetDir: '',
    signal,
    ifExists: 'overwrite' as const,
    onProgress: (n: number) => onBytes(n),
  });
  switch (tool) {
    case 'mergePdfs':
      return {
        what: vscode.l10n.t('merge {0} in this order', files.map(baseName).join(', ')),
        ask: async () => ({}),
        calls: (ids) => [{ label: 'merging', run: (c, dir, signal, onBytes) => c.fileTools.mergePdfs(ids, { ...progress(signal, onBytes), targetDir: dir }) }],
      };
    case 'splitPdf':
      return {
        what: vscode.l10n.t('split {0}', name),
        ask: async () => {
          const size = (await stat(files[0]!.fsPath)).size;
          const pages = size <= MAX_COUNT_BYTES ? countPdfPages(await readFile(files[0]!.fsPath)) : undefined;
          const typed = await f.prompter.input('ranges', {
            title: vscode.l10n.t('Doc Translate: Split {0}', name),
            prompt:
              pages === undefined
                ? vscode.l10n.t('Pages and ranges to take out, each into its own PDF')
                : pages === 1
                  ? vscode.l10n.t('Pages and ranges to take out, each into its own PDF ({0} has 1 page)', name)
                  : vscode.l10n.t('Pages and ranges to take out, each into its own PDF ({0} has {1} pages)', name, pages),
            placeHolder: '1, 2-3, 5',
            validateInput: (text) => {
              const r = parseRanges(text, pages);
              return r.ok ? undefined : r.message;
            },
          });
          if (typed === undefined) return undefined;
          const parsed = parseRanges(typed, pages);
          if (!parsed.ok) {
            void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}', parsed.message));
            return undefined;
          }
          return { ranges: parsed.ranges };
        },
        calls: (ids, answers) =>
          (answers['ranges'] as string[]).map((range) => ({
            label: `pages ${range}`,
            run: (c: DocTranslateClient, dir: string, signal: AbortSignal, onBytes: (n: number) => void) =>
              c.fileTools.splitPdf(ids[0]!, [range], { ...progress(signal, onBytes), targetDir: dir }),
          })),
      };
    case 'compressPdf':
      return {
        what: vscode.l10n.t('compress {0}', name),
        ask: async () => ({}),
        calls: (ids) => [
          { label: 'compressing', run: (c, dir, signal, onBytes) => c.fileTools.compressPdf(ids[0]!, {}, { ...progress(signal, onBytes), targetDir: dir }) },
        ],
      };
    case 'convertImage':
      return {
        what: vscode.l10n.t('convert {0}', name),
        ask: async () => {
          const formats = targetFormats(offer);
          const range = qualityRange(offer);
          const own = path.extname(name).slice(1).toLowerCase();
          const picked = await f.prompter.pick(
            'targetFormat',
            formats.map((fmt) => ({
              label: fmt.toUpperCase(),
              description: fmt === own || (fmt === 'jpg' && own === 'jpeg') ? vscode.l10n.t('same format, re-encoded') : undefined,
              fmt,
            })),
            { title: vscode.l10n.t('Doc Translate: Convert {0} to', name) },
          );
          const target = picked?.fmt;
          if (target === undefined) return undefined;
          const typed = await f.prompter.input('quality', {
            title: vscode.l10n.t('Doc Translate: Quality of the {0} image', target.toUpperCase()),
            prompt:
              range !== undefined
                ? vscode.l10n.t('A whole number from {0} to {1}', range.min, range.max)
                : vscode.l10n.t('A whole number (the service decides the range)'),
            value: String(range?.default ?? 85),
            validateInput: (text) => qualityProblem(text, range),
          });
          if (typed === undefined) return undefined;
          const quality = Number(typed.trim());
          const problem = qualityProblem(String(quality), range);
          if (problem !== undefined) {
            void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}', problem));
            return undefined;
          }
          return { target_format: target, quality };
        },
        calls: (ids, answers) => [
          {
            label: 'converting',
            run: (c, dir, signal, onBytes) =>
              c.fileTools.convertImage(
                ids[0]!,
                { target_format: answers['target_format'] as string, quality: answers['quality'] as number },
                { ...progress(signal, onBytes), targetDir: dir },
              ),
          },
        ],
      };
    case 'compressImage':
      return {
        what: vscode.l10n.t('compress {0}', name),
        ask: async () => ({}),
        calls: (ids) => [
          { label: 'compressing', run: (c, dir, signal, onBytes) => c.fileTools.compressImage(ids[0]!, {}, { ...progress(signal, onBytes), targetDir: dir }) },
        ],
      };
  }
}

export async function runFileTool(f: DocumentToolsFeature, ctx: RunContext, tool: FileTool, arg: unknown, selection: unknown): Promise<FileToolResult> {
  const title = TOOLS[tool].title;
  const all = selectedFiles(arg, selection).filter((u) => u.scheme === 'file');
  const files = tool === 'mergePdfs' ? all : all.slice(0, 1);
  if (files.length === 0)
    return refuse(
      'noFile',
      tool === 'mergePdfs'
        ? vscode.l10n.t('{0} works on files: right-click two or more PDFs in the Explorer.', title)
        : vscode.l10n.t('{0} works on files: right-click a file in the Explorer.', title),
    );
  if (tool === 'mergePdfs' && files.length < 2)
    return refuse('tooFew', vscode.l10n.t('Merge PDFs needs two or more PDFs: select them in the Explorer (Ctrl or Shift), then right-click one of them.'));
  const known = f.offer(tool);
  const early = known.known ? checkOffer(known, files) : undefined;
  if (early !== undefined) return early;
  const { client, offer } = await currentOffer(f, ctx, tool, { tool: title, files: files.map(baseName).join(', '), formats: known.formats });
  const refused = checkOffer(offer, files);
  if (refused !== undefined) return refused;
  const steps = plan(f, tool, files, offer);
  const answers = await steps.ask();
  if (answers === undefined) return { done: false, reason: 'cancelled' };
  if (!(await confirmPrice(f, offer, steps.what))) return { done: false, reason: 'cancelled' };
  return await execute(f, client, tool, files, steps, answers);
}

async function execute(
  f: DocumentToolsFeature,
  client: DocTranslateClient,
  tool: FileTool,
  files: vscode.Uri[],
  steps: Plan,
  answers: Record<string, unknown>,
): Promise<FileToolResult> {
  const title = TOOLS[tool].title;
  const runId = f.store.nextRunId();
  const source = { uri: files[0]!.toString(), fileName: baseName(files[0]!), ...(files.length > 1 ? { names: files.map(baseName) } : {}) };
  await f.store.remember(runId, source);
  const started = new Date().toISOString();
  f.store.upsert({ id: runId, origin: 'local', kind: TOOLS[tool].kind, status: 'running', outcome: 'running', createdAt: started });
  let saved: SavedFile[];
  try {
    saved = await withCancellableProgress(vscode.l10n.t('Doc Translate: {0} {1}', title, source.fileName), async (signal, report: ReportProgress) => {
      const ids: string[] = [];
      for (const [i, file] of files.entries()) {
        const doc = await client.uploadFile(file.fsPath, {
          signal,
          onProgress: (sent, total) => report(((i + (total > 0 ? sent / total : 1)) / files.length) * 0.5),
        });
        ids.push(doc.id);
      }
      const calls = steps.calls(ids, answers);
      const out: SavedFile[] = [];
      for (const [i, call] of calls.entries()) {
        // The answer streams into the download cache (never the workspace) under a key of its own.
        const local = await f.downloads.get(`file-tool:${tool}:${randomUUID()}`, async (dir) => {
          const file = await call.run(client, dir, signal, () => report(0.5 + (0.5 * (i + 0.5)) / calls.length));
          out.push(file);
          return { notModified: false, path: file.path };
        });
        out[out.length - 1] = { ...out[out.length - 1]!, path: local };
        report(0.5 + (0.5 * (i + 1)) / calls.length);
      }
      return out;
    });
  } catch (err) {
    const cancelled = err instanceof Error && err.name === 'AbortError';
    f.store.upsert({
      id: runId,
      origin: 'local',
      kind: TOOLS[tool].kind,
      status: cancelled ? 'cancelled' : 'failed',
      outcome: 'failed',
      createdAt: started,
      ...(cancelled ? {} : { error: err instanceof Error ? err.message : String(err) }),
    });
    if (cancelled) return { done: false, reason: 'cancelled' };
    throw err;
  }
  const dir = vscode.Uri.joinPath(files[0]!, '..');
  const written: vscode.Uri[] = [];
  const problems: string[] = [];
  for (const result of saved) {
    const target = await freeName(dir, result.filename);
    const outcome = await f.writer.write({
      target,
      content: await readFile(result.path),
      what: vscode.l10n.t('the result of {0} ({1})', title, result.filename),
    });
    if (outcome.written) written.push(outcome.uri);
    else problems.push(outcome.message);
  }
  const outputs = written.map((u) => u.toString());
  f.store.upsert({
    id: runId,
    origin: 'local',
    kind: TOOLS[tool].kind,
    status: written.length === saved.length ? 'completed' : 'failed',
    outcome: written.length === saved.length ? 'completed' : 'failed',
    createdAt: started,
    outputs,
    ...(problems.length > 0 ? { error: problems.join(' ') } : {}),
  });
  if (problems.length > 0) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Doc Translate: {0} The result stays in the extension's download cache.", problems.join(' ')));
    if (written.length === 0) return { done: false, reason: 'notWritten', message: problems.join(' ') };
  }
  const sizes = saved.map((s) => s.bytes);
  if (written.length === 1) {
    await vscode.commands.executeCommand('vscode.open', written[0]);
    const before = tool === 'compressPdf' || tool === 'compressImage' ? (await stat(files[0]!.fsPath)).size : undefined;
    const change =
      before !== undefined ? vscode.l10n.t(' ({0} KB, was {1} KB)', Math.round((sizes[0]! / 1024) * 10) / 10, Math.round((before / 1024) * 10) / 10) : '';
    void vscode.window.setStatusBarMessage(vscode.l10n.t('Doc Translate: {0}: wrote {1}{2}', title, baseName(written[0]!), change), 5000);
  } else {
    void vscode.window.setStatusBarMessage(vscode.l10n.t('Doc Translate: {0}: wrote {1} files next to {2}', title, written.length, source.fileName), 5000);
    await vscode.commands.executeCommand('revealInExplorer', written[0]);
  }
  return { done: true, runId, outputs, bytes: sizes };
}
