/**
 * Marking translations reviewed (the CLI's `review`, the editor's Mark Reviewed): records who
 * reviewed which paragraphs and when in the lock entry (provenance.ts), and updates the page's
 * labels (a page whose every translated paragraph is reviewed loses `machine_translated`). Nothing
 * is sent. Only a translation that is up to date with its source can be reviewed: a stale one is
 * updated first, so that a review never lands on text about to be replaced.
 */
import { join } from 'node:path';
import type { LocalizeConfig } from '../config.ts';
import { LOCK_FILE } from '../config.ts';
import { translationEncoding } from '../encoding.ts';
import { splitBlocks } from '../blocks.ts';
import type { LocalizeFs } from '../fs.ts';
import { fileHash } from '../hash.ts';
import { parseLock, type Lock, type LockEntry } from '../lock.ts';
import { acquireRunLock, commitLock, type RunHolder } from '../lockFile.ts';
import { hasConflictMarkers } from '../conflictMarkers.ts';
import { resolveFs } from '../scan.ts';
import { stripLabels } from './labels.ts';
import { labelKeysToStrip, labelled, wantedLabels } from './pageLabels.ts';
import { cleanName, encodeReviews, parseReviews, provenance, reviewTime, type Review } from './provenance.ts';

export interface ReviewOptions {
  config: LocalizeConfig;
  /** Translation files, their source files, or folders holding either (relative to the config folder). */
  paths: readonly string[];
  /** Only the translations into these languages. */
  languages?: readonly string[];
  /** Who reviewed (recorded as given, on one line). */
  by: string;
  /** When (default now), ISO 8601. */
  at?: string;
  /** Only the paragraphs these lines cover (0-based, inclusive), in the one translation file `paths` names. */
  lines?: { start: number; end: number };
  fs?: Partial<LocalizeFs>;
  tool?: string;
  signal?: AbortSignal;
  onWait?: (holder: RunHolder) => void;
}

export interface ReviewedFile {
  target: string;
  lang: string;
  /** Translated segments of the file, and how many are reviewed now. */
  segments: number;
  reviewed: number;
  /** Segments this call marked (not reviewed before). */
  marked: number;
}

export interface ReviewReport {
  files: ReviewedFile[];
  /** What could not be reviewed, and why (one short sentence each). */
  refused: { path: string; reason: string }[];
}

export class ReviewError extends Error {
  override name = 'ReviewError';
}

const norm = (p: string): string =>
  p
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');

/** The translations `paths` name (a translation, a source, or a folder of either), each once. */
export function reviewTargets(lock: Lock, paths: readonly string[], languages?: readonly string[]): { targets: string[]; refused: ReviewReport['refused'] } {
  const targets = new Set<string>();
  const refused: ReviewReport['refused'] = [];
  const langOk = (e: LockEntry): boolean => languages === undefined || languages.includes(e.lang);
  const text = (e: LockEntry): boolean => e.blocks.length > 0;
  for (const given of paths) {
    const p = norm(given);
    const entry = lock.files.get(p);
    if (entry !== undefined) {
      if (!langOk(entry)) refused.push({ path: given, reason: `a ${entry.lang} translation, not ${languages!.join(', ')}` });
      else if (!text(entry)) refused.push({ path: given, reason: 'not a text translation (a file job): nothing to review paragraph by paragraph' });
      else targets.add(p);
      continue;
    }
    const all = p === '' || p === '.';
    const found = [...lock.files].filter(([t, e]) => text(e) && langOk(e) && (e.source === p || all || t.startsWith(`${p}/`) || e.source.startsWith(`${p}/`)));
    if (found.length === 0)
      refused.push({
        path: given,
        reason: `not a translation in ${LOCK_FILE}, nor the source or folder of one${languages ? ` (${languages.join(', ')})` : ''}`,
      });
    for (const [t] of found) targets.add(t);
  }
  return { targets: [...targets].sort(), refused };
}

/** 0-based line of each offset's start. */
function lineAt(text: string, offset: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * Marks the translations reviewed (all their translated paragraphs, or those `lines` covers),
 * rewrites their labels and records it in the lock. Holds the folder's update lock meanwhile.
 */
export async function review(opts: ReviewOptions): Promise<ReviewReport> {
  const by = cleanName(opts.by);
  if (by === '') throw new ReviewError('who reviewed is not known: set git config user.name or give the name');
  const who: Review = { by, at: opts.at ?? reviewTime() };
  const { config } = opts;
  const fs = resolveFs(config.folder, opts.fs);
  const held = await acquireRunLock(fs.root, {
    tool: opts.tool ?? 'review',
    signal: opts.signal,
    onWait: opts.onWait,
  });
  try {
    const lockText = await fs.readText(join(config.folder, LOCK_FILE));
    const lock = parseLock(lockText);
    const { targets, refused } = reviewTargets(lock, opts.paths, opts.languages);
    if (opts.lines !== undefined && targets.length > 1) throw new ReviewError('a selection is reviewed in one translation file only');
    const readBytes = opts.fs?.readText !== undefined && opts.fs.readBytes === undefined ? undefined : fs.readBytes;
    const hashOf = async (path: string, text: string): Promise<string> => {
      const bytes = readBytes !== undefined ? await readBytes(path) : undefined;
      return fileHash(bytes ?? text);
    };
    const files: ReviewedFile[] = [];
    const changes = new Map<string, { before: LockEntry; after: LockEntry }>();
    for (const target of targets) {
      const entry = lock.files.get(target)!;
      const abs = join(config.folder, target);
      const refuse = (reason: string): void => void refused.push({ path: target, reason });
      const raw = await fs.readText(abs);
      if (raw === undefined) {
        refuse('does not exist: run an update first');
        continue;
      }
      const rawHash = await hashOf(abs, raw);
      if (hasConflictMarkers(raw)) {
        refuse('holds conflict markers: remove them first');
        continue;
      }
      if (entry.sourceHash === null) {
        refuse('has paragraphs in conflict with their source: resolve them first');
        continue;
      }
      const sourcePath = join(config.folder, entry.source);
      const sourceText = await fs.readText(sourcePath);
      if (sourceText === undefined || (await hashOf(sourcePath, sourceText)) !== entry.sourceHash) {
        refuse('its source changed since it was translated: update it first');
        continue;
      }
      const content = stripLabels(raw, labelKeysToStrip(config));
      const blocks = provenance(entry, content);
      if (blocks === undefined) {
        refuse('paragraphs were added or removed by hand since it was written; nothing to align a review with');
        continue;
      }
      let selected = blocks;
      if (opts.lines !== undefined) {
        // The selection is in the file as it stands: a front matter holding only labels is one block more there.
        const rawRanges = splitBlocks(raw);
        const shift = rawRanges.length - blocks.length;
        const { start, end } = opts.lines;
        const picked = new Set<number>();
        rawRanges.forEach((r, k) => {
          if (k - shift >= 0 && lineAt(raw, r.start) <= end && lineAt(raw, r.end) >= start) picked.add(k - shift);
        });
        selected = blocks.filter((b) => picked.has(b.index));
      }
      const reviews = parseReviews(entry);
      const current = new Map<string, Review>();
      for (const b of blocks) {
        const r = reviews.get(b.hash);
        if (r !== undefined && b.kind !== undefined) current.set(b.hash, r);
      }
      let marked = 0;
      for (const b of selected) {
        if (b.kind === undefined) continue;
        if (b.kind !== 'reviewed') marked += b.segments;
        current.set(b.hash, who);
      }
      const reviewed = encodeReviews(current);
      const { reviewed: _old, ...rest } = entry;
      const after: LockEntry = { ...rest, reviewed };
      const text = labelled(config, target, content, wantedLabels(after, content, false));
      if (text !== raw) {
        const encoding = await translationEncoding(fs.readBytes, sourcePath, text);
        await fs.writeText(abs, text, { kind: 'asRead', content: raw }, encoding);
        // A page as the tool wrote it stays "as written"; one a person edited stays edited.
        if (rawHash === entry.output) after.output = fileHash(text);
      }
      const segments = blocks.reduce((a, b) => a + (b.kind !== undefined ? b.segments : 0), 0);
      const nowReviewed = blocks.reduce((a, b) => a + (b.kind !== undefined && current.has(b.hash) ? b.segments : 0), 0);
      files.push({ target, lang: entry.lang, segments, reviewed: nowReviewed, marked });
      changes.set(target, { before: entry, after });
    }
    if (changes.size > 0) {
      await commitLock(fs, config.folder, lockText, (l) => {
        for (const [target, { before, after }] of changes) {
          const now = l.files.get(target);
          // Recorded only over the entry the review was made on.
          if (now !== undefined && now.blocks.join('\n') === before.blocks.join('\n')) l.files.set(target, after);
        }
      });
    }
    return { files, refused };
  } finally {
    await held.release();
  }
}
