/**
 * Every value a server sends is untrusted. Addresses in bodies (download-link `url`, presign
 * `upload_url`) and in Location must be absolute http(s) URLs, else a typed client error and no
 * request goes there. Header values the client logs or keeps (X-Request-Id, Location,
 * WWW-Authenticate, allow-listed headers) are scrubbed of the key and of share/link tokens before
 * they reach a log line or an error object, even when the server glues the key into other text.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BalanceSchema, DocTranslateClient, UnexpectedResponseError } from '../../../src/api/index.ts';
import { CanaryJar, CapturingLogger, ClientPool, errorTexts } from './support/canary.ts';
import { sendJson, startRawServer, type RawServer } from './support/raw-server.ts';

const KEY = 'sk_test_hostile_values_canary_0123456789';
const SHARE_TOKEN = 'shr_secret_share_token_42';
const LINK_SIG = 'sig_secret_link_signature_77';

describe('api: hostile values from the server', function () {
  this.timeout(20_000);
  let server: RawServer;
  let dir: string;
  const logger = new CapturingLogger();
  const jar = new CanaryJar();
  const pool = new ClientPool(() => ({ baseUrl: server.baseUrl, apiKey: KEY, logger, retryBaseDelayMs: 1, retryMaxDelayMs: 2, maxRetries: 1 }), jar);
  let client: DocTranslateClient;

  before(async () => {
    server = await startRawServer((_req, res) => sendJson(res, 500, {}));
    dir = mkdtempSync(join(tmpdir(), 'dt-hostile-'));
    client = pool.client();
  });
  afterEach(() => {
    server.requests.length = 0;
  });
  after(async () => {
    await pool.closeAll();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    jar.addLines(logger.lines);
    jar.assertClean(KEY);
    for (const secret of [SHARE_TOKEN, LINK_SIG]) {
      assert.deepEqual(
        jar.texts.filter((t) => t.includes(secret)),
        [],
        `${secret} leaked`,
      );
    }
  });

  const BAD_URLS = [
    '/downloads/relative/guide.md',
    'downloads/guide.md',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'ftp://127.0.0.1/guide.md',
    'data:text/plain,hello',
    'http://user:secret@127.0.0.1:9/guide.md',
    'http://storage.example.com/guide.md',
    'http://[::1/guide.md',
  ];

  describe('addresses in bodies and Location', () => {
    for (const url of BAD_URLS) {
      it(`a download-link url ${JSON.stringify(url)} is a typed client error, and nothing is fetched`, async () => {
        server.setHandler((req, res) => {
          if (req.url === '/api/v1/artifacts/a1/download-link') sendJson(res, 200, { mode: 'direct', url, filename: 'guide.md' });
          else sendJson(res, 200, { unexpected: req.url });
        });
        const err = await pool.fails(() => client.artifacts.download('a1', { via: 'link', targetDir: dir }));
        assert.ok(err instanceof UnexpectedResponseError, String(err));
        assert.equal(err.code, 'unexpected_response');
        assert.ok(!err.message.includes(url), 'the address is not echoed');
        assert.deepEqual(
          server.requests.map((r) => r.url),
          ['/api/v1/artifacts/a1/download-link'],
        );
      });
    }

    it('an upload_url that is not an absolute http(s) URL is a typed client error, and nothing is PUT', async () => {
      const file = join(dir, 'up.md');
      writeFileSync(file, 'hello');
      for (const url of BAD_URLS) {
        server.requests.length = 0;
        server.setHandler((_req, res) =>
          sendJson(res, 200, {
            document_id: 'doc_1',
            upload_url: url,
            upload_headers: { 'Content-Type': 'text/markdown', 'If-None-Match': '*' },
            finalize_token: 'ft_1',
            expires_in: 3600,
          }),
        );
        const err = await pool.fails(() => client.uploadFile(file));
        assert.ok(err instanceof UnexpectedResponseError && err.code === 'unexpected_response', `${url}: ${String(err)}`);
        assert.deepEqual(
          server.requests.map((r) => r.method),
          ['POST'],
          url,
        );
      }
    });

    it('a Location that is not http(s), has user info, or is malformed is a typed refusal', async () => {
      for (const location of [
        'file:///etc/passwd',
        'javascript:alert(1)',
        'ftp://127.0.0.1/x',
        'http://user:secret@127.0.0.1:9/x',
        'http://[::1/x',
        'http://storage.example.com/x',
      ]) {
        server.requests.length = 0;
        server.setHandler((_req, res) => {
          res.writeHead(302, { location, 'content-length': '0' });
          res.end();
        });
        const err = await pool.fails(() => client.artifacts.download('a1', { targetDir: dir }));
        assert.ok(err instanceof UnexpectedResponseError && err.code === 'unexpected_redirect', `${location}: ${String(err)}`);
        assert.equal(server.requests.length, 1, location);
      }
    });
  });

  describe('header values are scrubbed before they reach a log line or an error', () => {
    const hostileHeaders = {
      // The key glued into other text: a pattern that needs a word start would miss it.
      'x-request-id': `req${KEY}/shares/${SHARE_TOKEN}?sig=${LINK_SIG}`,
      'www-authenticate': `Bearer realm="api", error="invalid_token", token="${KEY}"`,
      location: `https://storage.example.com/shares/${SHARE_TOKEN}/download?sig=${LINK_SIG}&key=${KEY}`,
      'content-disposition': `attachment; filename="x${KEY}.md"`,
      etag: `"${KEY}"`,
    };

    it('an error answer: the request id kept on the error and every log line are free of the key and tokens', async () => {
      server.setHandler((_req, res) => sendJson(res, 401, { error: { code: 'invalid_api_key', message: `Key x${KEY} rejected` } }, hostileHeaders));
      const err = await pool.fails(() => client.getBalance());
      assert.equal((err as { status?: number }).status, 401);
      const requestId = (err as { requestId?: string }).requestId ?? '';
      assert.ok(requestId.startsWith('req'), requestId);
      for (const text of [...errorTexts(err), ...logger.lines]) {
        for (const secret of [KEY, KEY.slice(3), SHARE_TOKEN, LINK_SIG]) assert.ok(!text.includes(secret), `${secret} in: ${text}`);
      }
    });

    it('a success: the request id returned to the caller and the trace of headers are scrubbed', async () => {
      server.setHandler((_req, res) =>
        sendJson(res, 200, { available: 1, debt: 0, spent: 0, expired: 0, today_charged: 0, lots: [], credit_precision: 1 }, hostileHeaders),
      );
      const res = await client.requester.requestJsonResponse({ method: 'GET', path: '/billing/credits/balance' }, BalanceSchema);
      for (const secret of [KEY, KEY.slice(3), SHARE_TOKEN, LINK_SIG]) {
        assert.ok(!(res.requestId ?? '').includes(secret), `${secret} in the request id`);
        const hits = logger.lines.filter((l) => l.includes(secret));
        assert.deepEqual(hits, [], `${secret} in a log line`);
      }
      assert.ok(
        logger.lines.some((l) => l.includes('response headers:')),
        'the trace of headers was written',
      );
    });

    it('service messages lose the key but keep their wording', async () => {
      server.setHandler((_req, res) =>
        sendJson(res, 422, {
          error: {
            code: 'invalid_request',
            message: `Invalid token: the finalize token has expired for key x${KEY}`,
            field_errors: [{ field: 'secret', message: 'secret: must be 1-256 characters' }],
          },
        }),
      );
      const err = (await pool.fails(() => client.getBalance())) as Error & { fieldErrors: { field: string; message: string }[] };
      assert.equal(err.message, 'Invalid token: the finalize token has expired for key xsk_…6789');
      assert.deepEqual(err.fieldErrors, [{ field: 'secret', message: 'secret: must be 1-256 characters' }]);
    });

    it('a redirect answer to a JSON call: Location and the request id stay out of the error and the log', async () => {
      server.setHandler((_req, res) => {
        res.writeHead(307, { ...hostileHeaders, 'content-length': '0' });
        res.end();
      });
      const err = await pool.fails(() => client.jobs.get('job_1'));
      assert.ok(err instanceof UnexpectedResponseError && err.code === 'unexpected_redirect', String(err));
      for (const text of [...errorTexts(err), ...logger.lines]) {
        for (const secret of [KEY, KEY.slice(3), SHARE_TOKEN, LINK_SIG]) assert.ok(!text.includes(secret), `${secret} in: ${text}`);
      }
    });
  });
});
