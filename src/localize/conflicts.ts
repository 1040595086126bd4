/**
 * Conflicts: a source block changed while its translation had been edited by a human. The update
 * leaves the human's text in place and reports three versions; `resolveConflict` applies the
 * user's choice: keep theirs, replace with ours, or a three-way merge (node-diff3, word by word)
 * or any text the user wrote.
 */
import { merge } from 'node-diff3';
import { join } from 'node:path';
import { isMdxSource, parseSource, splitBlocks } from './blocks.ts';
import { LOCK_FILE, type LocalizeConfig } from './config.ts';
import type { LocalizeFs } from './fs.ts';
import { EXPECT_ANY, type GuardedRoot } from '../shared/guardedFs.ts';
import { commitLock } from './lockFile.ts';
import { hashFile } from './filejobs.ts';
import { fileHash, shortHash } from './hash.ts';
import { decodeBlock, encodeBlock, parseLock } from './lock.ts';
import type { Conflict } from './plan.ts';
import { resolveFs } from './scan.ts';
import { BASE_DIR } from './update.ts';
import { stripLabels } from './trust/labels.ts';
import { labelComposed, labelKeysToStrip } from './trust/pageLabels.ts';
import { keptReviews } from './trust/provenance.ts';

const tokens = (text: string): string[] => text.split(/(\s+)/).filter((t) => t !== '');

/** Three-way merge of a conflict: theirs and ours against the base. `clean` is false when both changed the same words. */
export function mergeConflict(c: Pick<Conflict, 'base' | 'theirs' | 'ours'>): { text: string; clean: boolean } | undefined {
  if (c.base === undefined || c.ours === undefined) return undefined;
  const r = merge(tokens(c.theirs), tokens(c.base), tokens(c.ours), { excludeFalseConflicts: true });
  return { text: r.result.join(''), clean: !r.conflict };
}

export type Resolution = 'keep' | 'replace' | 'merge' | { text: string };

export class ResolveError extends Error {
  override name = 'ResolveError';
}

/**
 * Writes the chosen text for one conflicting block and records it in the lock as the translation of
 * the new source block. Takes a conflict from `update` (whose `ours` is filled in and whose block
 * index is that of the file as the update wrote it); one from `planStatus` is refused. A whole-file conflict (untracked or restructured) takes 'keep' (adopt the
 * file as it stands), 'replace' or a text.
 */
export async function resolveConflict(config: LocalizeConfig, conflict: Conflict, resolution: Resolution, fsOver?: Partial<LocalizeFs>): Promise<string> {
  const fs = resolveFs(config.folder, fsOver);
  const targetPath = join(config.folder, conflict.target);
  if (conflict.file) return adoptFile(config, conflict, resolution, fs, fs.root);
  const raw = await fs.readText(targetPath);
  if (raw === undefined) throw new ResolveError(`${conflict.target} no longer exists`);
  // Blocks are counted without the reader labels (as the update counted them); they are put back below.
  const current = stripLabels(raw, labelKeysToStrip(config));
  let chosen: string;
  if (typeof resolution === 'object') chosen = resolution.text;
  else if (resolution === 'keep') chosen = conflict.theirs;
  else if (resolution === 'replace') {
    if (conflict.ours === undefined) throw new ResolveError('no new translation to replace with: run an update first');
    chosen = conflict.ours;
  } else {
    const m = mergeConflict(conflict);
    if (m === undefined) throw new ResolveError('no base version to merge with (the last written translation was not kept)');
    chosen = m.text;
  }
  const sourceText = (await fs.readText(join(config.folder, conflict.source))) ?? '';
  const doc = parseSource(sourceText, config.frontMatterKeys, isMdxSource(conflict.source, config.layout));
  const lockText = await fs.readText(join(config.folder, LOCK_FILE));
  const lock = parseLock(lockText);
  let text: string;
  let blocks: string[];
  if (conflict.block < 0) {
    text = chosen;
    const ranges = splitBlocks(text);
    blocks = ranges.map((r, i) => encodeBlock({ hash: doc.blocks[i]?.hash ?? '', out: shortHash(text.slice(r.start, r.end)), segments: [] }));
  } else {
    const entry = lock.files.get(conflict.target);
    const ranges = splitBlocks(current);
    const r = ranges[conflict.block];
    if (
      entry === undefined ||
      r === undefined ||
      ranges.length !== entry.blocks.length ||
      current.slice(r.start, r.end) !== conflict.theirs ||
      conflict.ours === undefined
    ) {
      throw new ResolveError(`${conflict.target} changed since the conflict was found, or no update has run since: run an update again`);
    }
    if (/\n[ \t]*\r?\n/.test(chosen.trim())) throw new ResolveError('the resolved text must not contain blank lines (it replaces one block)');
    chosen = chosen.trim();
    text = current.slice(0, r.start) + chosen + current.slice(r.end);
    blocks = [...entry.blocks];
    blocks[conflict.block] = encodeBlock({ hash: conflict.sourceBlockHash, out: shortHash(chosen), segments: [] });
  }
  const settled = blocks.length === doc.blocks.length && blocks.every((line, i) => decodeBlock(line).hash === doc.blocks[i]!.hash);
  const before = lock.files.get(conflict.target);
  const reviewed =
    conflict.block < 0
      ? undefined
      : keptReviews(
          before,
          splitBlocks(text).map((r) => shortHash(text.slice(r.start, r.end))),
        );
  const bare = {
    source: conflict.source,
    lang: conflict.lang,
    sourceHash: settled ? fileHash(sourceText) : null,
    output: fileHash(text),
    blocks,
    reviewed,
  };
  const { text: written, entry } = labelComposed(config, conflict.target, { text, entry: bare });
  // Only over the text the choice was made on: an edit saved meanwhile is never overwritten.
  await fs.writeText(targetPath, written, { kind: 'content', content: raw });
  if (config.keepBase) await fs.root.write(join(config.folder, BASE_DIR, conflict.target), text, EXPECT_ANY).catch(() => undefined);
  await commitLock(fs, config.folder, lockText, (l) => void l.files.set(conflict.target, entry));
  return written;
}

/** A file job's result can only be kept as it stands (adopted); replacing it means deleting it and updating. */
async function adoptFile(config: LocalizeConfig, conflict: Conflict, resolution: Resolution, fs: LocalizeFs, root: GuardedRoot): Promise<string> {
  if (resolution !== 'keep') throw new ResolveError(`${conflict.target} is not text: keep it, or delete it and update to translate it again`);
  const output = await hashFile(await root.check(join(config.folder, conflict.target)));
  if (output === undefined) throw new ResolveError(`${conflict.target} no longer exists`);
  const entry = {
    source: conflict.source,
    lang: conflict.lang,
    sourceHash: (await hashFile(await root.check(join(config.folder, conflict.source)))) ?? '',
    output,
    blocks: [],
  };
  await commitLock(fs, config.folder, await fs.readText(join(config.folder, LOCK_FILE)), (l) => void l.files.set(conflict.target, entry));
  return '';
}
