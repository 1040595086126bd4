import type { EmulatorApp } from '../app.ts';
import { validationError } from '../errors.ts';
import { library } from '../library/store.ts';
import { Fields, queryInteger } from '../validation.ts';

export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 50;

interface Hit {
  type: 'document' | 'job';
  id: string;
  title: string;
  created_at: string;
  [k: string]: unknown;
}

/**
 * Search (spec 4.12; free, never charged): `q` (1-200 characters, case-insensitive substring) over
 * the account's live documents (name, id, names of their tags and projects) and jobs (id, the
 * document's name, target language); newest first, at most `limit` (1-50, default 10).
 */
export function register(app: EmulatorApp): void {
  app.api.get('/search', (ctx) => {
    const accountId = ctx.requireAuth().account.id;
    const fields = new Fields({ q: ctx.query.get('q') ?? undefined });
    const q = fields.string('q', { minChars: 1, maxChars: 200 });
    const limit = queryInteger(ctx.query, fields, 'limit', DEFAULT_SEARCH_LIMIT, 1, MAX_SEARCH_LIMIT);
    if (fields.errors.length > 0 || q === undefined) throw validationError(fields.errors);
    const needle = q.trim().toLowerCase();
    const has = (...texts: (string | null | undefined)[]): boolean => texts.some((t) => typeof t === 'string' && t.toLowerCase().includes(needle));
    const lib = library(app);
    const labels = (docId: string): string[] => [
      ...[...lib.tags.values()].filter((t) => t.accountId === accountId && t.documentIds.includes(docId)).map((t) => t.name),
      ...[...lib.projects.values()].filter((p) => p.accountId === accountId && p.documentIds.includes(docId)).map((p) => p.name),
    ];
    const hits: Hit[] = [];
    for (const d of app.state.documents.values()) {
      if (d.accountId !== accountId || d.deleted || !has(d.basename, d.id, ...labels(d.id))) continue;
      hits.push({ type: 'document', id: d.id, title: d.basename, created_at: d.created_at, format: d.format, file_size: d.file_size });
    }
    for (const j of app.state.jobs.values()) {
      if (j.accountId !== accountId || j.deleted) continue;
      const doc = app.state.documents.get(j.document_id);
      if (!has(j.id, doc?.basename, j.target_lang)) continue;
      hits.push({
        type: 'job',
        id: j.id,
        title: `${doc?.basename ?? j.document_id} → ${j.target_lang}`,
        created_at: j.created_at,
        document_id: j.document_id,
        status: j.status,
        target_lang: j.target_lang,
      });
    }
    hits.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    return { status: 200, body: { query: q, items: hits.slice(0, limit), has_more: hits.length > limit } };
  });
}
