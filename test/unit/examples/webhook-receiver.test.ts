// The README's webhook receiver runs: a real job on the emulator ends, the signed delivery is
// accepted with the right secret and refused (401) with another.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEvent } from '../../../src/api/index.ts';
import { startReceiver } from '../../examples/webhook-receiver.ts';
import { obj, useEmulator } from '../emulator/helpers.ts';
import { FAST, setSettings, startJob, uploadDocument, waitEnded } from '../emulator/jobs-fixture.ts';

describe('README example: webhook receiver', () => {
  const fx = useEmulator();
  const servers: Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  });

  async function receiver(secret: string, events: WebhookEvent[]): Promise<string> {
    const server = await startReceiver({ secret, port: 0, onEvent: (e) => events.push(e) });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }

  it('accepts a delivery signed with its secret and refuses one signed with another', async () => {
    await setSettings(fx, { job_speed: FAST });
    const good: WebhookEvent[] = [];
    const bad: WebhookEvent[] = [];
    await fx.api('/webhooks', { method: 'POST', body: { url: await receiver('whsec_right', good), secret: 'whsec_right', events: ['job.completed'] } });
    await fx.api('/webhooks', { method: 'POST', body: { url: await receiver('whsec_other', bad), secret: 'whsec_right', events: ['*'] } });
    const doc = await uploadDocument(fx, 'guide.md', '# Guide\n\nHello.\n');
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' });
    assert.equal((await waitEnded(fx, id)).status, 'completed');
    const { deliveries } = obj(await fx.control('/webhooks/deliveries?wait=1')) as { deliveries: { status_code: number }[] };
    assert.deepEqual(deliveries.map((d) => d.status_code).sort(), [204, 401]);
    assert.equal(good.length, 1);
    assert.equal(good[0]!.data.job_id, id);
    assert.equal(good[0]!.data.status, 'completed');
    assert.equal(bad.length, 0);
  });
});
