// Ids the editor layer and package.json share, defined once: commands, views, context keys and
// the `contextValue` strings that menus match with `viewItem =~ /.../`. Pure: no vscode.

/** Command ids; package.json contributes the same ids (a test checks both ways). */
export const CommandId = {
  setApiKey: 'docTranslate.setApiKey',
  clearApiKey: 'docTranslate.clearApiKey',
  setServiceUrl: 'docTranslate.setServiceUrl',
  translateSelection: 'docTranslate.translateSelection',
  translateDocument: 'docTranslate.translateDocument',
  showTranslationDiff: 'docTranslate.showTranslationDiff',
  changeTargetLanguage: 'docTranslate.changeTargetLanguage',
  showLog: 'docTranslate.showLog',
  showBalance: 'docTranslate.showBalance',
  translateFiles: 'docTranslate.translateFiles',
  jobsRefresh: 'docTranslate.jobs.refresh',
  jobsCancel: 'docTranslate.jobs.cancel',
  jobsOpenArtifact: 'docTranslate.jobs.openArtifact',
  jobsSaveArtifactAs: 'docTranslate.jobs.saveArtifactAs',
  jobsSaveNextToSource: 'docTranslate.jobs.saveNextToSource',
  jobsCopyJobId: 'docTranslate.jobs.copyJobId',
  jobsShowReceipt: 'docTranslate.jobs.showReceipt',
  jobsShowDiff: 'docTranslate.jobs.showDiff',
  /** Registered by VS Code for the Jobs view (`<view id>.focus`); never registered by the extension. */
  jobsFocus: 'docTranslate.jobs.focus',
  /** Internal (leading underscore: VS Code hides it from the palette and getCommands(true)); tests read the Jobs tree. */
  jobsSnapshot: '_docTranslate.jobs.snapshot',
} as const;
export type CommandId = (typeof CommandId)[keyof typeof CommandId];

/** View ids (package.json `contributes.views`). */
export const ViewId = {
  jobs: 'docTranslate.jobs',
} as const;
export type ViewId = (typeof ViewId)[keyof typeof ViewId];

/** Context keys for `when` clauses; set through the platform's ContextKeys, each only on change. */
export const ContextKey = {
  hasServiceUrl: 'docTranslate.hasServiceUrl',
  hasApiKey: 'docTranslate.hasApiKey',
  hasTranslations: 'docTranslate.hasTranslations',
} as const;
export type ContextKey = (typeof ContextKey)[keyof typeof ContextKey];

/** `contextValue` of tree items; menus in package.json match them with `viewItem =~ /^job\./` etc. */
export const ContextValue = {
  jobActive: 'job.active',
  jobCompleted: 'job.completed',
  jobFailed: 'job.failed',
  artifactText: 'artifact.text',
  artifactBinary: 'artifact.binary',
  message: 'message',
} as const;
export type ContextValue = (typeof ContextValue)[keyof typeof ContextValue];
