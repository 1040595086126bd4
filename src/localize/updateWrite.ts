/**
 * Writing one translation file of an update: composed from its plan and this run's answers, with
 * reader labels, its conflicting paragraphs recorded, written only if the file is still what the
 * plan was made from (in the source's encoding), the base copy kept, and its lock entry noted.
 */
import { join } from 'node:path';
import { EXPECT_ANY, isChangedError } from '../shared/guardedFs.ts';
import { splitBlocks } from './blocks.ts';
import type { LocalizeConfig } from './config.ts';
import { translationEncoding } from './encoding.ts';
import { shortHash } from './hash.ts';
import type { LockEntry } from './lock.ts';
import type { Conflict, FilePlan, Rewriters } from './plan.ts';
import type { Scan } from './scan.ts';
import { labelComposed } from './trust/pageLabels.ts';
import { entryProblems, type Outcome, type TermProblem } from './trust/outcome.ts';
import { termRulesFor } from './trust/termsConfig.ts';

export const BASE_DIR = '.doc-translate/base';
const CONFLICT_DIR = '.doc-translate/conflicts';

/** What writing files adds to the update's report. */
export interface WriteReport {
  conflicts: Conflict[];
  written: string[];
  pending: number;
  terms: (TermProblem & { target: string })[];
}

/** The new translations of a target's conflicting paragraphs, by source block hash (empty when none or unreadable). */
async function readConflictCache(s: Scan, target: string): Promise<Record<string, string>> {
  try {
    const text = await s.root.readText(join(CONFLICT_DIR, `${target}.json`));
    const parsed: unknown = text === undefined ? {} : JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

async function baseBlock(s: Scan, config: LocalizeConfig, target: string, hash: string): Promise<string | undefined> {
  if (hash === '' || !config.keepBase) return undefined;
  const text = await s.fs.readText(join(config.folder, BASE_DIR, target));
  if (text === undefined) return undefined;
  for (const r of splitBlocks(text)) {
    const block = text.slice(r.start, r.end);
    if (shortHash(block) === hash) return block;
  }
  return undefined;
}

/** The file changed on disk while the update was working on it: left as it is, reported. */
export function changedConflict(plan: FilePlan): Conflict {
  return {
    source: plan.source,
    target: plan.target,
    lang: plan.lang,
    block: -1,
    reason: 'changed',
    base: undefined,
    theirs: '',
    ours: undefined,
    sourceBlockHash: '',
    file: true,
  };
}

/**
 * Composes and writes one planned translation (`targetText`: the file as the plan read it). Returns
 * its lock entry, or undefined when the file changed meanwhile (reported, nothing written).
 */
export async function writeTranslation(
  s: Scan,
  config: LocalizeConfig,
  report: WriteReport,
  w: { plan: FilePlan; targetText: string | undefined; translations: ReadonlyMap<string, string>; rewriters: Rewriters; outcome: Outcome | undefined },
): Promise<LockEntry | undefined> {
  const { plan } = w;
  const bare = plan.compose!(w.translations, w.rewriters, w.outcome);
  // Reader labels (trust/): written with the page, never part of its blocks or of the base copy.
  const composed = labelComposed(config, plan.target, bare);
  // New translations of conflicting paragraphs are kept in .doc-translate/conflicts/ (not committed):
  // a conflict reported once is not sent again, and its new translation is taken from there.
  const cached = plan.conflicts.length > 0 ? await readConflictCache(s, plan.target) : {};
  let cacheChanged = false;
  for (const [ci, c] of plan.conflicts.entries()) {
    const ours = composed.ours[ci] ?? cached[c.sourceBlockHash];
    if (composed.ours[ci] !== undefined && cached[c.sourceBlockHash] !== composed.ours[ci]) {
      cached[c.sourceBlockHash] = composed.ours[ci]!;
      cacheChanged = true;
    }
    report.conflicts.push({ ...c, ours, base: await baseBlock(s, config, plan.target, plan.baseHashes[ci] ?? '') });
  }
  if (cacheChanged)
    await s.root.write(join(config.folder, CONFLICT_DIR, `${plan.target}.json`), `${JSON.stringify(cached, null, 1)}\n`, EXPECT_ANY).catch(() => undefined);
  if (composed.text !== w.targetText) {
    try {
      // Written only if the file is still what the plan was made from: an edit saved (or a file
      // created) while the batch request was in flight is never overwritten.
      // In the source's encoding: a UTF-16 source gets a UTF-16 translation (encoding.ts).
      const encoding = await translationEncoding(s.fs.readBytes, join(config.folder, plan.source), composed.text);
      await s.fs.writeText(join(config.folder, plan.target), composed.text, { kind: 'asRead', content: w.targetText }, encoding);
    } catch (err) {
      if (!isChangedError(err)) throw err;
      report.conflicts.push(changedConflict(plan));
      return undefined;
    }
    report.written.push(plan.target);
    if (config.keepBase) await s.root.write(join(config.folder, BASE_DIR, plan.target), bare.text, EXPECT_ANY).catch(() => undefined);
  }
  report.pending += composed.entry.pending?.length ?? 0;
  report.terms.push(...entryProblems(composed.entry, composed.text, termRulesFor(config.terms, plan.lang)).map((t) => ({ ...t, target: plan.target })));
  return composed.entry;
}
