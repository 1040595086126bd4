// The rights statement Add Voice shows before anything is sent (spec 4.9: the caller must ensure
// the recording is their own or validly authorised). Pure: no vscode.
import { t } from '../../platform/l10n.ts';

/** The statement version sent as `consent_version` (spec 4.9 sample). */
export const CONSENT_VERSION = 'voice-source-rights-v1';

/** The one answer that gives consent (English); any other answer (or none) sends nothing. */
export const CONSENT_CHOICE = 'The recording is my own or validly authorised';

/** The consenting answer in the display language (what the button says and the answer is compared with). */
export function consentChoice(): string {
  return t('The recording is my own or validly authorised');
}

/** The first (default) answer of the consent question, so pressing Enter never consents. */
export function consentDecline(): string {
  return t('It is not: do not create a voice');
}

export function consentQuestion(recording: string): string {
  return t("Create a voice from {0}? Only with the speaker's rights.", recording);
}

/** The full statement for CONSENT_VERSION, shown as the modal's detail. */
export function consentStatement(): string {
  return [
    t('Voice source rights ({0}):', CONSENT_VERSION),
    t('You confirm that the recording is of your own voice, or that the person speaking has validly authorised you to create a synthetic voice from it.'),
    t('You will use the voice only within that authorisation, and you can revoke it at any time (Revoke Voice).'),
    t('Your confirmation is sent to the service with the voice and kept with it.'),
  ].join('\n');
}
