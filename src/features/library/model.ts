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
export function fileContextValue(caps: Partial<Capabilities> | undefined, documentId: string | undefined): string {
  const parts: string[] = [ContextValue.libraryFile];
  if (caps?.can_view === true && caps.can_download === true) parts.push('open', 'download');
  if (caps?.can_share === true) parts.push('share');
  if (caps?.can_update === true) parts.push('update');
  if (caps?.can_delete === true) parts.push('delete');
  if (documentId !== undefined) parts.push('document');
  return parts.join(':');
}

export interface ExpiryChoice {
  readonly label: string;
  /** Days, null for never, 'custom' to ask for a number. */
  days: number | null | 'custom';
}

// Labels are getters: they follow the display language, read when the picker opens.
export const EXPIRY_CHOICES: readonly ExpiryChoice[] = [
  { get label() { return l10n.t('Never expires'); }, days: null },
  { get label() { return l10n.t('{0} days', 7); }, days: 7 },
  { get label() { return l10n.t('{0} days', 30); }, days: 30 },
  { get label() { return l10n.t('{0} days', 365); }, days: 365 },
  { get label() { return l10n.t('Custom (1-365 days)…'); }, days: 'custom' },
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
  const label = typeof o.label === 'string' ? o.label : typeof (o.label as { label?: unknown } | undefined)?.label === 'string' ? (o.label as { label: string }).label : undefined;
  const name = str(nested?.filename) ?? str(label);
  return { artifactId, ...(jobId !== undefined ? { jobId } : {}), ...(name !== undefined ? { name } : {}) };
}

export function formatBytes(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
