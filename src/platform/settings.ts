import * as vscode from 'vscode';
import { DEFAULTS, SECTION, SELECTION_MODES, SettingKey, type SelectionMode, SEGMENTATION_MODES, type Segmentation } from './settingKeys.ts';
import { checkServiceUrl } from '../shared/serviceUrl.ts';

const ALL_KEYS = Object.values(SettingKey);

/** Typed access to the extension's settings, with one change event naming the keys that changed. */
export class Settings implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ReadonlySet<SettingKey>>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  /**
   * The service URL as read from the settings, kept until the configuration changes: activation,
   * the client and the key store read it several times in a row, and each read is an `inspect`.
   */
  private serviceUrl: { url: string; raw: string; fromWorkspace: boolean } | undefined;

  constructor() {
    this.subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      // Any change: the host replaced its configuration before firing, and this listener runs first.
      this.serviceUrl = undefined;
      const keys = new Set(ALL_KEYS.filter((k) => e.affectsConfiguration(`${SECTION}.${k}`)));
      if (keys.size > 0) this.changed.fire(keys);
    });
  }

  private readServiceUrl(): { url: string; raw: string; fromWorkspace: boolean } {
    if (this.serviceUrl !== undefined) return this.serviceUrl;
    const info = this.config().inspect<unknown>(SettingKey.baseUrl);
    const value = info?.globalValue;
    const check = typeof value === 'string' ? checkServiceUrl(value) : undefined;
    this.serviceUrl = {
      url: check?.ok === true ? check.url : '',
      raw: typeof value === 'string' ? value.trim() : '',
      fromWorkspace: info?.workspaceValue !== undefined || info?.workspaceFolderValue !== undefined,
    };
    return this.serviceUrl;
  }

  /**
   * The service address from user (global) settings only. Workspace and folder values are
   * ignored on purpose: a cloned repository must never be able to send the key elsewhere.
   * An invalid value reads as empty, so callers ask the user for a proper one.
   */
  get baseUrl(): string {
    return this.readServiceUrl().url;
  }

  /** The raw global value, for showing why a configured address is not used. */
  get rawBaseUrl(): string {
    return this.readServiceUrl().raw;
  }

  /** True when a workspace or folder tries to set the service URL (always ignored). */
  get workspaceSetsBaseUrl(): boolean {
    return this.readServiceUrl().fromWorkspace;
  }

  get targetLanguage(): string {
    return this.string(SettingKey.targetLanguage, DEFAULTS.targetLanguage);
  }

  /** Restricted in an untrusted workspace (what is sent): the user's own setting or the default there. */
  get sourceLanguage(): string {
    return this.trustedString(SettingKey.sourceLanguage, DEFAULTS.sourceLanguage);
  }

  /** Restricted in an untrusted workspace (what it costs): the user's own setting or the default there. */
  get engine(): string {
    return this.trustedString(SettingKey.engine, DEFAULTS.engine);
  }

  /**
   * The value a workspace may set only when it is trusted (the key is also a restricted
   * configuration, which VS Code applies; this applies it where the host does not, and in tests).
   */
  private fromTrusted(key: SettingKey): unknown {
    if (this.workspaceTrusted()) return this.config().get<unknown>(key);
    return this.config().inspect<unknown>(key)?.globalValue;
  }

  private trustedString(key: SettingKey, fallback: string): string {
    const value = this.fromTrusted(key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
  }

  /** Whether the workspace is trusted (tests may stand in for it). */
  get trusted(): boolean {
    return this.workspaceTrusted();
  }

  get selectionMode(): SelectionMode {
    const value = this.config().get<unknown>(SettingKey.selectionMode);
    return isSelectionMode(value) ? value : DEFAULTS.selectionMode;
  }

  /**
   * Where Save Next to Source writes. A workspace decides this only when it is trusted (the key
   * is also a restricted configuration); otherwise the user's own setting or the default.
   */
  get saveNextToSourcePattern(): string {
    if (this.workspaceTrusted()) return this.string(SettingKey.saveNextToSourcePattern, DEFAULTS.saveNextToSourcePattern);
    const value = this.config().inspect<unknown>(SettingKey.saveNextToSourcePattern)?.globalValue;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : DEFAULTS.saveNextToSourcePattern;
  }

  /** Tests stand in for workspace trust, which code-server does not switch per workspace. */
  trustOverride: boolean | undefined;

  private workspaceTrusted(): boolean {
    return this.trustOverride ?? vscode.workspace.isTrusted;
  }

  /** How documents are cut into segments: whole blocks with their inline Markdown (default), or the prose between kept spans. */
  get segmentation(): Segmentation {
    const value = this.config().get<unknown>(SettingKey.segmentation);
    return typeof value === 'string' && (SEGMENTATION_MODES as readonly string[]).includes(value) ? (value as Segmentation) : DEFAULTS.segmentation;
  }

  /** Front matter keys whose values readers see, translated in addition to the framework's defaults; every other key stays byte-for-byte. */
  get frontMatterKeys(): readonly string[] {
    const value = this.fromTrusted(SettingKey.frontMatterKeys);
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string' && k.trim() !== '') : DEFAULTS.frontMatterKeys;
  }

  /** Limits of the download cache in the extension's storage. */
  get downloadCacheLimits(): { maxBytes: number; maxAgeMs: number } {
    const number = (key: SettingKey, fallback: number): number => {
      const value = this.fromTrusted(key);
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
    };
    return {
      maxBytes: number(SettingKey.downloadCacheMaxSizeMb, DEFAULTS.downloadCacheMaxSizeMb) * 1024 * 1024,
      maxAgeMs: number(SettingKey.downloadCacheMaxAgeDays, DEFAULTS.downloadCacheMaxAgeDays) * 86_400_000,
    };
  }

  /** Largest single download accepted, in bytes (`download.maxSizeMB`, at least 1 MB). */
  get downloadMaxBytes(): number {
    const value = this.fromTrusted(SettingKey.downloadMaxSizeMb);
    const mb = typeof value === 'number' && Number.isFinite(value) && value >= 1 ? value : DEFAULTS.downloadMaxSizeMb;
    return Math.floor(mb * 1024 * 1024);
  }

  /**
   * The budget of an update from the Localization view, in credits (`localize.maxCredits`): undefined
   * when not set; any other value as it is (NaN when not a number), so the update refuses it by name.
   */
  get localizeMaxCredits(): number | undefined {
    const value = this.fromTrusted(SettingKey.localizeMaxCredits);
    if (value === undefined || value === null) return undefined;
    return typeof value === 'number' ? value : Number.NaN;
  }

  async setBaseUrl(url: string): Promise<void> {
    await this.config().update(SettingKey.baseUrl, url, vscode.ConfigurationTarget.Global);
  }

  /** Writes where the effective value comes from, so a workspace override does not hide the change. */
  async setTargetLanguage(code: string): Promise<void> {
    const config = this.config();
    const info = config.inspect<unknown>(SettingKey.targetLanguage);
    const target = info?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await config.update(SettingKey.targetLanguage, code, target);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }

  private string(key: SettingKey, fallback: string): string {
    const value = this.config().get<unknown>(key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
  }
}

export function isSelectionMode(value: unknown): value is SelectionMode {
  return typeof value === 'string' && (SELECTION_MODES as readonly string[]).includes(value);
}
