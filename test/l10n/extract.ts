// Finds every localized message in the extension's code: calls of `vscode.l10n.t('…')` (editor
// modules) and `t('…')` from src/platform/l10n.ts (pure modules), first argument a string literal.
// `npx tsx test/l10n/extract.ts` rewrites l10n/bundle.l10n.json (English: key = value);
// test/unit/l10n/bundles.test.ts checks the language bundles against the same list.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const repoRoot = path.resolve(__dirname, '..', '..');
/** The editor layer; src/api, src/translate, src/localize and src/shared never show VS Code UI. */
const ROOTS = ['src/extension.ts', 'src/features', 'src/platform'];

export interface Extracted {
  /** English message → the files that use it. */
  readonly keys: Map<string, string[]>;
  /** Calls whose message is not a string literal (the bundle cannot list those). */
  readonly dynamic: string[];
}

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    const abs = path.join(repoRoot, rel);
    if (fs.statSync(abs).isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) walk(path.posix.join(rel, name));
    } else if (rel.endsWith('.ts')) out.push(rel);
  };
  ROOTS.forEach(walk);
  return out;
}

function isTranslateCall(call: ts.CallExpression, file: ts.SourceFile): boolean {
  const callee = call.expression.getText(file);
  return callee === 'vscode.l10n.t' || callee === 'l10n.t' || callee === 't';
}

export function extract(): Extracted {
  const keys = new Map<string, string[]>();
  const dynamic: string[] = [];
  for (const rel of sourceFiles()) {
    const text = fs.readFileSync(path.join(repoRoot, rel), 'utf8');
    const file = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && isTranslateCall(node, file)) {
        const first = node.arguments[0];
        if (first !== undefined && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          keys.set(first.text, [...(keys.get(first.text) ?? []), rel]);
        } else {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
          dynamic.push(`${rel}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { keys, dynamic };
}

/** The English bundle as it should be: every key, sorted, value = key. */
export function englishBundle(keys: Iterable<string>): Record<string, string> {
  return Object.fromEntries([...keys].sort().map((k) => [k, k]));
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === __filename) {
  const { keys, dynamic } = extract();
  if (dynamic.length > 0) process.stderr.write(`messages that are not string literals: ${dynamic.join(', ')}\n`);
  const target = path.join(repoRoot, 'l10n', 'bundle.l10n.json');
  fs.writeFileSync(target, `${JSON.stringify(englishBundle(keys.keys()), null, 2)}\n`);
  process.stdout.write(`${path.relative(repoRoot, target)}: ${keys.size} messages\n`);
}
