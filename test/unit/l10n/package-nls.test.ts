// The contributions in package.json are localized: every user-facing string is a %key% reference,
// package.nls.json (English, authoritative) holds each key, and every package.nls.<lang>.json has
// exactly the same keys, with the placeholders, setting ids, codicons, command links and the
// command names in **bold** kept (the bold names being the translated command titles).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const LANGUAGES = ['de', 'fr', 'ja', 'zh-cn', 'es'];

type Nls = Record<string, string>;
const readJson = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(repoRoot, name), 'utf8'));
const manifest = readJson('package.json') as Record<string, unknown>;
const english = readJson('package.nls.json') as Nls;
const translations = new Map(LANGUAGES.map((lang) => [lang, readJson(`package.nls.${lang}.json`) as Nls]));

/** Every string value in package.json with its JSON path. */
function strings(value: unknown, at: string[] = []): { path: string; value: string }[] {
  if (typeof value === 'string') return [{ path: at.join('.'), value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, [...at, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, [...at, k]));
  return [];
}

const REFERENCE = /^%([\w.-]+)%$/;
const references = strings(manifest).flatMap((s) => {
  const m = REFERENCE.exec(s.value);
  return m ? [{ path: s.path, key: m[1]! }] : [];
});

/** What a translation must keep as it is, sorted. */
function tokens(text: string): string[] {
  const found = [
    ...text.matchAll(/\{\d+\}/g), // {0}
    ...text.matchAll(/\$\{\w+\}/g), // ${dir}
    ...text.matchAll(/\$\([\w-]+(?:~spin)?\)/g), // $(globe)
    ...text.matchAll(/`[^`]+`/g), // `docTranslate.targetLanguage`, `/api/v1`
    ...text.matchAll(/\]\((?:command|https?):[^)]*\)/g), // link targets
    ...text.matchAll(/\bdocTranslate\.[\w.]+/g), // setting and command ids
    ...text.matchAll(/\b(?:Ctrl|Cmd)(?:\+\w+)+/g), // key chords
  ];
  return found.map((m) => m[0]).sort();
}

/** English command title → its key, with and without the "Doc Translate: " prefix of the palette. */
function commandTitleKeys(): Map<string, { key: string; prefixed: boolean }> {
  const byTitle = new Map<string, { key: string; prefixed: boolean }>();
  for (const [key, text] of Object.entries(english)) {
    if (!/^command\..+\.title$/.test(key)) continue;
    byTitle.set(text, { key, prefixed: false });
    byTitle.set(`${english['command.category']}: ${text}`, { key, prefixed: true });
  }
  return byTitle;
}

/** What an English **bold** or [link](command:…) text becomes: the translated command title. */
function expectedNames(text: string, nls: Nls, pattern: RegExp): (string | undefined)[] {
  const titles = commandTitleKeys();
  return [...text.matchAll(pattern)].map((m) => {
    const hit = titles.get(m[1]!);
    if (!hit) return undefined;
    return hit.prefixed ? `${nls['command.category']}: ${nls[hit.key]}` : nls[hit.key];
  });
}

const BOLD = /\*\*([^*]+)\*\*/g;
const COMMAND_LINK = /\[([^\]]+)\]\(command:[^)]*\)/g;

describe('package.nls: localized contributions', () => {
  it('package.json refers to its user-facing strings by %key%', () => {
    assert.ok(references.length > 200, `only ${references.length} references`);
    const literal = strings(manifest).filter((s) => !REFERENCE.test(s.value) && (
      /^(displayName|description)$/.test(s.path)
      || /^capabilities\.untrustedWorkspaces\.description$/.test(s.path)
      || /^contributes\.commands\.\d+\.(title|category|shortTitle)$/.test(s.path)
      || /^contributes\.configuration\.title$/.test(s.path)
      || /^contributes\.configuration\.properties\.[^.]+(\.[^.]+)*\.(description|markdownDescription|patternErrorMessage|deprecationMessage|markdownDeprecationMessage)$/.test(s.path)
      || /^contributes\.configuration\.properties\..+\.(enumDescriptions|markdownEnumDescriptions|enumItemLabels)\.\d+$/.test(s.path)
      || /^contributes\.viewsContainers\.\w+\.\d+\.title$/.test(s.path)
      || /^contributes\.views\.\w+\.\d+\.(name|contextualTitle)$/.test(s.path)
      || /^contributes\.viewsWelcome\.\d+\.contents$/.test(s.path)
      || /^contributes\.walkthroughs\.\d+\.(title|description)$/.test(s.path)
      || /^contributes\.walkthroughs\.\d+\.steps\.\d+\.(title|description|media\.altText)$/.test(s.path)
      || /^contributes\.submenus\.\d+\.label$/.test(s.path)
    ));
    assert.deepEqual(literal, [], 'user-facing strings still written out in package.json');
  });

  it('every %key% in package.json is in package.nls.json and no English key is unused', () => {
    const missing = references.filter((r) => !(r.key in english)).map((r) => `${r.path}: %${r.key}%`);
    assert.deepEqual(missing, []);
    const used = new Set(references.map((r) => r.key));
    assert.deepEqual(Object.keys(english).filter((k) => !used.has(k)), [], 'keys in package.nls.json that package.json does not use');
    for (const [key, text] of Object.entries(english)) assert.ok(typeof text === 'string' && text.trim() !== '', `${key} is empty`);
  });

  for (const lang of LANGUAGES) {
    describe(`package.nls.${lang}.json`, () => {
      const nls = translations.get(lang)!;

      it('has every key of package.nls.json and no other', () => {
        assert.deepEqual(Object.keys(english).filter((k) => !(k in nls)), [], 'missing');
        assert.deepEqual(Object.keys(nls).filter((k) => !(k in english)), [], 'stale (not in package.nls.json)');
        for (const [key, text] of Object.entries(nls)) assert.ok(typeof text === 'string' && text.trim() !== '', `${key} is empty`);
      });

      it('keeps placeholders, variables, codicons, `code`, ids, key chords, command links and line breaks', () => {
        const wrong = Object.keys(english).flatMap((key) => {
          const en = english[key]!;
          const tr = nls[key] ?? '';
          const problems: string[] = [];
          if (JSON.stringify(tokens(en)) !== JSON.stringify(tokens(tr))) {
            problems.push(`${key}: ${JSON.stringify(tokens(en))} became ${JSON.stringify(tokens(tr))}`);
          }
          if (en.split('\n').length !== tr.split('\n').length) problems.push(`${key}: line breaks differ`);
          return problems;
        });
        assert.deepEqual(wrong, []);
      });

      it('names commands in **bold** and in command links by their translated titles', () => {
        const wrong = Object.keys(english).flatMap((key) => {
          const en = english[key]!;
          const tr = nls[key] ?? '';
          const problems: string[] = [];
          for (const [pattern, what] of [[BOLD, 'bold'], [COMMAND_LINK, 'command link']] as const) {
            const expected = expectedNames(en, nls, pattern);
            const actual = [...tr.matchAll(pattern)].map((m) => m[1]);
            if (expected.length !== actual.length) {
              problems.push(`${key}: ${expected.length} ${what} text(s) in English, ${actual.length} translated`);
              continue;
            }
            expected.forEach((want, i) => {
              if (want !== undefined && want !== actual[i]) problems.push(`${key}: ${what} "${actual[i]}" should be "${want}"`);
            });
          }
          return problems;
        });
        assert.deepEqual(wrong, []);
      });

      it('keeps the product name and the category "Doc Translate"', () => {
        for (const key of ['extension.displayName', 'command.category', 'config.title', 'viewsContainer.docTranslate.title']) {
          assert.equal(nls[key], english[key], key);
        }
      });
    });
  }
});
