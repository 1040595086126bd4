/**
 * A deterministic Markdown document of a given size with the mix a real documentation file has:
 * front matter, headings, short and very long paragraphs (over the 4000-character segment limit),
 * lists, blockquotes, fenced code, tables, inline code and links.
 */
const WORDS = (
  'the service translates every document while keeping its structure intact and the editor shows ' +
  'progress for each request so that users can follow what happens when large files are sent through ' +
  'batches of segments with limits on size count and characters per request although some paragraphs ' +
  'are longer than others because writers explain configuration options examples and edge cases in detail'
).split(' ');

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateMarkdown(targetBytes: number, seed = 1): string {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const sentence = (): string => {
    const n = 8 + Math.floor(rnd() * 18);
    const words = Array.from({ length: n }, () => pick(WORDS));
    if (rnd() < 0.15) words.splice(2, 0, '`config.json`');
    if (rnd() < 0.1) words.splice(4, 0, '[the guide](https://example.com/docs/guide)');
    if (rnd() < 0.1) words.splice(1, 0, '**important**');
    const s = words.join(' ');
    return s.charAt(0).toUpperCase() + s.slice(1) + '.';
  };
  const paragraph = (sentences: number): string => Array.from({ length: sentences }, sentence).join(' ');

  const out: string[] = ['---\ntitle: Benchmark document\nlang: en\ntags: [bench, markdown]\n---\n'];
  let size = out[0]!.length;
  let section = 0;
  while (size < targetBytes) {
    const r = rnd();
    let block: string;
    if (r < 0.06) block = `${'#'.repeat(1 + (section++ % 3))} Section ${section}: ${sentence().slice(0, -1)}`;
    else if (r < 0.46) block = paragraph(2 + Math.floor(rnd() * 6));
    else if (r < 0.52)
      block = paragraph(40 + Math.floor(rnd() * 30)); // several thousand characters
    else if (r < 0.64) block = Array.from({ length: 3 + Math.floor(rnd() * 4) }, () => `- ${sentence()}`).join('\n');
    else if (r < 0.7) block = `> ${sentence()}\n> ${sentence()}`;
    else if (r < 0.85) {
      const lines = Array.from({ length: 5 + Math.floor(rnd() * 20) }, (_, i) => `  const value${i} = compute("${pick(WORDS)}", ${i});`);
      block = '```ts\nfunction example() {\n' + lines.join('\n') + '\n}\n```';
    } else {
      const rows = Array.from({ length: 3 + Math.floor(rnd() * 6) }, (_, i) => `| \`opt${i}\` | ${sentence()} | ${i * 10} |`);
      block = '| Option | Description | Default |\n| --- | --- | ---: |\n' + rows.join('\n');
    }
    out.push(block + '\n');
    size += block.length + 2;
  }
  return out.join('\n');
}
