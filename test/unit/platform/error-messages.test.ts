// Errors become actionable messages (pure: the wording is tested in plain Node).
import * as assert from 'node:assert/strict';
import {
  AbortError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  FinalizeTokenError,
  InsufficientCreditsError,
  KeyBudgetExhaustedError,
  RateLimitedError,
  ValidationError,
} from '../../../src/api/index.ts';
import { describeError } from '../../../src/platform/errorMessages.ts';

describe('Error messages', () => {
  it('offers Set API Key on 401', () => {
    const shown = describeError(new AuthenticationError('bad key', { code: 'authentication_failed', status: 401 }));
    assert.deepEqual(shown.actions, ['setApiKey']);
    assert.match(shown.message, /API key/);
  });

  it('says credits are short on 402, with the balance when known', () => {
    const err = new InsufficientCreditsError('no credits', { code: 'insufficient_credits', status: 402 });
    const shown = describeError(err, { availableMillicredits: 1500 });
    assert.match(shown.message, /Not enough credits/);
    assert.match(shown.message, /1\.5 credits available/);
  });

  it('names the target language on 422', () => {
    const err = new ValidationError('unsupported', { code: 'unsupported_language', status: 422 }, [{ field: 'target_lang', message: 'unsupported language' }]);
    const shown = describeError(err, { targetLanguage: 'xx' });
    assert.match(shown.message, /target language "xx"/);
    assert.deepEqual(shown.actions, ['changeTargetLanguage']);
  });

  it('says when to retry on 429', () => {
    const err = new RateLimitedError('slow down', { code: 'rate_limited', status: 429 }, 2500);
    assert.match(describeError(err).message, /Try again in 3 seconds/);
  });

  it('mentions the service URL when the connection fails', () => {
    const err = new ConnectionError('refused', {}, 'ECONNREFUSED');
    const shown = describeError(err, { baseUrl: 'http://127.0.0.1:1/api/v1' });
    assert.match(shown.message, /http:\/\/127\.0\.0\.1:1\/api\/v1/);
    assert.ok(shown.actions.includes('setServiceUrl'));
  });

  it("a used-up key budget says to raise the key's budget, with no hint to retry", () => {
    const err = new KeyBudgetExhaustedError("This API key's budget is used up.", { code: 'key_budget_exhausted', status: 429 });
    const shown = describeError(err);
    assert.match(shown.message, /raise the key's budget/i);
    assert.doesNotMatch(shown.message, /try again|in a moment|seconds/i);
    assert.doesNotMatch(shown.message, /too many requests/i);
  });

  it('a rejected finalize token says to upload the file again, not to set a new key', () => {
    const err = new FinalizeTokenError('token expired', { code: 'finalize_token_invalid', status: 401 });
    const shown = describeError(err);
    assert.match(shown.message, /upload the file again/i);
    assert.doesNotMatch(shown.message, /API key/);
    assert.ok(!shown.actions.includes('setApiKey'));
  });

  it("an unknown 409 is a conflict with the service's explanation", () => {
    const err = new ConflictError('At most 3 webhooks per account', { code: 'conflict', status: 409, requestId: 'req_1' });
    const shown = describeError(err, { operation: 'Creating the webhook' });
    assert.equal(
      shown.message,
      'Creating the webhook conflicts with the current state on the service (409): At most 3 webhooks per account (request id req_1)',
    );
  });

  it('stays silent on cancellation', () => {
    assert.equal(describeError(new AbortError()).silent, true);
  });
});
