// What the Localization view, the Explorer badges and the status bar show, from the engine's status
// report. Pure (no vscode import); the engine's types only.
import type { DryRunReport, ReviewSummary, StatusReport, TargetState, TargetStatus } from '../../localize/index.ts';
import * as l10n from '../../platform/l10n.ts';

/** One set-up: a workspace folder holding doc-translate.json, and its latest status. */
export interface SetupStatus {
  /** Absolute path of the folder holding doc-translate.json. */
  folder: string;
  /** The workspace folder's name (shown when several hold a set-up). */
  name: string;
  report: StatusReport | undefined;
  /** Why the status could not be computed (an invalid doc-translate.json). */
  error?: string;
  /** How much of each language and translation a person reviewed (see reviewText.ts). */
  reviewed?: ReviewSummary;
}

/** A source file with one entry per target language, sources in path order, languages in config order. */
export interface SourceEntry {
  source: string;
  targets: TargetStatus[];
}

export function groupBySource(report: StatusReport): SourceEntry[] {
  const bySource = new Map<string, TargetStatus[]>();
  for (const t of report.targets) {
    const list = bySource.get(t.source);
    if (list === undefined) bySource.set(t.source, [t]);
    else list.push(t);
  }
  return [...bySource].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([source, targets]) => ({ source, targets }));
}

/**
 * A translation that exists without a lock entry (the engine's whole-file `untracked` conflict): a
 * human's work from before the set-up, until Adopt Existing Translations records it.
 */
export function isUntracked(t: Pick<TargetStatus, 'state' | 'conflicts'>): boolean {
  return t.state === 'conflict' && t.conflicts.length > 0 && t.conflicts.every((c) => c.reason === 'untracked');
}

/** What an untracked translation is and what Adopt does, for tooltips (instead of the conflict's). */
export function untrackedExplanation(): string {
  return l10n.t(
    'This translation existed before the set-up and was never written by an update: updates leave it as it is. Adopt Existing Translations records it, aligned with its source by structure, so that only what lags behind the source is translated.',
  );
}

/** "up to date", "stale (3 segments)", "missing", "edited", "conflict", "existing translation (not adopted)". */
export function stateLabel(t: Pick<TargetStatus, 'state' | 'segments' | 'conflicts' | 'pending' | 'terms'>): string {
  if (isUntracked(t)) return l10n.t('existing translation (not adopted)');
  const pending = t.pending ?? 0;
  switch (t.state) {
    case 'up-to-date':
      return l10n.t('up to date');
    case 'terms':
      return (t.terms?.length ?? 0) > 1 ? l10n.t('terms ({0} violations)', t.terms!.length) : l10n.t('terms (1 violation)');
    case 'stale':
      if (pending > 0) return pending === 1 ? l10n.t('translation failed (1 segment pending)') : l10n.t('translation failed ({0} segments pending)', pending);
      return t.segments === 0 ? l10n.t('stale (nothing to send)') : t.segments === 1 ? l10n.t('stale (1 segment)') : l10n.t('stale ({0} segments)', t.segments);
    case 'missing':
      return l10n.t('missing');
    case 'edited':
      return l10n.t('edited');
    case 'conflict':
      return t.conflicts.length > 1 ? l10n.t('conflict ({0} paragraphs)', t.conflicts.length) : l10n.t('conflict');
  }
}

/** The word of a state, as in "stale: de, fr" ('untracked': an existing translation not adopted). */
function stateWord(state: TargetState | 'untracked'): string {
  if (state === 'untracked') return l10n.t('not adopted');
  return state === 'stale' ? l10n.t('stale') : stateLabel({ state, segments: 0, conflicts: [] });
}

const shownState = (t: Pick<TargetStatus, 'state' | 'conflicts'>): TargetState | 'untracked' => (isUntracked(t) ? 'untracked' : t.state);

/** What each state means, for tooltips. */
export function stateExplanation(state: TargetState): string {
  switch (state) {
    case 'up-to-date':
      return l10n.t('The translation matches its source as last translated.');
    case 'stale':
      return l10n.t('The source changed since the last update: Update Translations sends only the changed paragraphs.');
    case 'missing':
      return l10n.t('Not translated yet: Update Translations writes it.');
    case 'edited':
      return l10n.t('Someone edited the translation by hand and its source did not change: updates keep the edit.');
    case 'conflict':
      return l10n.t('The source changed where the translation was edited by hand: Show Conflict to keep, replace or merge.');
    case 'terms':
      return l10n.t(
        'A protected or preferred term (terms in doc-translate.json) is not as configured: Update Translations sends those paragraphs again; or fix the translation by hand (an edited paragraph is kept).',
      );
  }
}

/** Tooltip lines for term violations ("line 12: …") and pending segments; empty when none. */
export function trustDetails(t: Pick<TargetStatus, 'pending' | 'terms'>): string[] {
  const out: string[] = [];
  if ((t.pending ?? 0) > 0)
    out.push(l10n.t('{0} segment(s) kept the source text because their translation failed: Update Translations sends them again.', t.pending ?? 0));
  for (const p of t.terms ?? []) {
    const what =
      p.kind === 'keep'
        ? l10n.t('protected term "{0}" was not kept as it is', p.term)
        : p.expected !== undefined
          ? l10n.t('"{0}" is not translated as "{1}"', p.term, p.expected)
          : l10n.t('"{0}" is not translated as configured', p.term);
    out.push(p.line !== undefined ? l10n.t('line {0}: {1}', p.line, what) : what);
  }
  return out;
}

export const STATE_ICON: Record<TargetState, string> = {
  'up-to-date': 'pass',
  stale: 'sync',
  missing: 'circle-large-outline',
  edited: 'edit',
  conflict: 'warning',
  terms: 'whole-word',
};

/** States that need attention (an update or a decision). */
export function needsWork(state: TargetState): boolean {
  return state === 'stale' || state === 'missing' || state === 'conflict' || state === 'terms';
}

/** Description of a source row: "up to date", or its languages by state ("stale: de, fr; missing: es"). */
export function sourceSummary(targets: readonly TargetStatus[]): string {
  const byState = new Map<TargetState | 'untracked', string[]>();
  for (const t of targets) if (t.state !== 'up-to-date') byState.set(shownState(t), [...(byState.get(shownState(t)) ?? []), t.lang]);
  if (byState.size === 0) return l10n.t('up to date');
  return [...byState].map(([state, langs]) => l10n.t('{0}: {1}', stateWord(state), langs.join(', '))).join('; ');
}

/** Description of a file row: each language with its state, "de ✓ fr stale es missing". */
export function fileSummary(targets: readonly TargetStatus[]): string {
  return targets.map((t) => `${t.lang} ${t.state === 'up-to-date' ? '✓' : stateWord(shownState(t))}`).join(' ');
}

/** Source files grouped by their folder (relative to the set-up, '/'-separated; '' for the top), folders in path order. */
export interface FolderEntry {
  dir: string;
  entries: SourceEntry[];
}

export function groupByFolder(entries: readonly SourceEntry[]): FolderEntry[] {
  const byDir = new Map<string, SourceEntry[]>();
  for (const e of entries) {
    const cut = e.source.lastIndexOf('/');
    const dir = cut < 0 ? '' : e.source.slice(0, cut);
    byDir.set(dir, [...(byDir.get(dir) ?? []), e]);
  }
  return [...byDir].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([dir, list]) => ({ dir, entries: list }));
}

/** The entries with a translation that needs work, each with only those translations ("Show Problems Only"). */
export function problemsOnly(entries: readonly SourceEntry[]): SourceEntry[] {
  return entries.map((e) => ({ source: e.source, targets: e.targets.filter((t) => needsWork(t.state)) })).filter((e) => e.targets.length > 0);
}

/** Description of a folder row: "up to date", or its translations needing work ("2 stale, 1 missing, 1 conflict"). */
export function folderSummary(entries: readonly SourceEntry[]): string {
  const all = entries.flatMap((e) => e.targets);
  const stale = all.filter((t) => t.state === 'stale').length;
  const missing = all.filter((t) => t.state === 'missing').length;
  const untracked = all.filter(isUntracked).length;
  const conflict = all.filter((t) => t.state === 'conflict').length - untracked;
  const terms = all.filter((t) => t.state === 'terms').length;
  const parts: string[] = [];
  if (stale > 0) parts.push(l10n.t('{0} stale', stale));
  if (missing > 0) parts.push(l10n.t('{0} missing', missing));
  if (conflict > 0) parts.push(conflict === 1 ? l10n.t('1 conflict') : l10n.t('{0} conflicts', conflict));
  if (terms > 0) parts.push(l10n.t('{0} with term violations', terms));
  if (untracked > 0) parts.push(l10n.t('{0} not adopted', untracked));
  return parts.length > 0 ? parts.join(', ') : l10n.t('up to date');
}

export interface Totals {
  stale: number;
  missing: number;
  conflict: number;
  edited: number;
  upToDate: number;
  files: number;
  /** Existing translations not adopted (counted apart from `conflict`). */
  untracked?: number;
  /** Translations with a term violation. */
  terms?: number;
}

export function totals(setups: readonly SetupStatus[]): Totals {
  const t: Totals = { stale: 0, missing: 0, conflict: 0, edited: 0, upToDate: 0, files: 0 };
  for (const s of setups) {
    if (s.report === undefined) continue;
    t.stale += s.report.counts.stale;
    t.missing += s.report.counts.missing;
    const untracked = s.report.targets.filter(isUntracked).length;
    t.conflict += s.report.counts.conflict - untracked;
    t.untracked = (t.untracked ?? 0) + untracked;
    t.edited += s.report.counts.edited;
    t.terms = (t.terms ?? 0) + (s.report.counts.terms ?? 0);
    t.upToDate += s.report.counts['up-to-date'];
    t.files += s.report.files;
  }
  return t;
}

/** Status bar text: "Localization: 3 stale", "Localization: 3 stale, 1 conflict", "Localization: up to date". */
export function statusText(t: Totals): string {
  const parts: string[] = [];
  if (t.stale > 0) parts.push(l10n.t('{0} stale', t.stale));
  if (t.missing > 0) parts.push(l10n.t('{0} missing', t.missing));
  if (t.conflict > 0) parts.push(t.conflict === 1 ? l10n.t('1 conflict') : l10n.t('{0} conflicts', t.conflict));
  if ((t.untracked ?? 0) > 0) parts.push(l10n.t('{0} not adopted', t.untracked ?? 0));
  if ((t.terms ?? 0) > 0) parts.push(l10n.t('{0} with term violations', t.terms ?? 0));
  return l10n.t('Localization: {0}', parts.length > 0 ? parts.join(', ') : l10n.t('up to date'));
}

export function statusTooltip(t: Totals): string {
  return [
    t.files === 1
      ? l10n.t(
          '1 source file; translations: {0} up to date, {1} stale, {2} missing, {3} edited by hand, {4} in conflict.',
          t.upToDate,
          t.stale,
          t.missing,
          t.edited,
          t.conflict,
        )
      : l10n.t(
          '{0} source files; translations: {1} up to date, {2} stale, {3} missing, {4} edited by hand, {5} in conflict.',
          t.files,
          t.upToDate,
          t.stale,
          t.missing,
          t.edited,
          t.conflict,
        ),
    l10n.t('Computed locally from hashes (no requests). Click to show the Localization view.'),
  ].join('\n');
}

export interface Decoration {
  /** Absolute path of the translation file. */
  path: string;
  badge: string;
  tooltip: string;
  state: TargetState;
}

/** Explorer badges: on stale translations and on those in conflict (missing files have no row to decorate). */
export function decorations(setup: SetupStatus, join: (folder: string, rel: string) => string): Decoration[] {
  const out: Decoration[] = [];
  for (const t of setup.report?.targets ?? []) {
    if (t.state === 'stale') {
      const tooltip =
        t.segments === 0
          ? l10n.t('Stale translation of {0} (nothing to send)', t.source)
          : t.segments === 1
            ? l10n.t('Stale translation of {0} (1 segment to translate)', t.source)
            : l10n.t('Stale translation of {0} ({1} segments to translate)', t.source, t.segments);
      out.push({ path: join(setup.folder, t.target), badge: 'S', tooltip, state: t.state });
    } else if (t.state === 'terms') {
      out.push({
        path: join(setup.folder, t.target),
        badge: 'T',
        tooltip: [l10n.t('Term violations in the translation of {0}', t.source), ...trustDetails(t)].join('\n'),
        state: t.state,
      });
    } else if (t.state === 'conflict' && !isUntracked(t)) {
      out.push({
        path: join(setup.folder, t.target),
        badge: '!',
        tooltip: l10n.t('Translation of {0} in conflict with a hand edit', t.source),
        state: t.state,
      });
    }
  }
  return out;
}

/** The question before an update: per language files and characters, and a credit estimate labelled as one. */
export function dryRunSummary(
  plan: Pick<DryRunReport, 'languages' | 'conflicts'>,
  nameOf: (code: string) => string = (c) => c,
): { files: number; chars: number; credits: number; lines: string[] } {
  let files = 0;
  let chars = 0;
  let credits = 0;
  const lines: string[] = [];
  for (const l of plan.languages) {
    files += l.files;
    chars += l.chars;
    credits += l.estimatedCredits;
    if (l.files === 0) continue;
    const fileCount = l.files === 1 ? l10n.t('1 file') : l10n.t('{0} files', l.files);
    const segmentCount = l.segments === 1 ? l10n.t('1 segment') : l10n.t('{0} segments', l.segments);
    const filesPart = l.fileJobs > 0 ? l10n.t('{0} ({1} as file jobs)', fileCount, l.fileJobs) : fileCount;
    lines.push(
      l10n.t(
        '{0} ({1}): {2}, {3} characters in {4}, about {5} credits.',
        nameOf(l.lang),
        l.lang,
        filesPart,
        l.chars.toLocaleString('en-US'),
        segmentCount,
        formatEstimate(l.estimatedCredits),
      ),
    );
  }
  lines.push(l10n.t('Estimated cost: about {0} credits. This is an estimate only: the service decides what it charges.', formatEstimate(credits)));
  lines.push(l10n.t('Only new and changed paragraphs are sent; translations edited by hand are kept.'));
  const conflicts = plan.conflicts.length;
  if (conflicts > 0)
    lines.push(
      conflicts === 1
        ? l10n.t('1 paragraph in conflict with a hand edit will be left as it is and reported.')
        : l10n.t('{0} paragraphs in conflict with a hand edit will be left as they are and reported.', conflicts),
    );
  return { files, chars, credits, lines };
}

function formatEstimate(credits: number): string {
  return credits.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** A path relative to `folder` (both absolute, '/'- or '\\'-separated), '/'-separated; undefined when outside. */
export function relativeInside(folder: string, file: string): string | undefined {
  const f = folder.replace(/\\/g, '/').replace(/\/+$/, '');
  const p = file.replace(/\\/g, '/');
  if (p === f) return '';
  return p.startsWith(`${f}/`) ? p.slice(f.length + 1) : undefined;
}

/** The scope of an update or check from a path relative to the set-up: all, a folder, one source, or a translation (its source and language). */
export function scopeOf(report: StatusReport | undefined, rel: string): { paths?: string[]; languages?: string[] } {
  if (rel === '' || rel === '.') return {};
  const asTarget = report?.targets.find((t) => t.target === rel);
  if (asTarget !== undefined) return { paths: [asTarget.source], languages: [asTarget.lang] };
  return { paths: [rel] };
}
