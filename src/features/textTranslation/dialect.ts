// Which dialect a document is segmented in. The file's name decides as much as the language id
// VS Code gave it: without an MDX extension VS Code opens `.mdx` as plain text, and a `.md` file
// may carry any language id a user or an extension chose. Pure (no vscode import).
import { extensionOf } from '../../shared/formats.ts';
import type { TextKind } from './engine.ts';

export interface Dialect {
  kind: TextKind;
  /** Parse as MDX (JSX, `{expressions}`, import/export kept). */
  mdx: boolean;
}

const MARKDOWN_EXTENSIONS = ['md', 'markdown'];

/**
 * `.mdx` is MDX and `.md`/`.markdown` are Markdown whatever the language id; otherwise the
 * language id decides (`markdown`, `mdx`, anything else plain text). `path` is the document's
 * path (an untitled document's has no extension).
 */
export function dialectOf(path: string, languageId: string): Dialect {
  const ext = extensionOf(path);
  if (ext === 'mdx' || languageId === 'mdx') return { kind: 'markdown', mdx: true };
  if (MARKDOWN_EXTENSIONS.includes(ext) || languageId === 'markdown') return { kind: 'markdown', mdx: false };
  return { kind: 'plaintext', mdx: false };
}
