import assert from 'node:assert/strict';
import { compileGlob, filterYielding, matchesAny } from '../../../src/localize/glob.ts';
import { ConfigError, GLOB_LIMITS, resolveConfig } from '../../../src/localize/config.ts';
import { listSourceFiles } from '../../../src/localize/listing.ts';
import type { LocalizeFs } from '../../../src/localize/fs.ts';
import { globToRegExp as oldGlobToRegExp } from './support/old-glob.ts';

/** A small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

describe('localize: glob matcher', () => {
  const cases: [pattern: string, path: string, expected: boolean][] = [
    // A pattern without `/` matches the file name in any folder, as in .gitignore.
    ['*.md', 'a.md', true],
    ['*.md', 'a/b/c.md', true],
    ['README.md', 'docs/deep/README.md', true],
    ['README.md', 'docs/README.md.bak', false],
    // With a `/`, from the config folder; a leading `/` or `./` is dropped.
    ['docs/*.md', 'docs/x.md', true],
    ['docs/*.md', 'docs/a/x.md', false],
    ['docs/*.md', 'site/docs/x.md', false],
    ['/docs/x.md', 'docs/x.md', true],
    ['./docs/x.md', 'docs/x.md', true],
    // `**/`: zero or more folders.
    ['**/*.md', 'x.md', true],
    ['**/*.md', 'a/b/c/x.md', true],
    ['docs/**/*.md', 'docs/x.md', true],
    ['docs/**/*.md', 'docs/a/b/x.md', true],
    ['docs/**/*.md', 'doc/a/x.md', false],
    ['a/**/b/**/c.md', 'a/b/c.md', true],
    ['a/**/b/**/c.md', 'a/x/b/y/z/c.md', true],
    ['a/**/b/**/c.md', 'a/x/y/z/c.md', false],
    ['**/node_modules/**', 'node_modules/x/y.md', true],
    ['**/node_modules/**', 'a/node_modules/y.md', true],
    ['**/node_modules/**', 'a/node_modules_x/y.md', false],
    // `**` not followed by `/`: anything, across folders.
    ['docs/**', 'docs/a/b/c.md', true],
    ['docs/**', 'docs', false],
    ['docs/**.md', 'docs/a/b.md', true],
    // `*` and `?` stay within one segment.
    ['docs/*', 'docs/a/b', false],
    ['docs/?.md', 'docs/a.md', true],
    ['docs/?.md', 'docs/ab.md', false],
    ['a?b', 'x/a/b', false],
    ['docs/*-*.md', 'docs/a-b-c.md', true],
    // `{a,b}`, nested, spanning folders.
    ['*.{md,mdx}', 'a/x.mdx', true],
    ['*.{md,mdx}', 'a/x.markdown', false],
    ['{docs,guide}/**/*.md', 'guide/a/x.md', true],
    ['{docs,guide}/**/*.md', 'blog/a/x.md', false],
    ['x{a,b{c,d}}.md', 'xbd.md', true],
    ['x{a,b{c,d}}.md', 'xbe.md', false],
    ['{docs/en,site}/*.md', 'docs/en/x.md', true],
    ['a}b,c', 'a}b,c', true],
    // `[...]`: classes, ranges, negation with `!` or `^`.
    ['[ab].md', 'b.md', true],
    ['[ab].md', 'c.md', false],
    ['[a-c]x.md', 'bx.md', true],
    ['[!a]x.md', 'bx.md', true],
    ['[!a]x.md', 'ax.md', false],
    ['[^a]x.md', 'bx.md', true],
    ['[-a].md', '-.md', true],
    ['a[b', 'a[b', true],
    // Dot files and dot folders are not special (the default exclude `**/.*/**` leaves dot folders out).
    ['*.md', '.hidden.md', true],
    ['**/*.md', '.github/x.md', true],
    ['**/.*/**', '.github/x.md', true],
    ['**/.*/**', 'a/.vitepress/config.md', true],
    ['**/.*/**', 'a/b.md', false],
    // Every other character is literal.
    ['a(b|c)+$^.md', 'a(b|c)+$^.md', true],
    ['a(b|c).md', 'ab.md', false],
    ['!x.md', '!x.md', true],
    ['a.md', 'abmd', false],
  ];

  for (const [pattern, path, expected] of cases) {
    it(`${JSON.stringify(pattern)} ${expected ? 'matches' : 'does not match'} ${JSON.stringify(path)}`, () => {
      assert.equal(compileGlob(pattern).test(path), expected);
      // The old matcher agrees (the semantics the rest of the code relies on are kept).
      assert.equal(oldGlobToRegExp(pattern).test(path), expected);
    });
  }

  it('an unbalanced { is a literal character (the old matcher threw a SyntaxError)', () => {
    assert.equal(compileGlob('a{b').test('a{b'), true);
    assert.equal(compileGlob('{a,b').test('{a,b'), true);
  });

  it('keeps the API scan.ts uses: compileGlob(...).test and matchesAny', () => {
    const globs = ['**/*.md', 'docs/*.pdf'].map(compileGlob);
    assert.equal(matchesAny('a/b.md', globs), true);
    assert.equal(matchesAny('docs/x.pdf', globs), true);
    assert.equal(matchesAny('docs/a/x.pdf', globs), false);
  });

  it('agrees with the old matcher on random benign patterns and paths', () => {
    const rnd = random(20240611);
    const segmentParts = ['a', 'b', 'docs', '*', '?', '[ab]', '[!a]', '{a,b}', '{docs,a*}', '.md', '*.md', '.*', 'x'];
    const patterns: string[] = ['*.md', '**/*.md', '**/*.mdx', '**/node_modules/**', '**/.*/**', '**/*.{html,htm,pdf,docx}', 'docs/**', 'docs/**/*.{md,mdx}'];
    while (patterns.length < 60) {
      const segments = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => {
        if (rnd() < 0.2) return '**';
        return Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(rnd, segmentParts)).join('');
      });
      // At most two `**`: the old matcher backtracks exponentially beyond.
      if (segments.filter((s) => s === '**').length > 2) continue;
      patterns.push(segments.join('/'));
    }
    const names = ['a', 'b', 'docs', 'ab', 'ba', 'x.md', 'a.md', '.github', '.hidden.md', 'node_modules', 'y.mdx', 'img.png', 'a.b.c', 'x.html', 'docsa'];
    const paths = Array.from({ length: 400 }, () => Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => pick(rnd, names)).join('/'));
    let compared = 0;
    let matched = 0;
    for (const p of patterns) {
      const next = compileGlob(p);
      const old = oldGlobToRegExp(p);
      for (const path of paths) {
        const want = old.test(path);
        assert.equal(next.test(path), want, `${JSON.stringify(p)} on ${JSON.stringify(path)}`);
        compared++;
        if (want) matched++;
      }
    }
    assert.equal(compared, 60 * 400);
    // Both outcomes are well represented (the comparison is not all "no match").
    assert.ok(matched > 1000 && matched < compared - 1000, `matched ${matched} of ${compared}`);
  });

  it('a matcher used on many paths answers as a fresh one does (the transitions it keeps carry nothing from one path to the next)', () => {
    const patterns = ['**/*.md', 'docs/**/*.{md,mdx}', '**/.*/**', '*a*a*b', 'a/**/b/**/c.md', '[!_]*.md', '**/v?/**'];
    const names = ['a', 'b', 'c.md', '.x', '_y.md', 'v1', 'aab', 'docs', 'x.mdx', 'ab.md'];
    const paths: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const depth = 1 + (i % 5);
      paths.push(Array.from({ length: depth }, (_, k) => names[(i * 7 + k * 3 + Math.floor(i / 11)) % names.length]).join('/'));
    }
    let matched = 0;
    for (const pattern of patterns) {
      const reused = compileGlob(pattern);
      const differ = paths.filter((p) => reused.test(p) !== compileGlob(pattern).test(p));
      assert.deepEqual(differ, [], pattern);
      matched += paths.filter((p) => reused.test(p)).length;
    }
    assert.ok(matched > 1000 && matched < patterns.length * paths.length - 1000, `${matched} matches`);
  });

  describe('hostile patterns (from a repository) finish in linear time', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    /** `n` folders, the first `as` of them (spread out) named `a`, the others `b`. */
    const folders = (n: number, as: number): string =>
      Array.from({ length: n }, (_, i) => (i % Math.floor(n / as) === 0 && i / Math.floor(n / as) < as ? 'a' : 'b')).join('/');

    it('16 `**` against a 40-folder path that ends as the pattern does: states visited stay within (path length + 1) x automaton size', () => {
      // a/**/a/**/…/a/**/z.md needs 16 folders `a`; the path has 15 among 40, so a RegExp tries every way to split them.
      const pattern = `${Array(GLOB_LIMITS.globstars).fill('a').join('/**/')}/**/z.md`;
      assert.equal(pattern.split('**').length - 1, GLOB_LIMITS.globstars);
      const path = `${folders(40, 15)}/z.md`;
      assert.equal(path.split('/').filter((f) => f === 'a').length, 15);
      const g = compileGlob(pattern);
      assert.equal(g.test(path), false);
      const m = compileGlob(pattern);
      assert.equal(m.test(path), false);
      assert.ok(m.lastSteps > path.length, `${m.lastSteps} steps`);
      assert.ok(m.lastSteps <= (path.length + 1) * m.size, `${m.lastSteps} steps, bound ${(path.length + 1) * m.size}`);
      assert.equal(m.test(`${folders(40, 16)}/z.md`), true);
    });

    it('distinct letters a/**/b/**/…/**/z.md against 30+ folders that do not match', () => {
      const pattern = `${letters.slice(0, 16).split('').join('/**/')}/**/z.md`;
      const m = compileGlob(pattern);
      for (const segs of [30, 60, 120]) {
        // The letters a to o over and over: p never comes.
        const path = `${Array.from({ length: segs }, (_, i) => letters[i % 15]).join('/')}/z.md`;
        assert.equal(m.test(path), false);
        assert.ok(m.lastSteps > path.length && m.lastSteps <= (path.length + 1) * m.size, `${m.lastSteps} steps`);
      }
    });

    it('consecutive `**/` (twenty of them) and many `*` in one name', () => {
      const deep = `${Array(60).fill('abc').join('/')}/y.md`;
      const stars = compileGlob(`${'**/'.repeat(20)}q*.md`);
      assert.equal(stars.test(deep), false);
      assert.ok(stars.lastSteps > deep.length && stars.lastSteps <= (deep.length + 1) * stars.size);
      // *a*a…*a*b needs 12 `a`; the name has 11 among 250 characters.
      const name = `${'ac'.repeat(11)}${'c'.repeat(228)}b`;
      const many = compileGlob(`${'*a'.repeat(12)}*b`);
      assert.equal(many.test(name), false);
      assert.ok(many.lastSteps > name.length && many.lastSteps <= (name.length + 1) * many.size, `${many.lastSteps} steps`);
      assert.equal(many.test(`a${name}`), true);
    });

    it('the steps grow linearly with the path: twice the folders, at most about twice the steps', () => {
      const m = compileGlob(`${Array(12).fill('a').join('/**/')}/**/z.md`);
      const steps = (segs: number): number => {
        assert.equal(m.test(`${folders(segs, 11)}/z.md`), false);
        return m.lastSteps;
      };
      const s40 = steps(40);
      const s80 = steps(80);
      assert.ok(s40 > 40 && s80 <= 2.2 * s40, `${s40} steps for 40 folders, ${s80} for 80`);
    });
  });

  describe('bounds of the patterns in doc-translate.json', () => {
    const base = { targetLanguages: ['de'], layout: 'vitepress' } as const;
    const refused = (raw: object): string => {
      try {
        resolveConfig('/x', { ...base, ...raw });
      } catch (err) {
        assert.ok(err instanceof ConfigError, String(err));
        return err.message;
      }
      assert.fail('the set-up was accepted');
    };

    it('more than 256 patterns in a list are refused, naming the field, the count and the limit', () => {
      const msg = refused({ include: Array.from({ length: 300 }, (_, i) => `docs/${i}/*.md`) });
      assert.match(msg, /^doc-translate\.json: include: 300 patterns given; at most 256 are allowed/);
    });

    it('a pattern longer than 512 characters is refused, naming the field, the pattern (shortened) and the limit', () => {
      const long = `docs/${'x'.repeat(600)}.md`;
      const msg = refused({ exclude: ['**/node_modules/**', long] });
      assert.match(msg, /^doc-translate\.json: exclude\.1: pattern "docs\/x+…x+\.md" is 608 characters long; at most 512 are allowed/);
      assert.ok(msg.length < 300, msg);
    });

    it('a pattern with more than 16 `**` is refused, naming the field, the pattern and the limit', () => {
      const msg = refused({ files: [`${'**/'.repeat(17)}*.pdf`] });
      assert.match(msg, /^doc-translate\.json: files\.0: pattern "(\*\*\/)+.*\*\.pdf" has 17 "\*\*"; at most 16 are allowed/);
    });

    it('patterns within the bounds are accepted', () => {
      const config = resolveConfig('/x', {
        ...base,
        include: Array.from({ length: 256 }, (_, i) => `${'**/'.repeat(16)}${i}-${'y'.repeat(400)}.md`),
        exclude: [`${'x'.repeat(512)}`],
      });
      assert.equal(config.include.length, 256);
    });
  });

  describe('listing the sources yields to the event loop', () => {
    it('filterYielding keeps the order of filter and yields when the slice is used up', async () => {
      let ticks = 0;
      let ticking = true;
      const tick = (): void => {
        ticks++;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const items = Array.from({ length: 50 }, (_, i) => i);
      const kept = await filterYielding(items, (i) => i % 3 === 0, 0);
      ticking = false;
      assert.deepEqual(
        kept,
        items.filter((i) => i % 3 === 0),
      );
      assert.ok(ticks >= 49, `${ticks} ticks`);
    });

    it('listSourceFiles with 256 patterns per list over 3,000 files lets other work run in between', async () => {
      const files = Array.from(
        { length: 3000 },
        (_, i) =>
          `docs/${Array(8)
            .fill(`d${i % 7}`)
            .join('/')}/page-${i}.md`,
      );
      const fs = { listFiles: async () => files } as unknown as LocalizeFs;
      const hostile = (i: number): string =>
        `${Array(12)
          .fill(`d${i % 7}`)
          .join('/**/')}/nomatch-${i}.md`;
      const config = resolveConfig('/x', {
        targetLanguages: ['de'],
        layout: 'vitepress',
        source: '.',
        include: ['**/*.md', ...Array.from({ length: 255 }, (_, i) => hostile(i))],
        exclude: Array.from({ length: 256 }, (_, i) => hostile(i + 1000)),
      });
      let ticks = 0;
      let ticking = true;
      const tick = (): void => {
        ticks++;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const { pages } = await listSourceFiles(config, fs);
      ticking = false;
      assert.equal(pages.length, 3000);
      // 1.5 million matches take far more than one 10 ms slice: the old code ran them in one block (0 ticks).
      assert.ok(ticks > 0, `${ticks} ticks`);
    });
  });
});
