/**
 * The term checker (src/localize/trust/terms.ts): kept terms counted and masked byte for byte,
 * preferred terms found in inflected translations, what counts as an answer that kept its source
 * text; the `terms` setting's validation; lock entries with and without the new marks.
 */
import assert from 'node:assert/strict';
import { resolveConfig } from '../../../src/localize/config.ts';
import { parseLock, serializeLock } from '../../../src/localize/lock.ts';
import { AnswerCheck } from '../../../src/localize/trust/answers.ts';
import { decodeTermIssue, encodeTermIssue } from '../../../src/localize/trust/outcome.ts';
import {
  checkTerms,
  countKeep,
  hasPreferred,
  hasSourceTerm,
  hasTranslatableWords,
  keptSource,
  sameButSpacing,
  maskKeep,
  unmaskKeep,
} from '../../../src/localize/trust/terms.ts';
import { segmentMarkdown, verifyTranslation, type TranslatePart } from '../../../src/translate/index.ts';
import { pseudoTranslate } from '../../emulator/pseudo.ts';

describe('terms: kept terms', () => {
  it('are counted byte for byte, as whole words where their edge is a letter', () => {
    assert.equal(countKeep('Acme Widget and the Acme Widget.', 'Acme Widget'), 2);
    assert.equal(countKeep('Acme Widgets are many', 'Acme Widget'), 0);
    assert.equal(countKeep('acme widget', 'Acme Widget'), 0);
    assert.equal(countKeep('Run with --dry-run.', '--dry-run'), 1);
    assert.equal(countKeep('Run with --dry-runs', '--dry-run'), 0);
    assert.equal(countKeep('x--dry-run', '--dry-run'), 1, 'an edge that is not a letter is not bounded');
    assert.equal(countKeep('C++ and C++17', 'C++'), 2);
  });

  it('are masked with placeholders (longest first, one pass) and put back; a lost or repeated placeholder refuses the answer', () => {
    const m = maskKeep('Acme Widget uses Widget, not Widgets, and k0.', ['Widget', 'Acme Widget', 'k0']);
    assert.equal(m.text, '{{k0}} uses {{k1}}, not Widgets, and {{k2}}.');
    assert.deepEqual(m.terms, ['Acme Widget', 'Widget', 'k0']);
    assert.equal(unmaskKeep('{{k1}} nutzt {{k0}} und {{k2}}.', m), 'Widget nutzt Acme Widget und k0.');
    assert.equal(unmaskKeep('{{k1}} nutzt und {{k2}}.', m), undefined);
    assert.equal(unmaskKeep('{{k0}} {{k0}} {{k1}} {{k2}}', m), undefined);
    assert.deepEqual(maskKeep('no term here', ['Acme']), { text: 'no term here', terms: [] });
    assert.deepEqual(maskKeep('{{k0}} Acme', ['Acme']), { text: '{{k0}} Acme', terms: [] }, 'a text that holds the prefix is sent as it is');
  });

  it("are kept by the emulator's engine and pass the structure check once put back", () => {
    const source = 'Install **Acme Widget** with `npm i acme` and see the [guide](./guide.md).';
    const m = maskKeep(source, ['Acme Widget']);
    const answer = pseudoTranslate(m.text, 'de', { reorder: true });
    const back = unmaskKeep(answer, m)!;
    assert.ok(back.includes('**Acme Widget**'), back);
    assert.equal(countKeep(back, 'Acme Widget'), 1);
    const part = segmentMarkdown(source).parts.find((p): p is TranslatePart => p.kind === 'translate')!;
    assert.ok(verifyTranslation(part, back));
    assert.ok(!pseudoTranslate(source, 'de').includes('Acme Widget'), 'unmasked, the engine would translate it');
  });
});

describe('terms: preferred terms', () => {
  it('find the source term ignoring case, as a word, with an English plural or possessive; not in code, links or URLs', () => {
    assert.ok(hasSourceTerm('Open the Workspace.', 'workspace'));
    assert.ok(hasSourceTerm('All workspaces', 'workspace'));
    assert.ok(hasSourceTerm("the workspace's settings", 'workspace'));
    assert.ok(hasSourceTerm('a build  server', 'build server'));
    assert.ok(!hasSourceTerm('workspacey things', 'workspace'));
    assert.ok(!hasSourceTerm('run `workspace list`', 'workspace'));
    assert.ok(!hasSourceTerm('see [docs](./workspace.md) and https://example.com/workspace', 'workspace'));
  });

  it('find the preferred translation inflected: each word as a word start, ignoring case; CJK as a substring', () => {
    assert.ok(hasPreferred('Öffnen Sie den Arbeitsbereich.', 'Arbeitsbereich'));
    assert.ok(hasPreferred('Einstellungen des Arbeitsbereichs', 'Arbeitsbereich'));
    assert.ok(hasPreferred('arbeitsbereiche', 'Arbeitsbereich'));
    assert.ok(!hasPreferred('Öffnen Sie die Arbeitsumgebung.', 'Arbeitsbereich'));
    assert.ok(!hasPreferred('der Hauptarbeitsbereich', 'Arbeitsbereich'), 'a word start, not any substring');
    assert.ok(hasPreferred('Tous les espaces de travail', 'espace de travail'));
    assert.ok(!hasPreferred("l'espace du travail", 'espace de travail'));
    assert.ok(hasPreferred('このワークスペースを開きます', 'ワークスペース'));
    assert.ok(!hasPreferred('`Arbeitsbereich` öffnen', 'Arbeitsbereich'), 'code is not read');
  });

  it('checkTerms: a kept term counted again, a preferred term missing', () => {
    const rules = { keep: ['Acme Widget'], prefer: { workspace: 'Arbeitsbereich' } };
    assert.deepEqual(checkTerms('Acme Widget opens the workspace.', 'Acme Widget öffnet den Arbeitsbereich.', rules), []);
    assert.deepEqual(checkTerms('Acme Widget opens the workspace.', 'Ácmé Wídgét öffnet die Umgebung.', rules), [
      { kind: 'keep', term: 'Acme Widget' },
      { kind: 'prefer', term: 'workspace' },
    ]);
    assert.deepEqual(checkTerms('No terms at all.', 'Gar keine Begriffe.', rules), []);
  });
});

describe('terms: an answer that kept its source text', () => {
  it('counts only where the source has words to translate', () => {
    assert.ok(hasTranslatableWords('Getting started'));
    assert.ok(hasTranslatableWords('The engine gives this back.'));
    assert.ok(!hasTranslatableWords('Riverpod'), 'a name alone');
    assert.ok(!hasTranslatableWords('API URL'), 'acronyms');
    assert.ok(!hasTranslatableWords('`npm install` `npm test`'), 'code only');
    assert.ok(!hasTranslatableWords('v1.2.3 (2024-01-02)'), 'numbers');
    assert.ok(!hasTranslatableWords('my_function obj.method'), 'identifiers');
    assert.ok(!hasTranslatableWords('Acme Widget', ['Acme Widget']), 'a kept term');
    assert.ok(!hasTranslatableWords('[Flutter](https://flutter.dev)'));
    assert.ok(hasTranslatableWords('はじめに'));
    assert.ok(keptSource('The engine  gives this back.\n', 'The engine gives this back.'));
    assert.ok(!keptSource('The engine gives this back.', 'DE· Thé éñgíñé'));
    assert.ok(!keptSource('Riverpod', 'Riverpod'));
  });

  it('sameButSpacing agrees with comparing s.replace(/\\s+/g, " ").trim() on random texts of words and every kind of white space', () => {
    const spaces = [' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
    const notSpaces = ['a', 'b', 'é', '\u200b', '\u180e', '·', 'x'];
    // mulberry32: a seeded generator whose low bits are as random as its high ones.
    let seed = 7;
    const rand = (n: number): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const text = (): string =>
      Array.from({ length: rand(12) }, () => (rand(2) === 0 ? spaces[rand(spaces.length)] : notSpaces[rand(notSpaces.length)])).join('');
    const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();
    let equal = 0;
    for (let k = 0; k < 20_000; k++) {
      const a = text();
      // Half the pairs are a respaced copy of a, so that equal pairs are tested as often as unequal ones.
      const b = rand(2) === 0 ? a.replace(/\s+/g, () => spaces[rand(spaces.length)]!.repeat(1 + rand(3))) : text();
      const want = norm(a) === norm(b);
      if (want) equal++;
      assert.equal(sameButSpacing(a, b), want, JSON.stringify([a, b]));
    }
    assert.ok(equal > 5000, `${equal} equal pairs`);
  });

  it('AnswerCheck: a lost placeholder fails a Markdown part (empty answer) and keeps the source of a plain part, pending', async () => {
    const md: TranslatePart = { kind: 'translate', id: 's0', text: 'Use Acme Widget here.', check: 'paragraph' };
    const yaml: TranslatePart = { kind: 'translate', id: 's1', text: 'Acme Widget guide', yaml: 'plain' };
    const check = new AnswerCheck([md, yaml], { keep: ['Acme Widget'], prefer: {} });
    const answers = await check.send(
      [
        { id: 's0', text: md.text },
        { id: 's1', text: yaml.text },
      ],
      (sent) => {
        assert.deepEqual(
          sent.map((s) => s.text),
          ['Use {{k0}} here.', '{{k0}} guide'],
        );
        return Promise.resolve(sent.map((s) => ({ id: s.id, translated_text: 'DE· lost it' })));
      },
    );
    assert.deepEqual(
      answers.map((a) => a.translated_text),
      ['', 'Acme Widget guide'],
    );
    const outcome = check.outcome(['h0', 'h1'], ['Benutze Acme Widget hier.', 'Acme Widget guide']);
    assert.deepEqual([...outcome.failed], ['h1']);
  });
});

describe('terms: the setting and the lock', () => {
  const base = { targetLanguages: ['de', 'fr'], layout: 'vitepress' };
  it('validates with the key named', () => {
    const c = resolveConfig('/x', { ...base, terms: { keep: ['Acme Widget', 'Acme Widget'], prefer: { de: { workspace: 'Arbeitsbereich' } } } });
    assert.deepEqual(c.terms, { keep: ['Acme Widget'], prefer: { de: { workspace: 'Arbeitsbereich' } } });
    assert.equal(resolveConfig('/x', base).terms, undefined);
    const bad = (terms: unknown): string => {
      try {
        resolveConfig('/x', { ...base, terms });
      } catch (err) {
        return (err as Error).message;
      }
      return 'no error';
    };
    assert.match(bad({ keep: [''] }), /^doc-translate\.json: terms\.keep\.0: must not be empty/);
    assert.match(bad({ keep: [' x'] }), /^doc-translate\.json: terms\.keep\.0: must not start or end with a space/);
    assert.match(bad({ keeps: [] }), /^doc-translate\.json: terms: unknown setting "keeps"/);
    assert.match(bad({ prefer: { de: { workspace: 3 } } }), /^doc-translate\.json: terms\.prefer\.de\.workspace: /);
    assert.match(bad({ prefer: { es: { workspace: 'x' } } }), /^doc-translate\.json: terms\.prefer\.es: "es" is not one of targetLanguages \(de, fr\)/);
    assert.match(bad({ prefer: { de: { Workspace: 'a', workspace: 'b' } } }), /terms\.prefer\.de\.workspace: the same term as "Workspace"/);
  });

  it('an old lock loads; pending and terms are written sorted and read back', () => {
    const old = '{"version":1,"files":{"docs/de/a.md":{"source":"docs/a.md","lang":"de","sourceHash":"aa","output":"bb","blocks":["x y"]}}}';
    const lock = parseLock(old);
    assert.equal(lock.files.get('docs/de/a.md')!.pending, undefined);
    const e = lock.files.get('docs/de/a.md')!;
    lock.files.set('docs/de/a.md', {
      ...e,
      sourceHash: null,
      pending: ['b', 'a'],
      terms: [encodeTermIssue('c', { kind: 'prefer', term: 'build server' }, true)],
    });
    const again = parseLock(serializeLock(lock)).files.get('docs/de/a.md')!;
    assert.deepEqual(again.pending, ['a', 'b']);
    assert.deepEqual(decodeTermIssue(again.terms![0]!), { hash: 'c', issue: { kind: 'prefer', term: 'build server' }, settled: true });
    assert.throws(() => parseLock(old.replace('"blocks"', '"pending":[1],"blocks"')), /unexpected shape at files\.docs\/de\/a\.md/);
  });
});
