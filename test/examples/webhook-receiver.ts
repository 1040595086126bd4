// A webhook receiver for Doc Translate (spec 6.2), the one the README shows. It checks every
// delivery with verifyWebhookSignature from the client (HMAC-SHA256 of the raw body, constant-time
// compare, timestamp within 5 minutes), answers 204 at once, and only then acts on the event.
//
//   WEBHOOK_SECRET=whsec_… PORT=8788 node --import tsx test/examples/webhook-receiver.ts
//
// The secret is the one Doc Translate: Add Webhook… generated and showed once.
import { createServer, type Server } from 'node:http';
import { verifyWebhookSignature, type WebhookEvent } from '../../src/api/index.ts';

export interface ReceiverOptions {
  secret: string;
  port?: number;
  /** Called after the answer was sent; keep it idempotent (each event arrives once, but be safe). */
  onEvent?: (event: WebhookEvent) => void;
  /** Clock for the 5-minute window (tests against an emulator with a moved clock). */
  now?: () => number;
}

export function startReceiver(o: ReceiverOptions): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // Verify the raw bytes: parse nothing before the signature holds.
      const result = verifyWebhookSignature(Buffer.concat(chunks), req.headers, o.secret, o.now !== undefined ? { now: o.now } : {});
      if (!result.ok) {
        console.warn(`rejected a delivery: ${result.reason}`);
        return void res.writeHead(401).end();
      }
      res.writeHead(204).end();
      o.onEvent?.(result.event);
    });
  });
  return new Promise((resolve) => server.listen(o.port ?? 8788, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1]?.endsWith('webhook-receiver.ts') === true) {
  const secret = process.env['WEBHOOK_SECRET'];
  if (secret === undefined || secret === '') throw new Error('Set WEBHOOK_SECRET to the webhook\'s signing secret.');
  void startReceiver({
    secret,
    port: Number(process.env['PORT'] ?? 8788),
    onEvent: (e) => console.log(`${e.event}: job ${e.data.job_id} ${e.data.status} (${e.data.file_name})`),
  }).then((server) => console.log(`listening on http://127.0.0.1:${(server.address() as { port: number }).port}/`));
}
