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
  jobsSaveAllNextToSource: 'docTranslate.jobs.saveAllNextToSource',
  jobsClearFinished: 'docTranslate.jobs.clearFinished',
  jobsLoadOlder: 'docTranslate.jobs.loadOlder',
  /** Registered by VS Code for the Jobs view (`<view id>.focus`); never registered by the extension. */
  jobsFocus: 'docTranslate.jobs.focus',
  /** Internal (leading underscore: VS Code hides it from the palette and getCommands(true)); tests read the Jobs tree. */
  jobsSnapshot: '_docTranslate.jobs.snapshot',
  localizationSetUp: 'docTranslate.localization.setUp',
  localizationUpdate: 'docTranslate.localization.update',
  localizationCheck: 'docTranslate.localization.check',
  localizationCancelUpdate: 'docTranslate.localization.cancelUpdate',
  localizationRefresh: 'docTranslate.localization.refresh',
  localizationOpenTranslation: 'docTranslate.localization.openTranslation',
  localizationDiffWithSource: 'docTranslate.localization.diffWithSource',
  localizationShowConflict: 'docTranslate.localization.showConflict',
  /** Records existing translations (untracked) in the lock: the whole set-up from the title bar, or one row. */
  localizationAdopt: 'docTranslate.localization.adopt',
  /** Records that a person reviewed a translation,, or the paragraphs a selection covers. */
  localizationMarkReviewed: 'docTranslate.localization.markReviewed',
  localizationCheckLinks: 'docTranslate.localization.checkLinks',
  /** Adds a target language to an existing set-up. */
  localizationAddLanguage: 'docTranslate.localization.addLanguage',
  /** Writes .github/workflows/doc-translate.yml for a set-up (README "Localize in CI"). */
  localizationCopyCiWorkflow: 'docTranslate.localization.copyCiWorkflow',
  /** The view's title bar: every set-up, never the selected row. */
  localizationUpdateAll: 'docTranslate.localization.updateAll',
  /** The view's filter toggle (one shown at a time, by ContextKey.localizationProblemsOnly). */
  localizationShowProblemsOnly: 'docTranslate.localization.showProblemsOnly',
  localizationShowAll: 'docTranslate.localization.showAll',
  /** Registered by VS Code for the Localization view; never registered by the extension. */
  localizationFocus: 'docTranslate.localization.focus',
  /** Internal: tests read the Localization tree, its status bar item and the Explorer badges. */
  localizationSnapshot: '_docTranslate.localization.snapshot',
  libraryRefresh: 'docTranslate.library.refresh',
  libraryLoadMore: 'docTranslate.library.loadMore',
  libraryOpen: 'docTranslate.library.open',
  libraryDownload: 'docTranslate.library.download',
  libraryTranslateAgain: 'docTranslate.library.translateAgain',
  libraryRename: 'docTranslate.library.rename',
  libraryDelete: 'docTranslate.library.delete',
  libraryAddToProject: 'docTranslate.library.addToProject',
  libraryTag: 'docTranslate.library.tag',
  libraryNewProject: 'docTranslate.library.newProject',
  libraryNewTag: 'docTranslate.library.newTag',
  librarySearch: 'docTranslate.library.search',
  libraryCreateShareLink: 'docTranslate.library.createShareLink',
  libraryCopyShareLink: 'docTranslate.library.copyShareLink',
  libraryRevokeShare: 'docTranslate.library.revokeShare',
  libraryCreateStorageLink: 'docTranslate.library.createStorageLink',
  libraryGrantAccess: 'docTranslate.library.grantAccess',
  /** A document shown under a project / a tag: taken out of it, the upload stays (not Delete). */
  libraryRemoveFromProject: 'docTranslate.library.removeFromProject',
  libraryUntag: 'docTranslate.library.untag',
  /** A library item's public links and access grants: listed, revoked (confirmed), or a new one made. */
  libraryManageLinks: 'docTranslate.library.manageLinks',
  libraryManageAccess: 'docTranslate.library.manageAccess',
  /** A result's preview-url in the Simple Browser; a short-lived download address on the clipboard. */
  libraryPreview: 'docTranslate.library.preview',
  libraryCopyDownloadLink: 'docTranslate.library.copyDownloadLink',
  /** A project, share, library item or result as the service describes it (GET …/{id}), read-only. */
  libraryShowDetails: 'docTranslate.library.showDetails',
  /** What a share link points at, downloaded as a reviewer would (no key) and saved into the workspace. */
  libraryDownloadShare: 'docTranslate.library.downloadShare',
  /** Internal: tests read the Library tree. */
  librarySnapshot: '_docTranslate.library.snapshot',
  accountRefresh: 'docTranslate.account.refresh',
  accountOpenReceipt: 'docTranslate.account.openReceipt',
  /** Registered by VS Code for the Account view; never registered by the extension. */
  accountFocus: 'docTranslate.account.focus',
  /** Internal: tests read what the Account view rendered. */
  accountSnapshot: '_docTranslate.account.snapshot',
  webhooksAdd: 'docTranslate.webhooks.add',
  webhooksEdit: 'docTranslate.webhooks.edit',
  webhooksEnable: 'docTranslate.webhooks.enable',
  webhooksDelete: 'docTranslate.webhooks.delete',
  mediaTranscribe: 'docTranslate.media.transcribe',
  mediaTranslateSubtitles: 'docTranslate.media.translateSubtitles',
  mediaProcessVideo: 'docTranslate.media.processVideo',
  mediaSynthesizeSpeech: 'docTranslate.media.synthesizeSpeech',
  mediaRefresh: 'docTranslate.media.refresh',
  mediaCancel: 'docTranslate.media.cancel',
  mediaOpenFile: 'docTranslate.media.openFile',
  mediaSaveNextToSource: 'docTranslate.media.saveNextToSource',
  mediaAddVoice: 'docTranslate.media.addVoice',
  mediaConfirmVoice: 'docTranslate.media.confirmVoice',
  mediaReconcileVoice: 'docTranslate.media.reconcileVoice',
  mediaRevokeVoice: 'docTranslate.media.revokeVoice',
  mediaShowReceipt: 'docTranslate.media.showReceipt',
  /** Internal: tests read the Media tree. */
  mediaSnapshot: '_docTranslate.media.snapshot',
  /** Document tools (Explorer: Document Tools submenu) and the Operations view. */
  toolsExtractText: 'docTranslate.documentTools.extractText',
  toolsPdfToHtml: 'docTranslate.documentTools.pdfToHtml',
  toolsVisualExtract: 'docTranslate.documentTools.visualExtract',
  toolsMergePdfs: 'docTranslate.documentTools.mergePdfs',
  toolsSplitPdf: 'docTranslate.documentTools.splitPdf',
  toolsCompressPdf: 'docTranslate.documentTools.compressPdf',
  toolsConvertImage: 'docTranslate.documentTools.convertImage',
  toolsCompressImage: 'docTranslate.documentTools.compressImage',
  operationsRefresh: 'docTranslate.operations.refresh',
  operationsCancel: 'docTranslate.operations.cancel',
  operationsOpenOutput: 'docTranslate.operations.openOutput',
  operationsSaveNextToSource: 'docTranslate.operations.saveNextToSource',
  operationsTranslateOutput: 'docTranslate.operations.translateOutput',
  operationsShowReceipt: 'docTranslate.operations.showReceipt',
  /** Internal: tests read the Operations tree and what the tools offer. */
  operationsSnapshot: '_docTranslate.operations.snapshot',
} as const;
export type CommandId = (typeof CommandId)[keyof typeof CommandId];

/** View ids (package.json `contributes.views`). */
export const ViewId = {
  jobs: 'docTranslate.jobs',
  localization: 'docTranslate.localization',
  library: 'docTranslate.library',
  account: 'docTranslate.account',
  media: 'docTranslate.media',
  operations: 'docTranslate.operations',
} as const;
export type ViewId = (typeof ViewId)[keyof typeof ViewId];

/** Context keys for `when` clauses; set through the platform's ContextKeys, each only on change. */
export const ContextKey = {
  hasServiceUrl: 'docTranslate.hasServiceUrl',
  hasApiKey: 'docTranslate.hasApiKey',
  hasTranslations: 'docTranslate.hasTranslations',
  /** A workspace folder holds doc-translate.json. */
  localizationHasSetup: 'docTranslate.localization.hasSetup',
  /** An update of the translations is running (Cancel Translation Update). */
  localizationUpdating: 'docTranslate.localization.updating',
  /** The Localization view shows only translations that need work (Show Problems Only). */
  localizationProblemsOnly: 'docTranslate.localization.problemsOnly',
  /** Walkthrough milestones: true once the real thing succeeded (a URL or key present counts), remembered across sessions (globalState). */
  savedServiceUrl: 'docTranslate.walkthrough.savedServiceUrl',
  storedApiKey: 'docTranslate.walkthrough.storedApiKey',
  translatedSelection: 'docTranslate.walkthrough.translatedSelection',
  translatedDocument: 'docTranslate.walkthrough.translatedDocument',
  startedTranslateFiles: 'docTranslate.walkthrough.startedTranslateFiles',
  /** Document tools: the file extensions (as `resourceExtname` shows them) each tool is offered on; empty when the service lists it as unavailable. */
  toolsExtractText: 'docTranslate.tools.extractText',
  toolsPdfToHtml: 'docTranslate.tools.pdfToHtml',
  toolsVisualExtract: 'docTranslate.tools.visualExtract',
  toolsMergePdfs: 'docTranslate.tools.mergePdfs',
  toolsSplitPdf: 'docTranslate.tools.splitPdf',
  toolsCompressPdf: 'docTranslate.tools.compressPdf',
  toolsConvertImage: 'docTranslate.tools.convertImage',
  toolsCompressImage: 'docTranslate.tools.compressImage',
  /** Every extension some document tool is offered on (the Document Tools submenu). */
  toolsAny: 'docTranslate.tools.any',
  /** Media: the file extensions each Explorer media command is offered on, from the media catalog once read (today's lists before). */
  mediaTranscribe: 'docTranslate.mediaMenu.transcribe',
  mediaTranslateSubtitles: 'docTranslate.mediaMenu.translateSubtitles',
  mediaProcessVideo: 'docTranslate.mediaMenu.processVideo',
  mediaSynthesizeSpeech: 'docTranslate.mediaMenu.synthesizeSpeech',
} as const;
export type ContextKey = (typeof ContextKey)[keyof typeof ContextKey];

/** `contextValue` of tree items; menus in package.json match them with `viewItem =~ /^job\./` etc. */
export const ContextValue = {
  jobActive: 'job.active',
  jobCompleted: 'job.completed',
  jobFailed: 'job.failed',
  /** One Translate Files… run (`jobRun.completed` once one of its jobs completed). */
  jobRun: 'jobRun',
  jobRunCompleted: 'jobRun.completed',
  artifactText: 'artifact.text',
  artifactBinary: 'artifact.binary',
  /** The Jobs view's last row while the service has older jobs: Load older jobs. */
  jobsLoadOlder: 'jobs.loadOlder',
  message: 'message',
  /** Localization view: a set-up (workspace folder), a source file, a translation `localization.target.<state>`. */
  localizationSetup: 'localization.setup',
  localizationSource: 'localization.source',
  /** A folder of source files (`.open` when one of its translations needs work). */
  localizationFolder: 'localization.folder',
  localizationTarget: 'localization.target',
  /** Library view sections: `library.section.<documents|projects|tags|shares|storage>`. */
  librarySection: 'library.section',
  libraryDocument: 'library.document',
  libraryProject: 'library.project',
  libraryTag: 'library.tag',
  libraryShare: 'library.share',
  /** Storage items append what their capabilities allow: `library.file:open:download:share:update:delete:document`. */
  libraryFile: 'library.file',
  libraryLoadMore: 'library.loadMore',
  /** A product of the service (Apps section): `library.app`, `library.app:unavailable`. */
  libraryApp: 'library.app',
  /** Media view sections: `media.section.<jobs|voices>`. */
  mediaSection: 'media.section',
  mediaJobActive: 'media.job.active',
  mediaJobEnded: 'media.job.ended',
  /** An ended job that was charged: its settlement has a receipt. */
  mediaJobSettled: 'media.job.ended.settled',
  /** Delivered files: `media.file.<text|binary>[.source]` (`.source`: the job's source file is known). */
  mediaFile: 'media.file',
  /** Voices: `media.voice.<status>`. */
  mediaVoice: 'media.voice',
  /** Operations view: `operation.<running|completed|failed>[.output]`, `toolRun.<completed|failed>`, `tool.unavailable`. */
  operation: 'operation',
  toolRun: 'toolRun',
  toolUnavailable: 'tool.unavailable',
} as const;
export type ContextValue = (typeof ContextValue)[keyof typeof ContextValue];
