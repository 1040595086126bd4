/**
 * An update's progress on the command line. On a terminal: one line, redrawn in place at most ten
 * times a second, with files, segments and characters done of total, requests in flight, elapsed
 * and remaining time. Off a terminal (CI logs): one line per language when its segments are done.
 * Fed by the update's `onProgress` and by the client it is given (`track` counts requests).
 */
import type { BatchRequest, BatchResponse, IdempotentRequestOptions } from '../api/index.ts';
import type { BatchTranslator, UpdateProgress, UpdateWork } from './update.ts';

/** Where the progress line is drawn (stderr of a terminal). */
export interface ProgressTerminal {
  write(text: string): void;
  /** Width in characters; the line is cut to fit. */
  columns(): number;
}

interface LangCount {
  requests: number;
  segments: number;
  chars: number;
  started: number;
}

const num = (n: number): string => n.toLocaleString('en-US');

/** m:ss (h:mm:ss from an hour). */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export interface ProgressOptions {
  /** Draw the updating line here (a terminal); without it, `log` gets one line per language. */
  terminal?: ProgressTerminal;
  /** One line per language (off a terminal). */
  log?: (line: string) => void;
  now?: () => number;
  /** Least time between two redraws (default 100 ms). */
  intervalMs?: number;
}

export class UpdateProgressView {
  private readonly now: () => number;
  private readonly started: number;
  private work: UpdateWork | undefined;
  private phase: UpdateProgress['phase'] = 'scan';
  private lang: string | undefined;
  private charsDone = 0;
  private filesDone = 0;
  private inFlight = 0;
  private segmentsDone = 0;
  private translateStarted: number | undefined;
  private lastDraw = -Infinity;
  private drawn = false;
  private readonly langs = new Map<string, LangCount>();
  private readonly logged = new Set<string>();

  constructor(private readonly opts: ProgressOptions) {
    this.now = opts.now ?? (() => performance.now());
    this.started = this.now();
  }

  /** The update's onProgress. */
  readonly onProgress = (p: UpdateProgress): void => {
    if (p.work !== undefined) this.work = p.work;
    if (p.phase === 'translate') {
      this.translateStarted ??= this.now();
      this.charsDone = p.done;
      if (p.lang !== undefined && p.lang !== this.lang) {
        if (this.lang !== undefined) this.langDone(this.lang);
        this.lang = p.lang;
      }
    } else if (p.phase === 'write') {
      if (this.phase === 'translate' && this.lang !== undefined) this.langDone(this.lang);
      this.filesDone = p.done;
    }
    this.phase = p.phase;
    this.draw(p.phase === 'write' && p.done === p.total);
  };

  /** The client with its requests counted (in flight, segments and characters per language). */
  track<C extends BatchTranslator>(client: C): C {
    const translateBatch = async (req: BatchRequest, o?: IdempotentRequestOptions): Promise<BatchResponse> => {
      const c = this.langs.get(req.target_lang) ?? { requests: 0, segments: 0, chars: 0, started: this.now() };
      this.langs.set(req.target_lang, c);
      this.inFlight++;
      this.draw(false);
      try {
        const res = await client.translateBatch(req, o);
        c.requests++;
        c.segments += req.segments.length;
        c.chars += req.segments.reduce((a, s) => a + s.text.length, 0);
        this.segmentsDone += req.segments.length;
        return res;
      } finally {
        this.inFlight--;
        this.draw(false);
      }
    };
    // Everything else is the client's own (bound to it: its private fields stay reachable).
    return new Proxy(client, {
      get: (target, prop) => {
        if (prop === 'translateBatch') return translateBatch;
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  }

  /** Removes the line before other output (a conflict, the summary, Ctrl+C). */
  clear(): void {
    if (this.opts.terminal === undefined || !this.drawn) return;
    this.opts.terminal.write('\r\x1b[K');
    this.drawn = false;
  }

  /** The update ended: the line goes away; off a terminal, the last language's line if not yet printed. */
  finish(): void {
    if (this.phase === 'translate' && this.lang !== undefined) this.langDone(this.lang);
    this.clear();
  }

  private langDone(lang: string): void {
    if (this.logged.has(lang) || this.opts.terminal !== undefined || this.opts.log === undefined) return;
    this.logged.add(lang);
    const planned = this.work?.languages.find((l) => l.lang === lang);
    const c = this.langs.get(lang);
    if (planned === undefined || planned.segments === 0) return;
    const requests = c?.requests ?? 0;
    const took = c !== undefined ? `, ${(Math.max(0, this.now() - c.started) / 1000).toFixed(1)} s` : '';
    this.opts.log(
      `${lang}: ${num(planned.segments)} segments (${num(planned.chars)} characters), ${requests} ${requests === 1 ? 'request' : 'requests'}${took}`,
    );
  }

  /** The line as drawn now (without cutting). */
  line(): string {
    const elapsed = this.now() - this.started;
    const w = this.work;
    if (w === undefined) return `scanning... ${clock(elapsed)}`;
    const parts: string[] = [];
    if (this.phase === 'translate' && this.lang !== undefined) parts.push(this.lang);
    parts.push(`files ${num(this.filesDone)}/${num(w.files)}`);
    parts.push(`segments ${num(Math.min(this.segmentsDone, w.segments))}/${num(w.segments)}`);
    parts.push(`chars ${num(Math.min(this.charsDone, w.chars))}/${num(w.chars)}`);
    parts.push(`${this.inFlight} in flight`);
    parts.push(`${clock(elapsed)} elapsed`);
    const left = this.remaining();
    parts.push(left === undefined ? '-:-- left' : `${clock(left)} left`);
    return parts.join(' | ');
  }

  /** Remaining time from the characters translated so far (translate phase) or files written. */
  private remaining(): number | undefined {
    const w = this.work;
    if (w === undefined) return undefined;
    const t = this.now();
    if (this.phase === 'translate' && this.translateStarted !== undefined && this.charsDone > 0) {
      return ((t - this.translateStarted) / this.charsDone) * (w.chars - this.charsDone);
    }
    if (this.phase === 'write') return this.filesDone >= w.files ? 0 : undefined;
    return undefined;
  }

  private draw(force: boolean): void {
    const term = this.opts.terminal;
    if (term === undefined) return;
    const t = this.now();
    if (!force && t - this.lastDraw < (this.opts.intervalMs ?? 100)) return;
    this.lastDraw = t;
    const width = Math.max(20, term.columns() - 1);
    const text = this.line();
    term.write(`\r${text.length > width ? `${text.slice(0, width - 1)}…` : text}\x1b[K`);
    this.drawn = true;
  }
}
