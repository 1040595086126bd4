/**
 * The GitHub workflow for a documentation repository (README "Localize in CI", the editor's Copy CI
 * Workflow…): a pull-request check that needs no key (`check --format github`: annotations and a
 * job summary), and on the main branch a sharded update whose shards' translations travel as
 * patches and whose locks are combined with `merge-locks` (a missing shard's lock stops it, exit 2)
 * before one commit. The package is pinned to `version`. Dependency-free (bundled into the editor).
 */

export interface CiWorkflowOptions {
  /** The folder holding doc-translate.json, relative to the repository root, with / (`.` for the root). */
  folder: string;
  /** The source folder, relative to `folder` (doc-translate.json `source`). */
  source: string;
  sourceLanguage: string;
  targetLanguages: readonly string[];
  /** The doc-translate package version to pin. */
  version: string;
  /** Parallel update jobs on main (default 4). */
  shards?: number;
  /** The branch updated (default main). */
  branch?: string;
}

export const CI_WORKFLOW_FILE = '.github/workflows/doc-translate.yml';

const norm = (p: string): string => {
  const s = p
    .replace(/\\/g, '/')
    .replace(/^\.\/+/, '')
    .replace(/\/+$/, '');
  return s === '' ? '.' : s;
};
const under = (folder: string, rel: string): string => (folder === '.' ? norm(rel) : rel === '.' || rel === '' ? folder : `${folder}/${norm(rel)}`);
/** A YAML single-quoted scalar. */
const q = (s: string): string => `'${s.replace(/'/g, "''")}'`;
/** A path glob for everything below `p`. */
const below = (p: string): string => (p === '.' ? '**' : `${p}/**`);

export function ciWorkflow(o: CiWorkflowOptions): string {
  const folder = norm(o.folder);
  const shards = Math.max(1, Math.floor(o.shards ?? 4));
  const branch = o.branch ?? 'main';
  const pkg = `doc-translate@${o.version}`;
  const run = `npx --yes ${pkg}`;
  const at = folder === '.' ? '.' : q(folder);
  const lock = under(folder, 'doc-translate.lock');
  const config = under(folder, 'doc-translate.json');
  const source = under(folder, o.source);
  const list = Array.from({ length: shards }, (_, i) => i + 1);
  const locks = list.map((k) => `"$RUNNER_TEMP/shards/shard-${k}.lock"`).join(' ');
  return `# Translations of ${source}/ (${o.sourceLanguage}) into ${o.targetLanguages.join(', ')} with ${pkg}.
# Pull requests: checked, no key needed (annotations on stale, missing and conflicting translations).
# ${branch}: translated in ${shards} shards, combined and committed. Needs the repository variable
# DOC_TRANSLATE_BASE_URL and the secret DOC_TRANSLATE_API_KEY.
name: doc-translate
on:
  pull_request:${folder === '.' ? '' : `\n    paths: [${q(below(folder))}]`}
  push:
    branches: [${branch}]
    paths: [${q(below(source))}, ${q(config)}]
permissions:
  contents: read
concurrency:
  group: doc-translate-\${{ github.ref }}
  cancel-in-progress: false
jobs:
  check:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 22 }
      - run: ${run} check ${at} --format github
  translate:
    if: github.event_name == 'push'
    runs-on: ubuntu-latest
    strategy:
      matrix: { shard: [${list.join(', ')}] }
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 22 }
      - run: ${run} update ${at} --shard \${{ matrix.shard }}/${shards}
        env:
          DOC_TRANSLATE_BASE_URL: \${{ vars.DOC_TRANSLATE_BASE_URL }}
          DOC_TRANSLATE_API_KEY: \${{ secrets.DOC_TRANSLATE_API_KEY }}
      - name: Keep this shard's translations (a patch) and its lock
        run: |
          mkdir -p "$RUNNER_TEMP/shards"
          cp ${q(lock)} "$RUNNER_TEMP/shards/shard-\${{ matrix.shard }}.lock"
          git add -A ${at}
          git diff --cached --binary -- ${at} ${q(`:(exclude)${lock}`)} > "$RUNNER_TEMP/shards/shard-\${{ matrix.shard }}.patch"
      - uses: actions/upload-artifact@v4
        with:
          name: shard-\${{ matrix.shard }}
          path: \${{ runner.temp }}/shards/
  commit:
    needs: translate
    runs-on: ubuntu-latest
    permissions:
      contents: write
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 22 }
      - uses: actions/download-artifact@v4
        with:
          path: \${{ runner.temp }}/shards
          merge-multiple: true
      - name: Apply every shard's translations
        run: for p in "$RUNNER_TEMP"/shards/shard-*.patch; do if [ -s "$p" ]; then git apply --index "$p"; fi; done
      - run: ${run} merge-locks ${locks} --folder ${at}
      - name: Commit the translations
        run: |
          git config user.name "github-actions[bot]"
          git config user.email "41898282+github-actions[bot]@users.noreply.github.com"
          git add -A ${at}
          git diff --cached --quiet || { git commit -m "Update translations (${pkg})" && git push; }
      - run: ${run} check ${at} --format github
`;
}
