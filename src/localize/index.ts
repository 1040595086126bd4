/** Public surface of the localization engine (plain Node; never imports vscode). See README.md. */
export { CONFIG_FILE, LOCK_FILE, ConfigError, ConfigSchema, loadConfig, resolveConfig, type LocalizeConfig } from './config.ts';
export { LAYOUT_NAMES, createLayout, detectFramework, type Detected, type Layout, type LayoutName, type LayoutSpec } from './layouts.ts';
export { localFs, type Expect, type LocalizeFs } from './fs.ts';
export { decodedExpect, encodeText, type TextEncoding } from './encoding.ts';
export { acquireRunLock, commitLock, RUN_LOCK, type RunHolder } from './lockFile.ts';
export { LockError, mergeLocks, parseLock, serializeLock, shardOf, type Lock, type LockEntry } from './lock.ts';
export { listSourceFiles, listSources, parseShard, scan, type LocalizeOptions, type Shard } from './scan.ts';
export { dryRun, planStatus, type DryRunLanguage, type DryRunReport, type StatusReport, type TargetStatus } from './status.ts';
export { update, BASE_DIR, type BatchTranslator, type UpdateOptions, type UpdateProgress, type UpdateReport } from './update.ts';
export { mergeConflict, resolveConflict, ResolveError, type Resolution } from './conflicts.ts';
export type { Conflict, TargetState } from './plan.ts';
export { hashFile, type FileJobClient } from './filejobs.ts';
export { ChangedError, GuardedRoot } from '../shared/guardedFs.ts';
export { adopt, type AdoptReport, type AdoptedFile } from './adopt.ts';
export { checkLinks, type BrokenLink, type LinkReport } from './trust/linkCheck.ts';
export { siteRulesFor, type SiteRules } from './site/rules.ts';
export type { SiteModel, SiteLocale, Proposal, Unreadable } from './site/index.ts';
