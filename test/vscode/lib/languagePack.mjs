// A display-language pack for a harness run in another language (run.mjs --ui --locale de).
//
// code-server (like VS Code) only switches its display language to a locale for which a language
// pack is installed: with `--locale de` alone the workbench stays `en`, and so do
// `vscode.env.language` and the extensions' package.nls.*.json. Microsoft's packs come from the
// Marketplace, which the harness never reaches, so this builds a pack that declares the language
// and translates nothing of VS Code itself (its empty translations fall back to English). VS Code's
// own menus stay English; extensions' package.nls.<locale>.json and l10n/bundle.l10n.<locale>.json
// apply, which is what a run in that language is for.
//
// `code-server --install-extension` installs it but does not record it as a language pack: that is
// done by the server's language-pack service after an install through a running server, which
// writes <user-data>/languagepacks.json. The CLI process never creates that service, so
// recordLanguagePack writes the same entry (VS Code's LanguagePacksCache format, read by the
// server's getNLSConfiguration when the workbench page is served).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PUBLISHER = 'doc-translate-test';
const VERSION = '0.0.1';
const packName = (locale) => `test-language-pack-${locale.toLowerCase()}`;

/** Writes the pack's source folder below `dir` and packages it; returns the .vsix path. */
export function buildDisplayLanguagePack({ repoRoot, dir, locale }) {
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(locale)) throw new Error(`not a locale: ${locale}`);
  const src = join(dir, `language-pack-${locale}`);
  mkdirSync(join(src, 'translations'), { recursive: true });
  const manifest = {
    name: packName(locale),
    displayName: `Test display language ${locale}`,
    description: `Harness: makes ${locale} an installed display language without translating VS Code itself.`,
    version: VERSION,
    publisher: PUBLISHER,
    license: 'MIT',
    engines: { vscode: '^1.100.0' },
    categories: ['Language Packs'],
    contributes: {
      localizations: [
        {
          languageId: locale.toLowerCase(),
          languageName: locale,
          localizedLanguageName: locale,
          translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
        },
      ],
    },
  };
  writeFileSync(join(src, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  writeFileSync(join(src, 'translations', 'main.i18n.json'), JSON.stringify({ version: '1.0.0', contents: {} }) + '\n');
  writeFileSync(join(src, 'README.md'), `# Test display language ${locale}\n\nBuilt by test/vscode/lib/languagePack.mjs for one harness run.\n`);
  const vsix = join(dir, `language-pack-${locale}.vsix`);
  const r = spawnSync(
    join(repoRoot, 'node_modules', '.bin', 'vsce'),
    ['package', '--skip-license', '--no-dependencies', '--allow-missing-repository', '--out', vsix],
    { cwd: src, encoding: 'utf8', timeout: 60_000 },
  );
  if (r.status !== 0) throw new Error(`packaging the ${locale} display-language pack failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return vsix;
}

/** Records the installed pack in <user-data>/languagepacks.json, as VS Code does after an install. */
export function recordLanguagePack({ userDataDir, extensionsDir, locale }) {
  const id = `${PUBLISHER}.${packName(locale)}`;
  const translations = join(extensionsDir, `${id}-${VERSION}`, 'translations', 'main.i18n.json');
  if (!existsSync(translations)) throw new Error(`the ${locale} display-language pack is not installed: ${translations} is missing`);
  const file = join(userDataDir, 'languagepacks.json');
  const packs = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  packs[locale.toLowerCase()] = {
    hash: createHash('md5').update(id).update(VERSION).digest('hex'),
    extensions: [{ extensionIdentifier: { id }, version: VERSION }],
    translations: { vscode: translations },
    label: locale,
  };
  mkdirSync(userDataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(packs));
}
