// What the setup commands did; returned so callers (and tests) need no notification clicks.

export type SetApiKeyResult =
  { stored: true } | { stored: false; reason: 'cancelled' | 'invalid' | 'missingServiceUrl' | 'rejected' | 'failed'; error?: string };

export type SetServiceUrlResult = { saved: true; url: string } | { saved: false; reason: 'cancelled' | 'invalid' };
