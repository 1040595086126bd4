/**
 * `adopt`: records the translations that already exist (written by people, before this tool) in the
 * lock, so they are kept and only what lags is sent. For every translation of a configured language
 * that exists without a lock entry (an `untracked` conflict otherwise), its blocks are aligned with
 * its source's blocks by structure:
 *
 * - Each block gets a kind: front matter, a heading of level n, fenced code (by its info string),
 *   an MDX import/export (by its exact text), a list, a table, a quote, an admonition, HTML, a
 *   paragraph. Translations keep the structure of their source, so these are the anchors.
 * - Same number of blocks and the same kinds in the same order: block i is the translation of
 *   source block i, and the file is up to date (its content cannot be compared across languages:
 *   the structure is the evidence, and the human text is kept as it stands).
 * - Otherwise the kinds are aligned (longest common subsequence). Aligned blocks are recorded
 *   with their source block's hash and the hash of the human text (`out`), so they count as clean
 *   translations. Between two aligned blocks, a section written differently pairs up in order;
 *   extra human blocks are recorded as KEPT_BLOCK (never paired, never rewritten, kept in place by
 *   every update) and extra source blocks as `covered` (the human text is their translation). A
 *   section with no human text at all is what lags: the file is stale (not a conflict), and an
 *   update translates those blocks and inserts them, changing nothing the human wrote. When nothing
 *   lags, the file is recorded as up to date.
 * - A file where an update would drop human text (more unaligned translation blocks than source
 *   blocks between two anchors) is not adopted: it stays an `untracked` conflict, with the reason.
 *
 * Takes the folder's update lock like an update; the lock is written through commitLock (entries
 * another run wrote meanwhile win). Non-Markdown translations (file jobs) are not adopted.
 */
import { join } from 'node:path';
import { isMdxSource, parseSource, splitBlocks } from './blocks.ts';
import { fileHash, shortHash } from './hash.ts';
import { encodeBlock, type LockEntry } from './lock.ts';
import { acquireRunLock, commitLock, type RunHolder } from './lockFile.ts';
import { lcsPairs } from './lcs.ts';
import { KEPT_BLOCK, planFile } from './plan.ts';
import { resolveFs, scan, type LocalizeOptions } from './scan.ts';

export interface AdoptOptions extends LocalizeOptions {
  signal?: AbortSignal;
  tool?: string;
  onWait?: (holder: RunHolder) => void;
}

export interface AdoptedFile {
  source: string;
  target: string;
  lang: string;
  /** Blocks of the translation, and how many of them align with a source block. */
  blocks: number;
  aligned: number;
  /** Every block aligned: recorded as up to date. */
  current: boolean;
}

export interface AdoptReport {
  adopted: AdoptedFile[];
  /** Translations left untracked, with the reason. */
  skipped: { target: string; reason: string }[];
  /** Translations that already had a lock entry. */
  tracked: number;
}

/** The structural kind of a block (see the file comment). */
export function blockKind(text: string, first: boolean): string {
  if (first && /^(?:---|\+\+\+)[ \t]*\r?\n/.test(text)) return 'front-matter';
  const line = /^[^\r\n]*/.exec(text)![0];
  const fence = /^[ \t]*(?:`{3,}|~{3,})[ \t]*([^\s`{]*)/.exec(line);
  if (fence !== null) return `code:${fence[1]}`;
  const heading = /^[ \t]{0,3}(#{1,6})(?:[ \t]|$)/.exec(line);
  if (heading !== null) return `h${heading[1]!.length}`;
  if (/^(?:import|export)[ \t]/.test(line)) return `mdx:${shortHash(text)}`;
  if (/^[ \t]*(?:[-*+]|\d+[.)])[ \t]/.test(line)) return 'list';
  if (/^[ \t]*\|/.test(line)) return 'table';
  if (/^[ \t]*>/.test(line)) return 'quote';
  const admonition = /^[ \t]*:::+[ \t]*([\w-]*)/.exec(line);
  if (admonition !== null) return `admonition:${admonition[1]}`;
  const html = /^[ \t]*<\/?([A-Za-z][\w.-]*)/.exec(line);
  if (html !== null) return `html:${html[1]}`;
  return 'p';
}

export type Alignment = { ok: true; entry: LockEntry; blocks: number; aligned: number; current: boolean } | { ok: false; reason: string };

/**
 * The lock entry recording `targetText` (a human translation of `sourceText`) as it stands,
 * aligned by structure. `sourceHash` and `outputHash` are the hashes of the files' bytes.
 */
export function alignTranslation(p: {
  source: string;
  target: string;
  lang: string;
  sourceText: string;
  targetText: string;
  frontMatterKeys: readonly string[];
  sourceHash: string;
  outputHash: string;
  layout?: unknown;
}): Alignment {
  const doc = parseSource(p.sourceText, p.frontMatterKeys, isMdxSource(p.source, p.layout));
  const ranges = splitBlocks(p.targetText);
  const texts = ranges.map((r) => p.targetText.slice(r.start, r.end));
  const srcKinds = doc.blocks.map((b, i) => blockKind(b.text, i === 0 && b.start === 0));
  const tgtKinds = texts.map((t, i) => blockKind(t, i === 0 && ranges[0]!.start === 0));
  const pairs = lcsPairs(srcKinds, tgtKinds);
  const sourceOf = new Map(pairs.map(([i, j]) => [j, i]));
  const current = pairs.length === doc.blocks.length && pairs.length === texts.length;
  // Between two aligned blocks, a section the human wrote differently: its blocks pair up in order
  // (the human's text is that section's translation); extra human blocks are kept as they are;
  // source blocks beyond the human's count are covered by it. Only a section with no human text at
  // all lags (its translation is inserted by an update).
  const coveredHashes: string[] = [];
  let si = 0;
  let tj = 0;
  for (const [ai, aj] of [...pairs, [doc.blocks.length, texts.length] as [number, number]]) {
    const gapSource = ai - si;
    const gapHuman = aj - tj;
    for (let k = 0; k < Math.min(gapSource, gapHuman); k++) sourceOf.set(tj + k, si + k);
    if (gapHuman > 0) for (let k = gapHuman; k < gapSource; k++) coveredHashes.push(doc.blocks[si + k]!.hash);
    si = ai + 1;
    tj = aj + 1;
  }
  const blocks = texts.map((t, j) => {
    const i = sourceOf.get(j);
    return i === undefined
      ? encodeBlock({ hash: KEPT_BLOCK, out: KEPT_BLOCK, segments: [] })
      : encodeBlock({ hash: doc.blocks[i]!.hash, out: shortHash(t), segments: [] });
  });
  let entry: LockEntry = {
    source: p.source,
    lang: p.lang,
    sourceHash: current ? p.sourceHash : null,
    output: p.outputHash,
    blocks,
    // Kept: an empty list is left out of the entry (a value rule, not an undefined one).
    ...(coveredHashes.length > 0 ? { covered: coveredHashes } : {}),
  };
  if (!current) {
    // What an update would write from this entry must still hold every block of the human text.
    const plan = planFile(
      { source: p.source, target: p.target, lang: p.lang, sourceText: p.sourceText, targetText: p.targetText, entry, frontMatterKeys: p.frontMatterKeys },
      () => doc,
    );
    if (plan.compose === undefined) return { ok: false, reason: `its blocks could not be aligned with the source (${plan.state})` };
    const result = plan.compose(new Map(), { keep: (_start, t) => t, fresh: (t) => t });
    const composed = result.text;
    const lost = texts.filter((t) => !composed.includes(t)).length;
    if (lost > 0) {
      return {
        ok: false,
        reason: `only ${pairs.length} of its ${texts.length} blocks align with the ${doc.blocks.length} blocks of the source, and an update would drop ${lost} of them; left untracked (resolve it with 'keep', or restructure it like its source)`,
      };
    }
    // Every source block has its translation and the human text only has more: up to date as it stands.
    if (plan.needed.length === 0 && plan.conflicts.length === 0 && composed === p.targetText) entry = result.entry;
  }
  return { ok: true, entry, blocks: texts.length, aligned: pairs.length, current };
}

/** Records every existing, untracked translation of the configured languages in the lock (see above). */
export async function adopt(opts: AdoptOptions): Promise<AdoptReport> {
  const { config } = opts;
  const root = resolveFs(config.folder, opts.fs).root;
  const held = await acquireRunLock(root, {
    tool: opts.tool ?? 'cli',
    signal: opts.signal,
    onWait: opts.onWait,
  });
  try {
    const s = await scan(opts);
    const report: AdoptReport = { adopted: [], skipped: [], tracked: 0 };
    const changes = new Map<string, LockEntry>();
    const bytesOf = async (rel: string): Promise<Buffer | undefined> => {
      const abs = join(config.folder, rel);
      if (s.fs.readBytes !== undefined && opts.fs?.readText === undefined) return s.fs.readBytes(abs);
      const text = await s.fs.readText(abs);
      return text === undefined ? undefined : Buffer.from(text, 'utf8');
    };
    for (const plan of s.plans) {
      if (s.lock.files.has(plan.target)) {
        report.tracked++;
        continue;
      }
      if (!plan.conflicts.some((c) => c.reason === 'untracked')) continue;
      if (plan.fileJob !== undefined) {
        report.skipped.push({ target: plan.target, reason: "not Markdown (a file job): resolve it with 'keep' to record it" });
        continue;
      }
      const [src, tgt] = await Promise.all([bytesOf(plan.source), bytesOf(plan.target)]);
      if (src === undefined || tgt === undefined) continue;
      const a = alignTranslation({
        source: plan.source,
        target: plan.target,
        lang: plan.lang,
        sourceText: src.toString('utf8'),
        targetText: tgt.toString('utf8'),
        frontMatterKeys: config.frontMatterKeys,
        sourceHash: fileHash(src),
        outputHash: fileHash(tgt),
        layout: config.layout,
      });
      if (!a.ok) {
        report.skipped.push({ target: plan.target, reason: a.reason });
        continue;
      }
      changes.set(plan.target, a.entry);
      report.adopted.push({ source: plan.source, target: plan.target, lang: plan.lang, blocks: a.blocks, aligned: a.aligned, current: a.current });
    }
    if (changes.size > 0) {
      await commitLock(s.fs, config.folder, s.lockText, (lock) => {
        for (const [target, entry] of changes) if (!lock.files.has(target)) lock.files.set(target, entry);
      });
    }
    return report;
  } finally {
    await held.release();
  }
}
