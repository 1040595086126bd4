/**
 * RFC 9110 Retry-After against the client: delay-seconds and an HTTP-date in all three forms
 * (IMF-fixdate, obsolete RFC 850 with a full day name, obsolete asctime), every date read as GMT
 * whatever the machine's time zone, and a retry never earlier than the server said.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { DocTranslateClient, RateLimitedError, parseRetryAfter } from '../../../src/api/index.ts';
import { sendJson, startRawServer, type RawServer } from './support/raw-server.ts';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number): string => String(n).padStart(2, '0');
const clock = (d: Date): string => `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;

/** The three HTTP-date forms of one instant (whole seconds). */
const FORMS: Record<string, (d: Date) => string> = {
  'IMF-fixdate': (d) => d.toUTCString(),
  'RFC 850': (d) => `${LONG_DAYS[d.getUTCDay()]}, ${p2(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${p2(d.getUTCFullYear() % 100)} ${clock(d)} GMT`,
  asctime: (d) => `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${clock(d)} ${d.getUTCFullYear()}`,
};

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
/** A time zone far from UTC, with a half-hour offset, so a date read as local time is visibly wrong. */
const FAR_TZ = 'Asia/Kolkata';

function withTimeZone(tz: string): { restore: () => void } {
  const before = process.env.TZ;
  process.env.TZ = tz;
  return {
    restore: () => {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    },
  };
}

describe('api/retry: hostile Retry-After values (RFC 9110)', function () {
  this.timeout(30_000);

  it('reads the RFC 9110 examples of all three forms as the same GMT instant', () => {
    const before = Date.UTC(1994, 10, 6, 8, 49, 0);
    for (const text of ['Sun, 06 Nov 1994 08:49:37 GMT', 'Sunday, 06-Nov-94 08:49:37 GMT', 'Sun Nov  6 08:49:37 1994']) {
      assert.equal(parseRetryAfter(text, before), 37_000, text);
    }
  });

  it('retry-after dates are GMT in a non-UTC time zone (set before parsing, in this process)', () => {
    const tz = withTimeZone(FAR_TZ);
    try {
      assert.notEqual(new Date(2026, 0, 1).getTimezoneOffset(), 0, 'the time zone change took effect');
      const target = new Date(NOW + 42_000);
      for (const [form, format] of Object.entries(FORMS)) {
        assert.equal(parseRetryAfter(format(target), NOW), 42_000, `${form}: ${format(target)}`);
      }
    } finally {
      tz.restore();
    }
  });

  it('retry-after dates are GMT in a child process started with TZ set (America/Los_Angeles, Asia/Kolkata)', async () => {
    const target = new Date(NOW + 42_000);
    const values = Object.values(FORMS).map((f) => f(target));
    const script = [
      `const mod = await import(${JSON.stringify(pathToFileURL(join(__dirname, '..', '..', '..', 'src', 'api', 'retry.ts')).href)});`,
      'const parseRetryAfter = mod.parseRetryAfter ?? mod.default.parseRetryAfter;',
      `const values = ${JSON.stringify(values)};`,
      `console.log(JSON.stringify({ offset: new Date(2026, 0, 1).getTimezoneOffset(), waits: values.map((v) => parseRetryAfter(v, ${NOW})) }));`,
    ].join('\n');
    for (const tz of ['America/Los_Angeles', FAR_TZ]) {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, TZ: tz },
      });
      const out = JSON.parse(stdout.trim()) as { offset: number; waits: number[] };
      assert.notEqual(out.offset, 0, `${tz} is not UTC in the child`);
      assert.deepEqual(out.waits, [42_000, 42_000, 42_000], tz);
    }
  });

  it('reads a two-digit RFC 850 year as the nearest past or coming century (at most 50 years ahead)', () => {
    assert.equal(parseRetryAfter('Monday, 23-Nov-26 12:00:42 GMT', NOW), 42_000, 'year 26 read as 2026');
    assert.equal(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', Date.UTC(1994, 10, 6, 8, 49, 0)), 37_000, 'year 94 read as 1994');
    assert.equal(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', NOW), 0, 'year 94 seen from 2026 is in the past, not 2094');
  });

  it('rejects what is not an HTTP-date or delay-seconds (then ordinary backoff applies)', () => {
    for (const bad of [
      'Sun, 31 Feb 2026 10:00:00 GMT',
      'Sun, 06 Nov 1994 08:49:37 PST',
      'Someday, 06-Nov-94 08:49:37 GMT',
      'Sun Nov 6 25:00:00 1994',
      '-1',
      '1.5',
      'soon',
      '2026-11-23T12:00:00Z',
    ]) {
      assert.equal(parseRetryAfter(bad, NOW), undefined, bad);
    }
  });

  describe('over HTTP: the client waits exactly as long as told, in every form, with TZ set', () => {
    let server: RawServer;
    let client: DocTranslateClient;
    let tz: { restore: () => void };
    /** The Retry-After value the server sends with its 503, read against the fixed clock NOW. */
    let retryAfter: string;
    /** Each wait the client asked for, with how many requests the server had seen at that moment. */
    const waits: { ms: number; requestsSeen: number }[] = [];

    before(async () => {
      tz = withTimeZone(FAR_TZ);
      server = await startRawServer((_req, res, _rec, index) => {
        if (index % 2 === 0) {
          sendJson(res, 503, { error: { code: 'service_unavailable', message: 'busy' } }, { 'retry-after': retryAfter });
        } else {
          sendJson(res, 200, { available: 1, debt: 0, spent: 0, expired: 0, today_charged: 0, lots: [], credit_precision: 1 });
        }
      });
      // The client's clock is fixed and its waits are recorded, not slept: the wait it asks for is
      // asserted exactly, whatever the machine's load. Backoff alone would ask for at most 2 ms,
      // so a wait of the told length proves the header was read.
      client = new DocTranslateClient({
        baseUrl: server.baseUrl,
        apiKey: 'sk_test_retry_after_0123456789',
        retryBaseDelayMs: 1,
        retryMaxDelayMs: 2,
        now: () => NOW,
        sleep: async (ms) => {
          waits.push({ ms, requestsSeen: server.requests.length });
        },
      });
    });
    beforeEach(() => {
      waits.length = 0;
      server.requests.length = 0;
    });
    after(async () => {
      tz.restore();
      await client.close();
      await server.close();
    });

    const cases: [string, string, number][] = [
      ['delay-seconds', '42', 42_000],
      ...Object.entries(FORMS).map(([form, format]): [string, string, number] => [form, format(new Date(NOW + 42_000)), 42_000]),
      // A date already past asks for no wait at all, never a negative one.
      ['IMF-fixdate in the past', FORMS['IMF-fixdate']!(new Date(NOW - 5_000)), 0],
    ];
    for (const [form, value, expected] of cases) {
      it(`${form}: one retry, after waiting exactly the time the server gave`, async () => {
        retryAfter = value;
        await client.getBalance();
        assert.equal(server.requests.length, 2, 'the 503, then the retry');
        assert.deepEqual(waits, [{ ms: expected, requestsSeen: 1 }], `${form} (${value}): one wait, between the two requests`);
      });
    }

    it('a wait longer than the cap is not retried: the caller gets the error and how long to wait', async () => {
      retryAfter = FORMS['RFC 850']!(new Date(NOW + 3_600_000));
      const err = await client.getBalance().then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.equal(server.requests.length, 1);
      assert.deepEqual(waits, [], 'no wait: the client did not retry');
      assert.ok(err instanceof Error && 'retryAfterMs' in err, String(err));
      assert.equal((err as { retryAfterMs: number }).retryAfterMs, 3_600_000);
      assert.ok(!(err instanceof RateLimitedError), 'a 503 stays a 503');
    });
  });
});
