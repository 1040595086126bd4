/** Real Markdown: the README of every installed package (hundreds of documents written by people). */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', 'node_modules');
const NAMES = ['README.md', 'readme.md', 'Readme.md', 'README.markdown'];

/** Paths of node_modules' top-level (and scoped) package READMEs, sorted. */
export function readmePaths(): string[] {
  const files: string[] = [];
  for (const name of readdirSync(ROOT)) {
    if (name.startsWith('.')) continue;
    const dirs = name.startsWith('@') ? readdirSync(join(ROOT, name)).map((n) => join(ROOT, name, n)) : [join(ROOT, name)];
    for (const dir of dirs) {
      const found = NAMES.map((n) => join(dir, n)).find((p) => existsSync(p));
      if (found) files.push(found);
    }
  }
  return files.sort();
}

export function readmes(): { path: string; text: string }[] {
  return readmePaths().map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}
