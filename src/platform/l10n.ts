// The one translation function of the pure modules (no vscode import, tested in plain Node).
// Until activation sets it to `vscode.l10n.t` (platform.ts) it formats the English source text,
// so plain-Node tests see English. Editor modules call `vscode.l10n.t` directly; both forms take
// the English text as the key, with `{0}` or `{name}` placeholders (test/l10n/extract.ts finds them).

type Value = string | number | boolean;
type Translator = (message: string, ...args: Value[] | [Record<string, Value>]) => string;

/** Replaces `{0}`, `{1}` (positional) or `{name}` (one object argument) as vscode.l10n.t does. */
function format(message: string, ...args: Value[] | [Record<string, Value>]): string {
  const first = args[0];
  const named = args.length === 1 && typeof first === 'object' ? first : undefined;
  return message.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = named !== undefined ? named[key] : (args as Value[])[Number(key)];
    return value === undefined ? whole : String(value);
  });
}

// One translator for every copy of this module: the parts of features loaded on first use are
// their own bundles, each with its own copy, and all of them read the one set at activation.
const TRANSLATOR = Symbol.for('docTranslate.l10n.translator');
const holder = globalThis as { [TRANSLATOR]?: Translator };

/** Sets the translator (activation: `vscode.l10n.t`). */
export function setTranslator(translate: Translator): void {
  holder[TRANSLATOR] = translate;
}

/** The message in the UI language; `{0}` or `{name}` placeholders filled in. */
export function t(message: string, ...args: Value[]): string;
export function t(message: string, args: Record<string, Value>): string;
export function t(message: string, ...args: Value[] | [Record<string, Value>]): string {
  return (holder[TRANSLATOR] ?? format)(message, ...args);
}
