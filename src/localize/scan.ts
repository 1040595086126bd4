/**
 * Which files are sources, and the plan of every translation: read locally, hashed, no requests.
 * Translations of every target language are never sources: each layout recognises its outputs,
 * and any file that is the translation of another source is excluded as well.
 */
import { join } from 'node:path';
import { parseSource, type SourceDoc } from './blocks.ts';
import { LOCK_FILE, type LocalizeConfig } from './config.ts';
import { mapLimit, nodeFs, type LocalizeFs } from './fs.ts';
import { globToRegExp, matchesAny } from './glob.ts';
import { createLayout, type Layout } from './layouts.ts';
import { parseLock, shardOf, type Lock } from './lock.ts';
import { planFile, type FilePlan } from './plan.ts';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export interface LocalizeOptions {
  config: LocalizeConfig;
  /** Overrides of file access; the editor passes its safe writer as `writeText`. */
  fs?: Partial<LocalizeFs>;
  /** Only the sources this shard owns (split by a hash of the source path). */
  shard?: Shard;
  /** Only these source files or folders (relative to the config folder). */
  paths?: readonly string[];
  /** Only these target languages (default: all configured). */
  languages?: readonly string[];
}

export interface Scan {
  fs: LocalizeFs;
  layout: Layout;
  /** Every source of the set (for link rewriting), sorted. */
  allSources: string[];
  allSourceSet: Set<string>;
  /** The sources in scope (shard, paths), sorted. */
  sources: string[];
  languages: string[];
  lock: Lock;
  lockText: string | undefined;
  plans: FilePlan[];
  sourceText: Map<string, string>;
  targetText: Map<string, string | undefined>;
  /** Lock entries in scope whose source no longer exists. */
  orphaned: string[];
}

export function resolveFs(over?: Partial<LocalizeFs>): LocalizeFs {
  return { ...nodeFs, ...over };
}

export function parseShard(spec: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(spec.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (m === null || count < 1 || index < 1 || index > count) throw new RangeError(`--shard must be k/n with 1 <= k <= n, got ${JSON.stringify(spec)}`);
  return { index, count };
}

function inScope(path: string, opts: LocalizeOptions): boolean {
  if (opts.shard !== undefined && shardOf(path, opts.shard.count) !== opts.shard.index) return false;
  if (opts.paths !== undefined) {
    return opts.paths.some((p) => {
      const q = p.replace(/^\.\//, '').replace(/\/+$/, '');
      return q === '' || q === '.' || path === q || path.startsWith(`${q}/`);
    });
  }
  return true;
}

/** Every source file of the set, sorted; translations are never among them. */
export async function listSources(config: LocalizeConfig, fs: LocalizeFs, layout?: Layout): Promise<string[]> {
  const lay = layout ?? createLayout(config.layout, config.source, config.targetLanguages);
  const prefix = config.source === '.' ? '' : `${config.source}/`;
  const include = config.include.map(globToRegExp);
  const exclude = config.exclude.map(globToRegExp);
  const files = (await fs.listFiles(join(config.folder, config.source))).map((f) => prefix + f);
  const candidates = files.filter((f) => matchesAny(f, include) && !matchesAny(f, exclude) && !lay.isOutput(f));
  const outputs = new Set<string>();
  for (const f of candidates) for (const l of config.targetLanguages) outputs.add(lay.target(f, l));
  return candidates.filter((f) => !outputs.has(f)).sort();
}

/** Reads sources, translations and the lock, and plans every translation in scope. */
export async function scan(opts: LocalizeOptions): Promise<Scan> {
  const { config } = opts;
  const fs = resolveFs(opts.fs);
  const layout = createLayout(config.layout, config.source, config.targetLanguages);
  const languages = opts.languages === undefined ? config.targetLanguages : config.targetLanguages.filter((l) => opts.languages!.includes(l));
  const lockText = await fs.readText(join(config.folder, LOCK_FILE));
  const lock = parseLock(lockText);
  const allSources = await listSources(config, fs, layout);
  const sources = allSources.filter((s) => inScope(s, opts));
  const sourceText = new Map<string, string>();
  const targetText = new Map<string, string | undefined>();
  const perSource = await mapLimit(sources, 16, async (source) => {
    const text = (await fs.readText(join(config.folder, source))) ?? '';
    let doc: SourceDoc | undefined;
    const getDoc = (): SourceDoc => (doc ??= parseSource(text, config.frontMatterKeys));
    const plans: FilePlan[] = [];
    for (const lang of languages) {
      const target = layout.target(source, lang);
      const current = await fs.readText(join(config.folder, target));
      const plan = planFile({ source, target, lang, sourceText: text, targetText: current, entry: lock.files.get(target), frontMatterKeys: config.frontMatterKeys }, getDoc);
      if (plan.compose !== undefined) targetText.set(target, current);
      plans.push(plan);
    }
    if (plans.some((p) => p.compose !== undefined)) sourceText.set(source, text);
    return plans;
  });
  const known = new Set(allSources);
  const orphaned = [...lock.files].filter(([, e]) => !known.has(e.source) && inScope(e.source, opts) && languages.includes(e.lang)).map(([t]) => t).sort();
  return { fs, layout, allSources, allSourceSet: known, sources, languages, lock, lockText, plans: perSource.flat(), sourceText, targetText, orphaned };
}
