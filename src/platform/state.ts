// Every Memento key the extension uses, in one place, with the store it lives in.

/** Keys in `context.globalState` (all windows). */
export const GlobalStateKey = {
  recentTargetLanguages: 'docTranslate.recentTargetLanguages',
  translateFilesLastOptions: 'docTranslate.translateFiles.lastOptions',
  /** Walkthrough milestones reached (context key → true), set again at every activation. */
  walkthroughMilestones: 'docTranslate.walkthrough.milestones',
} as const;

/** Keys in `context.workspaceState` (this workspace): jobs of this workspace survive a reload. */
export const WorkspaceStateKey = {
  watchedJobs: 'docTranslate.jobs.watched',
  jobOrigins: 'docTranslate.jobs.origins',
  /** Jobs removed from the Jobs view by Clear Finished (they stay on the service). */
  clearedJobs: 'docTranslate.jobs.cleared',
  /** Media job id → the local file it was started from. */
  mediaSources: 'docTranslate.media.sources',
  /** Document operation id → the local file(s) it was started from. */
  operationSources: 'docTranslate.operations.sources',
  /** The Localization view's "Show Problems Only" filter. */
  localizationProblemsOnly: 'docTranslate.localization.problemsOnly',
} as const;
