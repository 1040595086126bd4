// Webhooks from the Account view against the emulator: add with a generated secret kept only in
// SecretStorage (the receiver verifies deliveries with it), edit, re-enable (PATCH, else recreate), the limit
// of 3 explained before a 4th is tried, delete with confirmation.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { verifyWebhookSignature } from '../../../src/api/webhook-signature.ts';
import type { DocTranslateExports } from '../../../src/extension.ts';
import type { AccountSnapshot } from '../../../src/features/account/view.ts';
import { clearRequests, configureExtension, control, EXTENSION_ID, requestsSeen, serviceApi, testEnv, answered, until } from './helpers.ts';

interface Result {
  done: boolean;
  reason?: string;
  id?: string;
}
const run = (cmd: string, ...args: unknown[]): Thenable<Result> => vscode.commands.executeCommand<Result>(`docTranslate.webhooks.${cmd}`, ...args);
/** The command with the person's answers to its questions (url, events, description, secret). */
const ask = (cmd: string, answers: Record<string, unknown>, ...args: unknown[]): Promise<Result> =>
  answered<Result>(answers, `docTranslate.webhooks.${cmd}`, ...args);
const snapshot = async (): Promise<AccountSnapshot> => {
  await vscode.commands.executeCommand('docTranslate.account.refresh');
  return vscode.commands.executeCommand<AccountSnapshot>('_docTranslate.account.snapshot');
};

function testing(): NonNullable<DocTranslateExports['testing']> {
  const t = vscode.extensions.getExtension<DocTranslateExports>(EXTENSION_ID)?.exports.testing;
  assert.ok(t, 'test exports');
  return t;
}

const secretName = (id: string): string => `docTranslate.webhookSecret@${new URL(testEnv().baseUrl).origin}/${id}`;

describe('Webhooks in the Account view', function () {
  this.timeout(120_000);
  let receiver: http.Server;
  let receiverUrl = '';
  const received: { body: string; headers: http.IncomingHttpHeaders }[] = [];

  before(async () => {
    await configureExtension();
    const existing = ((await serviceApi('GET', '/webhooks')) as { items: { id: string }[] }).items;
    for (const w of existing) await serviceApi('DELETE', `/webhooks/${w.id}`);
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  after(async () => {
    await new Promise((r) => receiver.close(r));
    const left = ((await serviceApi('GET', '/webhooks')) as { items: { id: string }[] }).items;
    for (const w of left) await serviceApi('DELETE', `/webhooks/${w.id}`);
  });

  it('adds a webhook whose generated secret lives only in SecretStorage and signs deliveries', async () => {
    const t = testing();
    t.prompter.answerNext(undefined); // the secret, shown once: dismissed
    const added = await ask('add', { url: receiverUrl, events: ['job.completed'], description: 'CI', secret: true });
    assert.equal(added.done, true, JSON.stringify(added));
    const id = added.id!;
    const secret = await t.secrets.get(secretName(id));
    assert.ok(secret !== undefined && /^whsec_[0-9a-f]{64}$/.test(secret), 'a generated secret is in SecretStorage');
    assert.ok(t.prompter.asked.at(-1)?.includes('shown only this once'), 'the user was shown it once');
    assert.ok(
      t.prompter.asked.every((q) => !q.includes(secret)),
      'no question text carries the secret',
    );
    const hook = (await snapshot()).model?.webhooks.find((w) => w.id === id);
    assert.equal(hook?.hasSecret, true);
    assert.ok(!(await snapshot()).html.includes(secret), 'the view never shows the secret');

    // A job ends: the emulator delivers, and the receiver verifies with the stored secret.
    const file = vscode.Uri.file(path.join(testEnv().workspace, 'webhook-source.md'));
    fs.writeFileSync(file.fsPath, '# Hook\n\nA job whose end is announced.\n');
    const started = await answered<{ started: boolean }>({ confirm: 'Start' }, 'docTranslate.translateFiles', file, [file], {
      targetLanguages: ['de'],
      outputMode: 'single',
    });
    assert.equal(started.started, true, JSON.stringify([started, await requestsSeen()]));
    const { deliveries } = await control<{ deliveries: { ok: boolean }[] }>('GET', `/webhooks/deliveries?webhook_id=${id}&wait=1`);
    if (received.length === 0 || deliveries.length === 0)
      deliveries.push(
        ...(
          await until(
            'a delivery arrived',
            () => control<{ deliveries: { ok: boolean }[] }>('GET', `/webhooks/deliveries?webhook_id=${id}`),
            (d) => d.deliveries.length > 0 && received.length > 0,
            60_000,
          )
        ).deliveries,
      );
    const got = received[0]!;
    const ts = Number(got.headers['x-webhook-timestamp']);
    const verified = verifyWebhookSignature(got.body, got.headers, secret, { now: () => ts * 1000 });
    assert.equal(verified.ok, true, JSON.stringify(verified));
    assert.equal(verifyWebhookSignature(got.body, got.headers, 'whsec_other').ok, false);
  });

  it('edits a webhook; Re-enable sends only spec fields (PATCH url) and, when the service still lists it disabled, recreates it with its secret', async () => {
    const t = testing();
    const id = (await snapshot()).model!.webhooks[0]!.id;
    const edited = await ask('edit', { url: receiverUrl, description: 'CI builds', events: ['*'] }, id);
    assert.equal(edited.done, true, JSON.stringify(edited));
    let hook = (await snapshot()).model!.webhooks.find((w) => w.id === id)!;
    assert.equal(hook.description, 'CI builds');
    assert.deepEqual(hook.events, ['*']);
    const secret = await t.secrets.get(secretName(id));
    assert.ok(secret !== undefined);

    await serviceApi('PATCH', `/webhooks/${id}`, { active: false });
    const shot = await snapshot();
    assert.equal(shot.model!.webhooks.find((w) => w.id === id)!.state, 'disabled');
    assert.match(shot.html, new RegExp(`data-action="webhookEnable" data-id="${id}"`), 'a Re-enable button for the disabled one');
    assert.match(shot.html, /\(as the service lists it\)/);

    // The emulator re-enables only on a field the spec does not show: the PATCH of the address leaves it disabled.
    await clearRequests();
    t.prompter.answerNext(undefined);
    const declined = await run('enable', id);
    assert.deepEqual([declined.done, declined.reason], [false, 'stillDisabled']);
    assert.ok((await requestsSeen()).some((r) => r.method === 'PATCH' && r.path.endsWith(`/webhooks/${id}`) && r.status === 200));
    assert.match(t.prompter.asked.at(-1) ?? '', /still lists CI builds as disabled\. The service does not say how to re-enable a webhook/);

    t.prompter.answerNext('Recreate');
    const recreated = (await run('enable', id)) as Result & { replaced?: string };
    assert.equal(recreated.done, true, JSON.stringify(recreated));
    assert.equal(recreated.replaced, id);
    const hooks = (await snapshot()).model!.webhooks;
    assert.ok(!hooks.some((w) => w.id === id), 'the old one is deleted');
    hook = hooks.find((w) => w.id === recreated.id)!;
    assert.deepEqual([hook.state, hook.description, hook.events, hook.url, hook.hasSecret], ['active', 'CI builds', ['*'], receiverUrl, true]);
    assert.equal(await t.secrets.get(secretName(recreated.id!)), secret, 'the signing secret moved to the new webhook');
    assert.equal(await t.secrets.get(secretName(id)), undefined);
  });

  it('explains the limit of 3 before a 4th is tried', async () => {
    for (const n of [2, 3]) {
      const r = await ask('add', { url: `${receiverUrl}${n}`, events: ['job.completed'], description: `hook ${n}`, secret: false });
      assert.equal(r.done, true, JSON.stringify(r));
    }
    const shot = await snapshot();
    assert.equal(shot.model!.webhooks.length, 3);
    assert.match(shot.html, /id="webhook-limit">The service allows at most 3 webhooks per user/);
    assert.match(shot.html, /data-action="webhookAdd"[^>]* disabled/);
    await clearRequests();
    const fourth = await ask('add', { url: `${receiverUrl}4`, events: ['*'], secret: false });
    assert.deepEqual(fourth, { done: false, reason: 'limit' });
    assert.ok(!(await requestsSeen()).some((r) => r.method === 'POST' && r.path.endsWith('/webhooks')), 'the 4th was never sent');
  });

  it('deletes only after confirmation, and removes the secret', async () => {
    const t = testing();
    const signed = (await snapshot()).model!.webhooks.find((w) => w.hasSecret === true)!;
    t.prompter.answerNext(undefined);
    assert.equal((await run('delete', signed.id)).reason, 'cancelled');
    assert.ok(
      (await snapshot()).model!.webhooks.some((w) => w.id === signed.id),
      'kept when not confirmed',
    );
    assert.match(t.prompter.asked.at(-1) ?? '', /delete the webhook CI builds\?/);
    t.prompter.answerNext('Delete');
    assert.equal((await run('delete', signed.id)).done, true);
    assert.ok(!(await snapshot()).model!.webhooks.some((w) => w.id === signed.id));
    assert.equal(await t.secrets.get(secretName(signed.id)), undefined, 'its secret is gone from SecretStorage');
  });
});
