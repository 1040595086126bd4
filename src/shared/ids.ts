/** Command ids, defined once; package.json contributes the same ids. */
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
