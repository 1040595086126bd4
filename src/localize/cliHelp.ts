/**
 * The command line's version and help texts. Dependency-free: `--version` and `--help` are answered
 * from here before the engine is loaded (main.ts), so they start as fast as Node does.
 */

declare const __DOC_TRANSLATE_VERSION__: string | undefined;

/** The package's version, set by the build (esbuild.mjs `define`); `0.0.0-dev` when run from the sources. */
export const VERSION: string = typeof __DOC_TRANSLATE_VERSION__ === 'string' ? __DOC_TRANSLATE_VERSION__ : '0.0.0-dev';

export const PROGRAM = 'doc-translate';

export const COMMANDS = ['update', 'check', 'status', 'init', 'adopt', 'merge-locks', 'review', 'labels'] as const;
export type CommandName = (typeof COMMANDS)[number];

const ENVIRONMENT = `Environment (update only):
  DOC_TRANSLATE_BASE_URL   the service address, ending in /api/v1
  DOC_TRANSLATE_API_KEY    the API key`;

const EXIT = `Exit codes: 0 done or up to date, 1 check found stale, missing or conflicting
translations, 2 an error (one line on stderr), 3 update stopped at --max-credits with work left
(what was written is recorded; run again to continue).`;

export const MAIN_HELP = `Usage: ${PROGRAM} <command> [folder] [options]

Localizes the documentation folder that holds doc-translate.json (folder: . when left out).

Commands:
  update [folder]          translate new and changed paragraphs, write the translations and
                           doc-translate.lock (the default: "${PROGRAM} docs" updates docs)
  check [folder]           exit 1 when a translation is stale, missing or in conflict; writes nothing
  status [folder]          every translation's state, as a table by language; writes nothing
  init [folder]            read the documentation framework's config, write doc-translate.json
  adopt [folder]           record the translations the site already has in doc-translate.lock
  merge-locks <lock>...    combine the locks of a sharded update into doc-translate.lock
  review <file>...         mark translations (or a source's, with --lang) reviewed; sends nothing
  labels [folder]          write the reader labels (machine_translated, translation_outdated)
                           every translation should carry; sends nothing

Options:
  -h, --help               this help; "${PROGRAM} <command> --help" for a command's options
  -V, --version            the version

A folder named like a command is given as ./check.

${ENVIRONMENT}

${EXIT}`;

const SCOPE = `  --lang <de,fr>           only these target languages
  --shard <k/n>            only the sources of shard k of n (by path hash; see merge-locks)`;

export const COMMAND_HELP: Record<CommandName, string> = {
  update: `Usage: ${PROGRAM} update [folder] [options]
       ${PROGRAM} [folder] [options]

Sends only new and changed paragraphs (all files' segments share batches), writes each translation
in one step and records it in doc-translate.lock (commit it). A translation a person edited is
kept; where its source changed too, the paragraph is reported as a conflict and left as it stands.

Options:
  --dry-run                print per language the files, segments, characters and a credit
                           estimate, and what is left out and why; sends and writes nothing
${SCOPE}
  --json                   print one JSON object: { files, stale, missing, conflicts,
                           segments_sent, chars_sent, requests, written, budget: {
                           max_credits, estimated_credits, charged_credits, stopped,
                           held_segments, left: { files, segments, chars,
                           estimated_credits, unestimated } } }
  --quiet                  no progress (on a terminal) and no per-language lines (off one)
  --format <text|github>   github: conflicts as workflow error annotations
  --check                  the same as the check command
  --max-credits <n>        a budget in credits (decimals allowed: 2.5): only the files whose
                           estimate fits are sent and written; the rest is left for the next
                           run, listed, and the exit code is 3
  -h, --help               this help

After an update, the estimate and the service's charge (the account's settled credits before and
after) are printed side by side.

On a terminal, one updating line shows files, segments and characters done of total, requests
in flight, elapsed and remaining time; off a terminal (CI logs) one line per language. Ctrl+C
stops cleanly: the files written so far are recorded in the lock (exit 2).

${ENVIRONMENT}

${EXIT}`,
  check: `Usage: ${PROGRAM} check [folder] [options]

Exit 1 when a translation is stale, missing or in conflict (holds conflict markers, or a
paragraph a person edited whose source changed). Reads and hashes only: no key, no request.

Options:
  --links                  check links instead: every relative link, image and #fragment of
                           the translated pages must resolve, in the page's language, as the
                           framework resolves it (headings by its slug rules, {#id} kept);
                           broken ones are listed with file:line:column (exit 1)
${SCOPE}
  --format <text|github>   github: one workflow annotation per translation that needs work
                           (stale: warning, missing: notice, conflict: error) and a summary
                           table appended to $GITHUB_STEP_SUMMARY when it is set
  --json                   print { files, stale, missing, conflicts, ... } (as update --json)
  -h, --help               this help

${EXIT}`,
  status: `Usage: ${PROGRAM} status [folder] [options]

What check counts, as a table by language: up to date, stale, missing, edited by a person, in
conflict, and the segments and characters an update would send; then the share of translated
segments reviewed per language. Writes nothing; exit 0.

Options:
${SCOPE}
  --json                   print { files, languages: [...], total: {...}, orphaned,
                           reviewed: [{ lang, segments, reviewed }] }
  -h, --help               this help`,
  init: `Usage: ${PROGRAM} init [folder] [options]

Reads the documentation framework's own config (Docusaurus, Starlight, VitePress, MkDocs with
mkdocs-static-i18n, Hugo; nothing is run), prints what it read and writes doc-translate.json at the
site's root (never over an existing one) and .doc-translate/.gitignore. Off a terminal it prints
the file and writes it only with --yes.

Options:
  --lang <de,fr>           the languages to translate into (default: the site's locales)
  --yes                    write without asking
  --json                   print what was read and the config as JSON
  -h, --help               this help`,
  adopt: `Usage: ${PROGRAM} adopt [folder] [options]

Records the translations the site already has in doc-translate.lock, aligned block by block with
their sources by structure; human text is never overwritten.

Options:
  --lang <de,fr>           only these target languages
  --json                   print { adopted, current, partial, skipped, tracked, files }
  -h, --help               this help`,
  'merge-locks': `Usage: ${PROGRAM} merge-locks <lock>... [--folder <folder>]
       ${PROGRAM} <folder> --merge-locks <lock>...

Combines the locks of a sharded update (update --shard k/n, one lock per shard, in shard order)
into <folder>/doc-translate.lock (folder: .). Every shard's lock must be there: a missing one is
an error (exit 2) and nothing is written.

Options:
  --folder <folder>        the folder holding doc-translate.json (default .)
  -h, --help               this help`,
  review: `Usage: ${PROGRAM} review <file>... [options]

Marks the translated paragraphs of translation files reviewed, recording who (git config
user.name, or --by) and when in doc-translate.lock (commit it). A source file names its
translations (only those of --lang when given); a folder, every translation under it. A page
whose paragraphs are all reviewed loses its machine_translated label. An update never replaces a
reviewed paragraph: when its source changes, it is reported as a conflict. Only translations up to
date with their source can be reviewed. Sends nothing.

Options:
  --lang <de>              only the translations into these languages
  --by <name>              who reviewed (default: git config user.name)
  --folder <folder>        the folder holding doc-translate.json (default: the nearest one
                           above the first file)
  --json                   print { by, files: [{ target, lang, segments, reviewed, marked }],
                           refused: [{ path, reason }] }
  -h, --help               this help

Exit 1 when nothing could be reviewed (each reason on stderr).`,
  labels: `Usage: ${PROGRAM} labels [folder] [options]

Writes the labels readers see into each translation's front matter, from the lock and the
sources, without sending anything: machine_translated: true while a translated paragraph is not
reviewed, translation_outdated: true while its source changed and the translation is not updated
yet. Set by "labels" in doc-translate.json (on by default; false removes them here; an object
renames the keys). An update writes them with every page it writes; run this after changing the
setting, or after source changes (e.g. in CI) to mark outdated pages at once.

Options:
${SCOPE}
  --json                   print { checked, labelled: [...], labels }
  -h, --help               this help`,
};
