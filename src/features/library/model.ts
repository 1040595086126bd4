// Pure rules of the Library view (no vscode): what an item may do from its capabilities, share
// expiry choices, paging state for Storage, what opens as text, and reading the artifact a command
// was invoked on. Tested in plain Node.
import * as l10n from '../../platform/l10n.ts';
import { ContextValue } from '../../shared/ids.ts';

export interface Capabilities {
  can_view: boolean;
  can_download: boolean;
  can_update: boolean;
  can_delete: boolean;
  can_share: boolean;
}

/**
 * The contextValue of a storage item: `library.file` followed by what its capabilities allow
 * (spec 4.13: "decide download, share and grant rights only from each item's capabilities"), and
 * `:document` when it stands for a translation input (Translate Again, Rename and Delete go through
 * /documents then). Menus match `viewItem =~ /^library\.file.*:download/` etc.
 */
export function fileContextValue(caps: Partial<Capabilities> | undefined, documentId: string | undefined, artifactId?: string): string {
  const parts: string[] = [ContextValue.libraryFile];
  if (caps?.can_view === true && caps.can_download === true) parts.push('open', 'download');
  if (caps?.can_share === true) parts.push('share');
  if (caps?.can_update === true) parts.push('update');
  if (caps?.can_delete === true) parts.push('delete');
  if (documentId !== undefined) parts.push('document');
  // A job's result: Preview (preview-url) and its download-link exist only for artifacts (spec 4.4).
  if (artifactId !== undefined && caps?.can_view === true) parts.push('artifact');
  return parts.join(':');
}

/** Where a document row is shown: Documents, or under a project or a tag (then Remove from Project / Untag). */
export type DocumentContainer = { kind: 'project' | 'tag'; id: string; name: string };

/**
 * `library.document` under Documents; `library.document:project` / `library.document:tag` under a
 * project or a tag, where the menu offers taking it out of that project or tag apart from Delete.
 */
export function documentContextValue(container: DocumentContainer | undefined): string {
  return container === undefined ? ContextValue.libraryDocument : `${ContextValue.libraryDocument}:${container.kind}`;
}

/** The Library's root sections, in the order shown. */
export type SectionKind = 'documents' | 'projects' | 'tags' | 'shares' | 'storage' | 'apps';
/** Today's sections, when the service's workspace entries are not available. */
export const DEFAULT_SECTIONS: readonly SectionKind[] = ['documents', 'projects', 'tags', 'shares', 'storage', 'apps'];

export interface SectionLayout {
  order: SectionKind[];
  /** What the service counts per section (documents, shares: their count; projects, tags: how many). */
  counts: Partial<Record<SectionKind, number>>;
}

/**
 * The root sections as the service's web app arranges them (GET /workspace/entries: collections,
 * each project, each tag, in its order): a section comes where the service first names it;
 * sections it does not name (Projects or Tags with none yet, Storage, Apps) keep their place
 * after the section they follow by default. Undefined entries (not available): today's sections.
 */
export function sectionLayout(entries: readonly Record<string, unknown>[] | undefined): SectionLayout {
  if (entries === undefined) return { order: [...DEFAULT_SECTIONS], counts: {} };
  const order: SectionKind[] = [];
  const counts: Partial<Record<SectionKind, number>> = {};
  for (const e of entries) {
    const kind = typeof e.kind === 'string' ? e.kind : '';
    const id = typeof e.id === 'string' ? e.id : '';
    let section: SectionKind | undefined;
    if (kind === 'project') section = 'projects';
    else if (kind === 'tag') section = 'tags';
    else if (kind === 'collection' && (id === 'documents' || id === 'shares' || id === 'storage')) section = id;
    else if (kind === 'collection' && id === 'files') section = 'storage';
    if (section === undefined) continue;
    if (!order.includes(section)) order.push(section);
    if (section === 'projects' || section === 'tags') counts[section] = (counts[section] ?? 0) + 1;
    else if (typeof e.count === 'number' && Number.isFinite(e.count)) counts[section] = e.count;
  }
  DEFAULT_SECTIONS.forEach((s, i) => {
    if (order.includes(s)) return;
    // Storage and Apps are not part of the web app's navigation entries: always last.
    if (s === 'storage' || s === 'apps') {
      order.push(s);
      return;
    }
    const before = DEFAULT_SECTIONS.slice(0, i)
      .reverse()
      .find((p) => order.includes(p));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, s);
  });
  return { order, counts };
}

/** Fields that are addresses or secrets (share and link tokens, download and preview addresses): never shown. */
const HIDDEN_FIELD = /(^|_)(token|url|secret|ticket|key)s?$/i;

function cell(value: unknown): string {
  if (value === null) return '—';
  const text = Array.isArray(value)
    ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function rows(record: Record<string, unknown>, prefix: string, out: [string, string][]): void {
  for (const [key, value] of Object.entries(record)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (HIDDEN_FIELD.test(key)) {
      out.push([name, l10n.t('(hidden: a secret address)')]);
      continue;
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) rows(value as Record<string, unknown>, name, out);
    else out.push([name, cell(value)]);
  }
}

/**
 * A read-only details document (Markdown): one table per record the service returned (GET …/{id}),
 * every field as sent, nested objects as dotted names. Tokens and addresses are never written.
 */
export function detailsMarkdown(title: string, parts: readonly { heading: string; record: Record<string, unknown> }[]): string {
  const out = [`# ${title.replace(/\r?\n/g, ' ')}`, ''];
  for (const part of parts) {
    out.push(`## ${part.heading}`, '', `| ${l10n.t('Field')} | ${l10n.t('Value')} |`, '|---|---|');
    const list: [string, string][] = [];
    rows(part.record, '', list);
    for (const [k, v] of list) out.push(`| \`${k}\` | ${v} |`);
    out.push('');
  }
  return out.join('\n');
}

/** One line about a public link of a library item: audience, download or view only, state, expiry, downloads. */
export function describeLink(link: Record<string, unknown>, now: number): string {
  const bits: string[] = [];
  bits.push(link.audience === 'restricted' ? l10n.t('restricted') : l10n.t('anyone with the link'));
  bits.push(link.allow_download === false ? l10n.t('view only') : l10n.t('download'));
  if (typeof link.status === 'string' && link.status !== 'active') bits.push(link.status);
  else bits.push(describeExpiry(typeof link.expires_at === 'string' ? link.expires_at : null, now));
  if (typeof link.download_count === 'number') {
    bits.push(
      typeof link.max_downloads === 'number'
        ? l10n.t('{0} of {1} downloads', link.download_count, link.max_downloads)
        : l10n.t('{0} downloads', link.download_count),
    );
  }
  return bits.join(' · ');
}

export interface ExpiryChoice {
  readonly label: string;
  /** Days, null for never, 'custom' to ask for a number. */
  days: number | null | 'custom';
}

// Labels are getters: they follow the display language, read when the picker opens.
export const EXPIRY_CHOICES: readonly ExpiryChoice[] = [
  {
    get label() {
      return l10n.t('Never expires');
    },
    days: null,
  },
  {
    get label() {
      return l10n.t('{0} days', 7);
    },
    days: 7,
  },
  {
    get label() {
      return l10n.t('{0} days', 30);
    },
    days: 30,
  },
  {
    get label() {
      return l10n.t('{0} days', 365);
    },
    days: 365,
  },
  {
    get label() {
      return l10n.t('Custom (1-365 days)…');
    },
    days: 'custom',
  },
];

/** Spec part 8: 1-365 whole days. An error message for the input box, or undefined when valid. */
export function validateDays(text: string): string | undefined {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return l10n.t('Enter a whole number of days from 1 to 365.');
  const n = Number(t);
  return n >= 1 && n <= 365 ? undefined : l10n.t('Enter a whole number of days from 1 to 365.');
}

/** "expires in 3 days", "expires today", "never expires", "expired". */
export function describeExpiry(expiresAt: string | null | undefined, now: number): string {
  if (expiresAt === null || expiresAt === undefined) return l10n.t('never expires');
  const at = Date.parse(expiresAt);
  if (!Number.isFinite(at)) return l10n.t('expiry unknown');
  if (at <= now) return l10n.t('expired');
  const days = Math.floor((at - now) / 86_400_000);
  if (days === 0) return l10n.t('expires today');
  return days === 1 ? l10n.t('expires in 1 day') : l10n.t('expires in {0} days', days);
}

const TEXT_TYPES = /^(text\/|application\/(json|xml|x-subrip|javascript|yaml|x-yaml|markdown)|[a-z]+\/[a-z0-9.+-]*\+(json|xml))/i;
const TEXT_EXTENSIONS = new Set(['md', 'markdown', 'txt', 'json', 'xml', 'html', 'htm', 'srt', 'vtt', 'yaml', 'yml', 'csv']);

/** Whether a library file opens as text in an editor tab (else through the download cache, as a file). */
export function isTextFile(contentType: string | undefined, name: string): boolean {
  if (contentType !== undefined && TEXT_TYPES.test(contentType.trim())) return true;
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  return (contentType === undefined || contentType === '' || contentType === 'application/octet-stream') && TEXT_EXTENSIONS.has(ext);
}

/** The state of a paged list: nothing is fetched until the first `nextRequest()`; each page appends. */
export class Pager<T> {
  items: T[] = [];
  private nextOffset = 0;
  private more = true;
  private started = false;

  get loaded(): boolean {
    return this.started;
  }

  get hasMore(): boolean {
    return this.more;
  }

  /** Offset of the next page, or undefined when everything is loaded. */
  nextRequest(): number | undefined {
    return this.more ? this.nextOffset : undefined;
  }

  apply(page: { items: readonly T[]; has_more: boolean; next_offset: number | null }, offset: number): void {
    if (offset !== this.nextOffset) return;
    this.started = true;
    this.items.push(...page.items);
    const next = page.next_offset ?? offset + page.items.length;
    this.more = page.has_more && next > offset;
    this.nextOffset = next;
  }

  reset(): void {
    this.items = [];
    this.nextOffset = 0;
    this.more = true;
    this.started = false;
  }
}

export interface ArtifactRef {
  jobId?: string;
  artifactId: string;
  name?: string;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The artifact a "Create Share Link…" was invoked on: a Jobs view node (`{ artifact: { id, jobId } }`)
 * or a plain `{ jobId, artifactId }`. Read from the object's fields only (features never import each other).
 */
export function readArtifactArg(arg: unknown): ArtifactRef | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as Record<string, unknown>;
  const nested = typeof o.artifact === 'object' && o.artifact !== null ? (o.artifact as Record<string, unknown>) : undefined;
  const artifactId = str(o.artifactId) ?? str(nested?.id);
  if (artifactId === undefined) return undefined;
  const jobId = str(o.jobId) ?? str(nested?.jobId) ?? str(nested?.job_id);
  const label =
    typeof o.label === 'string'
      ? o.label
      : typeof (o.label as { label?: unknown } | undefined)?.label === 'string'
        ? (o.label as { label: string }).label
        : undefined;
  const name = str(nested?.filename) ?? str(label);
  // Only the fields read: the unit tests compare the reference whole (deepStrictEqual), where `name: undefined` would differ.
  return { artifactId, ...(jobId !== undefined ? { jobId } : {}), ...(name !== undefined ? { name } : {}) };
}

export function formatBytes(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
