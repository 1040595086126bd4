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
} as const;
export type CommandId = (typeof CommandId)[keyof typeof CommandId];
