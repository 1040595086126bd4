/** The front matter keys of the reader labels (`labels` in doc-translate.json). Data only. */

export interface LabelKeys {
  /** Set to `true` on a page written by the tool until every translated paragraph was reviewed. */
  machineTranslated: string;
  /** Set to `true` on a page whose source changed since it was translated, until it is updated. */
  outdated: string;
}

export const DEFAULT_LABEL_KEYS: LabelKeys = { machineTranslated: 'machine_translated', outdated: 'translation_outdated' };

/** The `labels` setting as given (absent: on with the default keys) → the keys, or false when off. */
export function labelKeysOf(setting: boolean | { machineTranslated?: string | undefined; outdated?: string | undefined } | undefined): LabelKeys | false {
  if (setting === false) return false;
  if (setting === undefined || setting === true) return { ...DEFAULT_LABEL_KEYS };
  return {
    machineTranslated: setting.machineTranslated ?? DEFAULT_LABEL_KEYS.machineTranslated,
    outdated: setting.outdated ?? DEFAULT_LABEL_KEYS.outdated,
  };
}

/**
 * The keys whose `true` lines are left out of every hash and alignment: the configured ones and the
 * defaults, so that a page labelled before labels were turned off or renamed never looks edited.
 */
export function strippedLabelKeys(labels: LabelKeys | false | undefined): string[] {
  const keys = [DEFAULT_LABEL_KEYS.machineTranslated, DEFAULT_LABEL_KEYS.outdated];
  if (labels !== false && labels !== undefined) keys.push(labels.machineTranslated, labels.outdated);
  return [...new Set(keys)];
}
