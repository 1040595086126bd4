// The editor's own output (the log channel and the error notifications) masks the secret values
// held in memory, also in text that never went through the client (an error from elsewhere, a
// line the editor logs itself).
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { describeError } from '../../../src/platform/errorMessages.ts';
import { outputLogger } from '../../../src/platform/logger.ts';
import { forgetSecret, rememberSecret } from '../../../src/shared/secretValues.ts';

describe('platform: secret values masked in the log and in error messages', () => {
  const secret = 'whsec_editor_5e6f7a8b9c0d1e2f3a4b';
  before(() => rememberSecret(secret));
  after(() => forgetSecret(secret));

  it('masks a remembered secret in an error shown to the user, client error or not', () => {
    const plain = describeError(new Error(`receiver refused ${secret}`), { operation: 'Adding the webhook' });
    assert.ok(!plain.message.includes(secret), plain.message);
    assert.match(plain.message, /whse…/);
    const service = Object.assign(new Error(`the service said ${secret}`), {
      name: 'ServerError',
      code: 'server_error',
      status: 500,
      requestId: `req-${secret}`,
    });
    const shown = describeError(service, {});
    assert.ok(!shown.message.includes(secret), shown.message);
    const fallback = Object.assign(new Error(`odd ${secret}`), { name: 'UnexpectedResponseError', code: 'unexpected_response', requestId: `req-${secret}` });
    assert.ok(!describeError(fallback, {}).message.includes(secret));
  });

  it('masks a remembered secret in every line written to the output channel', () => {
    const written: string[] = [];
    const put = (msg: string): void => void written.push(msg);
    const channel = { trace: put, debug: put, info: put, warn: put, error: put } as unknown as vscode.LogOutputChannel;
    const log = outputLogger(channel);
    log.info(`webhook added with ${secret}`);
    log.error(`failed: ${secret}`);
    log.trace(secret);
    assert.equal(written.length, 3);
    for (const line of written) assert.ok(!line.includes(secret), line);
  });
});
