// The three versions of a conflict as one read-only Markdown page. Pure (no vscode import).
import type { Conflict } from '../../localize/index.ts';
import { t } from '../../platform/l10n.ts';

const fence = (text: string): string => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}markdown\n${text}\n${f}`;
};

/** Why a translation is in conflict, as the view's tooltip and the conflict page say it. */
export function conflictReason(reason: Conflict['reason']): string {
  return reason === 'markers'
    ? t(
        'This translation holds conflict markers (<<<<<<<, =======, >>>>>>>) left by a merge: nobody chose between the versions yet, so it is not up to date. Edit it: keep one version of each passage and delete the markers.',
      )
    : reason === 'untracked'
      ? t("This translation exists but was never written by an update, so it may be a human's work.")
      : reason === 'restructured'
        ? t('Paragraphs were added to or removed from this translation by hand.')
        : reason === 'changed'
          ? t('This file was changed (saved or created) while the update was running; run the update again to compare.')
          : t('The source paragraph changed after its translation was edited by hand.');
}

export function conflictPage(c: Conflict, merged: { text: string; clean: boolean } | undefined): string {
  const where = c.block < 0 ? t('the whole file') : t('paragraph {0}', c.block + 1);
  const why = conflictReason(c.reason);
  const lines = [`# ${t('Conflict in {0} ({1})', c.target, where)}`, '', t('{0} The update left the file as it is. Choose what to keep:', why), ''];
  lines.push(
    `## ${t('Base: the translation as the last update wrote it')}`,
    '',
    c.base !== undefined ? fence(c.base) : `_${t('Not kept (keepBase is off, or the file was never written by an update).')}_`,
    '',
  );
  lines.push(`## ${t('Yours: as it stands in the file (Keep Mine)')}`, '', fence(c.theirs), '');
  lines.push(
    `## ${t('New: the translation of the changed source (Use New Translation)')}`,
    '',
    c.ours !== undefined ? fence(c.ours) : `_${t('Not translated yet: run Update Translations on this file.')}_`,
    '',
  );
  if (merged !== undefined) {
    // A merge where both sides changed the same words is never written: it would leave markers in the file.
    if (merged.clean) lines.push(`## ${t('Merged word by word (Merge)')}`, '', fence(merged.text), '');
    else
      lines.push(
        `## ${t('Merged word by word: both sides changed the same words')}`,
        '',
        `_${t('Not offered: choose in the merge editor which words to keep, then save the file.')}_`,
        '',
      );
  }
  return lines.join('\n');
}
