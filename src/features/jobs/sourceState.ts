// What a source file looked like when it was sent: its hash and modification time, so save and
// diff can say when the file changed since (the translation is then of an older version).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

export interface SourceState {
  sha256: string;
  mtimeMs: number;
}

export async function readSourceState(file: string): Promise<SourceState> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), mtimeMs: (await stat(file)).mtimeMs };
}

/** True when the file differs from `sent` (the mtime is checked first; the hash decides). */
export async function sourceChanged(file: string, sent: SourceState): Promise<boolean> {
  const now = await stat(file).catch(() => undefined);
  if (now === undefined) return true;
  if (now.mtimeMs === sent.mtimeMs) return false;
  return (await readSourceState(file)).sha256 !== sent.sha256;
}
