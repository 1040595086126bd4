/**
 * The labels pass (the CLI's `labels`): brings every translation's reader labels in line with its
 * state without sending anything: `machine_translated` while a translated paragraph is not
 * reviewed, `translation_outdated` while its source changed since it was translated (or a
 * paragraph is in conflict). Run after turning labels on, off or renaming them, and after source
 * changes that are not translated yet (e.g. in CI). Also the per-language share of reviewed
 * segments that `status` shows.
 */
import { join } from 'node:path';
import { LOCK_FILE } from '../config.ts';
import { translationEncoding } from '../encoding.ts';
import { fileHash } from '../hash.ts';
import { parseLock, shardOf, type Lock, type LockEntry } from '../lock.ts';
import { acquireRunLock, commitLock, type RunHolder } from '../lockFile.ts';
import { hasConflictMarkers } from '../conflictMarkers.ts';
import { resolveFs, scan, type LocalizeOptions } from '../scan.ts';
import { stripLabels } from './labels.ts';
import { labelKeysToStrip, labelled, wantedLabels } from './pageLabels.ts';
import { reviewCount, type ReviewCount } from './provenance.ts';

export interface RelabelOptions extends LocalizeOptions {
  tool?: string;
  signal?: AbortSignal;
  onWait?: (holder: RunHolder) => void;
}

export interface RelabelReport {
  /** Translations looked at (those the tool wrote that exist). */
  checked: number;
  /** Translations whose labels were written (relative paths). */
  labelled: string[];
}

/** Writes the labels every translation in scope should carry; sends nothing. Holds the folder's update lock. */
export async function relabel(opts: RelabelOptions): Promise<RelabelReport> {
  const { config } = opts;
  const fs = resolveFs(config.folder, opts.fs);
  const held = await acquireRunLock(fs.root, {
    tool: opts.tool ?? 'labels',
    signal: opts.signal,
    onWait: opts.onWait,
  });
  try {
    const s = await scan(opts);
    const keys = labelKeysToStrip(config);
    const changes = new Map<string, { before: LockEntry; after: LockEntry }>();
    const report: RelabelReport = { checked: 0, labelled: [] };
    for (const plan of s.plans) {
      const entry = s.lock.files.get(plan.target);
      if (entry === undefined || plan.fileJob !== undefined || entry.blocks.length === 0 || plan.state === 'missing') continue;
      const abs = join(config.folder, plan.target);
      const raw = await fs.readText(abs);
      if (raw === undefined || hasConflictMarkers(raw)) continue;
      report.checked++;
      const content = stripLabels(raw, keys);
      const sourceChanged = plan.state === 'stale' || plan.state === 'conflict';
      const text = labelled(config, plan.target, content, wantedLabels(entry, content, sourceChanged));
      if (text === raw) continue;
      const rawHash = fileHash((await fs.readBytes?.(abs)) ?? raw);
      const encoding = await translationEncoding(fs.readBytes, join(config.folder, entry.source), text);
      await fs.writeText(abs, text, { kind: 'asRead', content: raw }, encoding);
      report.labelled.push(plan.target);
      // A page as the tool wrote it stays "as written"; one a person edited stays edited.
      if (rawHash === entry.output) changes.set(plan.target, { before: entry, after: { ...entry, output: fileHash(text) } });
    }
    if (changes.size > 0) {
      await commitLock(fs, config.folder, s.lockText, (l) => {
        for (const [target, { before, after }] of changes) {
          const now = l.files.get(target);
          if (now !== undefined && now.output === before.output && now.blocks.join('\n') === before.blocks.join('\n'))
            l.files.set(target, { ...now, output: after.output });
        }
      });
    }
    return report;
  } finally {
    await held.release();
  }
}

export interface ReviewShare {
  lang: string;
  /** Translated segments recorded in the lock, and how many of them are reviewed. */
  segments: number;
  reviewed: number;
}

const inScope = (source: string, opts: LocalizeOptions): boolean =>
  (opts.paths === undefined || opts.paths.some((p) => p === '.' || p === '' || source === p || source.startsWith(`${p.replace(/\/+$/, '')}/`))) &&
  (opts.shard === undefined || shardOf(source, opts.shard.count) === opts.shard.index);

export interface ReviewSummary {
  languages: ReviewShare[];
  /** Per translation (relative path) with translated segments: how many there are and how many are reviewed. */
  targets: Record<string, ReviewCount>;
}

/** The lock last parsed for a summary, by its text: a refresh with the lock unchanged does not parse it again. */
let lastLock: { file: string; text: string | undefined; lock: Lock } | undefined;

/** Counts made from a translation's text, by target: valid while its entry and its file are the same. */
const counted = new Map<string, { key: string; count: ReviewCount }>();

/**
 * Per language and per translation, the translated segments and how many are reviewed. Reads only
 * the translations that have reviews, and of those in `asWritten` (a status found their file as the
 * entry records it, by hash) only the ones not counted before with the same entry.
 */
export async function reviewSummary(opts: LocalizeOptions, asWritten?: ReadonlySet<string>): Promise<ReviewSummary> {
  const { config } = opts;
  const fs = resolveFs(config.folder, opts.fs);
  const file = join(config.folder, LOCK_FILE);
  const text = await fs.readText(file);
  const lock = lastLock !== undefined && lastLock.file === file && lastLock.text === text ? lastLock.lock : parseLock(text);
  lastLock = { file, text, lock };
  const languages = opts.languages ?? config.targetLanguages;
  const shares = new Map(languages.map((lang) => [lang, { lang, segments: 0, reviewed: 0 }]));
  const targets: Record<string, ReviewCount> = {};
  const keys = labelKeysToStrip(config);
  for (const [target, entry] of lock.files) {
    const share = shares.get(entry.lang);
    if (share === undefined || !inScope(entry.source, opts)) continue;
    let c: ReviewCount;
    if (entry.reviewed === undefined) c = reviewCount(entry, undefined);
    else {
      const key = `${config.folder}\n${entry.output}\n${entry.blocks.length}\n${entry.reviewed.join('\n')}`;
      const known = asWritten?.has(target) === true ? counted.get(target) : undefined;
      if (known !== undefined && known.key === key) c = known.count;
      else {
        const raw = await fs.readText(join(config.folder, target));
        c = reviewCount(entry, raw === undefined ? undefined : stripLabels(raw, keys));
        // Kept only for a file as its entry records it: the same key then means the same text.
        if (asWritten?.has(target) === true) counted.set(target, { key, count: c });
      }
    }
    share.segments += c.segments;
    share.reviewed += c.reviewed;
    if (c.segments > 0) targets[target] = c;
  }
  return { languages: [...shares.values()], targets };
}

/** Per language, the share of translated segments reviewed. */
export async function reviewShares(opts: LocalizeOptions, asWritten?: ReadonlySet<string>): Promise<ReviewShare[]> {
  return (await reviewSummary(opts, asWritten)).languages;
}
