/**
 * Non-Markdown files of the docs (HTML, PDF, DOCX, images: the `files` globs) go to the service as
 * translation jobs, tracked with file-level hashes: a lock entry without blocks whose `sourceHash`
 * and `output` are hashes of the bytes. A source uploaded once serves every language; results are
 * downloaded to a temporary file beside the translation and renamed over it in the write phase.
 */
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { tempName, type GuardedRoot } from '../shared/guardedFs.ts';
import type { ArtifactDownloadOptions, CreateJobRequest, DownloadResult, Job, WatchOptions } from '../api/index.ts';
import { mapLimit } from './fs.ts';
import type { LockEntry } from './lock.ts';
import type { FilePlan, TargetState } from './plan.ts';

/** The part of the service client file jobs use (DocTranslateClient fits). */
export interface FileJobClient {
  uploadFile(path: string, opts?: { signal?: AbortSignal }): Promise<{ id: string }>;
  jobs: { create(req: CreateJobRequest, opts?: { signal?: AbortSignal }): Promise<Job>; cancel(jobId: string): Promise<unknown> };
  watchJob(jobId: string, opts?: WatchOptions): Promise<Job>;
  artifacts: { list(jobId: string, opts?: { signal?: AbortSignal }): Promise<{ id: string; format: string }[]> };
  downloadArtifact(artifactId: string, opts?: ArtifactDownloadOptions): Promise<DownloadResult>;
}

export function isFileJobClient(client: object): client is FileJobClient {
  return 'uploadFile' in client && 'watchJob' in client && 'downloadArtifact' in client;
}

/** Hash of a file's bytes (same digits as fileHash), or undefined when it does not exist. */
export async function hashFile(path: string): Promise<string | undefined> {
  const h = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return h.digest('hex').slice(0, 16);
}

export function planFileJob(p: {
  source: string;
  target: string;
  lang: string;
  sourceHash: string;
  targetHash: string | undefined;
  entry: LockEntry | undefined;
}): FilePlan {
  const state = ((): TargetState => {
    if (p.targetHash === undefined) return 'missing';
    if (p.entry === undefined) return 'conflict';
    const edited = p.targetHash !== p.entry.output;
    if (p.entry.sourceHash === p.sourceHash) return edited ? 'edited' : 'up-to-date';
    return edited ? 'conflict' : 'stale';
  })();
  const conflicts =
    state !== 'conflict'
      ? []
      : [
          {
            source: p.source,
            target: p.target,
            lang: p.lang,
            block: -1,
            reason: p.entry === undefined ? ('untracked' as const) : ('edited' as const),
            base: undefined,
            theirs: '',
            ours: undefined,
            sourceBlockHash: '',
            file: true,
          },
        ];
  return {
    source: p.source,
    target: p.target,
    lang: p.lang,
    state,
    needed: [],
    conflicts,
    baseHashes: [],
    fileJob: state === 'stale' || state === 'missing' ? { sourceHash: p.sourceHash, targetHash: p.targetHash } : undefined,
  };
}

/** A job the service ended without a result: that file is not written and stays missing or stale (the next update runs it again). */
export class FileJobFailed extends Error {
  override name = 'FileJobFailed';
}

export interface FileJobFailure {
  plan: FilePlan;
  /** The service's reason. */
  reason: string;
}

export interface FileJobResult {
  plan: FilePlan;
  /** Downloaded result beside the target, renamed into place by `placeFileJob`. */
  temp: string;
  outputHash: string;
}

/**
 * Runs every file job (at most 4 at a time): upload each source once, one job per language with
 * single output, follow it, download its first artifact. A job the service ends without a result
 * is reported in `failed` and the others go on. On abort or any other failure, jobs in flight are
 * cancelled and temporary files removed; nothing is placed.
 */
export async function runFileJobs(
  plans: readonly FilePlan[],
  opts: {
    folder: string;
    root: GuardedRoot;
    client: FileJobClient;
    engine: string;
    sourceLanguage: string;
    signal?: AbortSignal;
    onJob?: () => void;
    /** The job's `max_credit_millicredits` (spec 4.3: a cap on the request's deduction): the budget left for it, when there is one. */
    maxCredit?: (plan: FilePlan) => number | undefined;
    failed?: FileJobFailure[];
  },
): Promise<FileJobResult[]> {
  const uploads = new Map<string, Promise<{ id: string }>>();
  const temps: string[] = [];
  const sig = { signal: opts.signal };
  try {
    const results = await mapLimit(plans, 4, async (plan): Promise<FileJobResult | undefined> => {
      try {
        return await runOne(plan);
      } catch (err) {
        if (!(err instanceof FileJobFailed)) throw err;
        opts.failed?.push({ plan, reason: err.message });
        return undefined;
      }
    });
    return results.filter((r) => r !== undefined);
  } catch (err) {
    await Promise.all(temps.map((t) => opts.root.discard(t)));
    throw err;
  }

  async function runOne(plan: FilePlan): Promise<FileJobResult> {
    opts.signal?.throwIfAborted();
    let doc = uploads.get(plan.source);
    if (doc === undefined) {
      doc = opts.root.check(join(opts.folder, plan.source)).then((real) => opts.client.uploadFile(real, sig));
      uploads.set(plan.source, doc);
    }
    const req: CreateJobRequest = { document_id: (await doc).id, target_lang: plan.lang, engine: opts.engine, output_mode: 'single' };
    if (opts.sourceLanguage !== 'auto') req.source_lang = opts.sourceLanguage;
    const cap = opts.maxCredit?.(plan);
    if (cap !== undefined) req.max_credit_millicredits = cap;
    const job = await opts.client.jobs.create(req, sig);
    let done: Job;
    try {
      done = await opts.client.watchJob(job.id, sig);
    } catch (err) {
      if (opts.signal?.aborted) await opts.client.jobs.cancel(job.id).catch(() => undefined);
      throw err;
    }
    if (done.status !== 'completed') throw new FileJobFailed(`translating ${plan.source} into ${plan.lang} failed: ${done.error_msg ?? done.status}`);
    const [artifact] = await opts.client.artifacts.list(job.id, sig);
    if (artifact === undefined) throw new FileJobFailed(`the job for ${plan.source} (${plan.lang}) produced no result`);
    const target = join(opts.folder, plan.target);
    await opts.root.mkdirs(dirname(target));
    // A random name that does not exist yet; the download creates it exclusively (never through a link).
    const temp = tempName(dirname(target), basename(target));
    temps.push(temp);
    await opts.client.downloadArtifact(artifact.id, { targetPath: temp, ifExists: 'error', ...sig });
    opts.onJob?.();
    return { plan, temp, outputHash: (await hashFile(temp))! };
  }
}

/**
 * Moves a downloaded result into place (one rename) if the target is still what the scan saw
 * (else ChangedError, nothing written) and returns its lock entry.
 */
export async function placeFileJob(root: GuardedRoot, r: FileJobResult): Promise<LockEntry> {
  const seen = r.plan.fileJob!.targetHash;
  const hashOf = (b: Buffer): string => createHash('sha256').update(b).digest('hex').slice(0, 16);
  await root.commit(r.temp, join(root.path, r.plan.target), {
    kind: 'check',
    matches: (now) => (now === undefined ? seen === undefined : seen !== undefined && hashOf(now) === seen),
  });
  return { source: r.plan.source, lang: r.plan.lang, sourceHash: r.plan.fileJob!.sourceHash, output: r.outputHash, blocks: [] };
}
