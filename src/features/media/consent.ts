// The rights statement Add Voice shows before anything is sent (spec 4.9: the caller must ensure
// the recording is their own or validly authorised). Pure: no vscode.

/** The statement version sent as `consent_version` (spec 4.9 sample). */
export const CONSENT_VERSION = 'voice-source-rights-v1';

/** The one answer that gives consent; any other answer (or none) sends nothing. */
export const CONSENT_CHOICE = 'The recording is my own or validly authorised';
/** The first (default) answer of the consent question, so pressing Enter never consents. */
export const CONSENT_DECLINE = 'It is not: do not create a voice';

export function consentQuestion(recording: string): string {
  return `Create a voice from ${recording}? Only with the speaker's rights.`;
}

/** The full statement for CONSENT_VERSION, shown as the modal's detail. */
export function consentStatement(): string {
  return [
    `Voice source rights (${CONSENT_VERSION}):`,
    'You confirm that the recording is of your own voice, or that the person speaking has validly authorised you to create a synthetic voice from it.',
    'You will use the voice only within that authorisation, and you can revoke it at any time (Revoke Voice).',
    'Your confirmation is sent to the service with the voice and kept with it.',
  ].join('\n');
}
