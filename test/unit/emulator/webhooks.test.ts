import assert from 'node:assert/strict';
import { errorCode, fieldNames, obj, useEmulator } from './helpers.ts';

const URL_A = 'https://hooks.example.com/a';

describe('emulator: webhooks CRUD (spec 2.9, 4.11)', () => {
  const fx = useEmulator();

  const create = (body: Record<string, unknown>, key?: string, headers?: Record<string, string>) =>
    fx.api('/webhooks', { method: 'POST', body, ...(key === undefined ? {} : { key }), ...(headers ? { headers } : {}) });
  const list = async (key?: string): Promise<Record<string, unknown>[]> => {
    const r = await fx.api('/webhooks', key === undefined ? {} : { key });
    assert.equal(r.status, 200);
    return obj(r).items as Record<string, unknown>[];
  };

  it('creates a webhook and lists it with trigger time, status code and failure count, never the secret', async () => {
    const r = await create({ url: URL_A, secret: 'whsec_canary_value', events: ['job.completed'], description: 'CI' });
    assert.equal(r.status, 201);
    const hook = obj(r);
    assert.match(hook.id as string, /^wh_/);
    assert.equal(hook.url, URL_A);
    assert.deepEqual(hook.events, ['job.completed']);
    assert.equal(hook.description, 'CI');
    assert.equal(hook.status, 'active');
    assert.equal(hook.active, true);
    assert.equal(hook.has_secret, true);
    assert.equal(hook.last_triggered_at, null);
    assert.equal(hook.last_status_code, null);
    assert.equal(hook.consecutive_failures, 0);
    const items = await list();
    assert.deepEqual(items, [hook]);
    const raw = JSON.stringify(items) + JSON.stringify(hook);
    assert.ok(!raw.includes('whsec_canary_value'));
    assert.ok(!('secret' in hook));
  });

  it('accepts events ["*"], no secret and no description', async () => {
    const r = await create({ url: 'http://127.0.0.1:9/hook', events: ['*'] });
    assert.equal(r.status, 201);
    assert.equal(obj(r).has_secret, false);
    assert.equal(obj(r).description, '');
    assert.deepEqual(obj(r).events, ['*']);
  });

  it('answers 422 with field errors for invalid url, events, secret and description', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ events: ['job.completed'] }, 'url'],
      [{ url: 'ftp://example.com/x', events: ['*'] }, 'url'],
      [{ url: 'not a url', events: ['*'] }, 'url'],
      [{ url: 42, events: ['*'] }, 'url'],
      [{ url: URL_A }, 'events'],
      [{ url: URL_A, events: [] }, 'events'],
      [{ url: URL_A, events: 'job.completed' }, 'events'],
      [{ url: URL_A, events: ['job.created'] }, 'events[0]'],
      [{ url: URL_A, events: ['job.completed', 'job.*'] }, 'events[1]'],
      [{ url: URL_A, events: ['*'], secret: '' }, 'secret'],
      [{ url: URL_A, events: ['*'], secret: 7 }, 'secret'],
      [{ url: URL_A, events: ['*'], description: 5 }, 'description'],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      assert.equal(r.status, 422, JSON.stringify(body));
      assert.equal(errorCode(r), 'invalid_request');
      assert.ok(fieldNames(r).includes(field), `${JSON.stringify(body)} -> ${fieldNames(r).join(',')}`);
    }
    assert.deepEqual(await list(), []);
  });

  it('allows at most 3 per account (409 webhook_limit_reached), per account, and frees a slot on delete', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(obj(await create({ url: `${URL_A}${i}`, events: ['*'] })).id as string);
    const fourth = await create({ url: URL_A, events: ['*'] });
    assert.equal(fourth.status, 409);
    assert.equal(errorCode(fourth), 'webhook_limit_reached');
    assert.equal((await list()).length, 3);

    const other = await fx.newAccount(0);
    assert.equal((await create({ url: URL_A, events: ['*'] }, other.apiKey)).status, 201);

    assert.equal((await fx.api(`/webhooks/${ids[0]}`, { method: 'DELETE' })).status, 204);
    assert.equal((await create({ url: URL_A, events: ['*'] })).status, 201);
  });

  it('counts every key of the account as the same user; another account gets 403 webhook_not_owned', async () => {
    const secondKey = await fx.newKey(fx.emu.accountId, {});
    const hook = obj(await create({ url: URL_A, events: ['*'] }));
    assert.deepEqual(
      (await list(secondKey)).map((h) => h.id),
      [hook.id],
    );

    const other = await fx.newAccount(0);
    assert.deepEqual(await list(other.apiKey), []);
    const patch = await fx.api(`/webhooks/${hook.id as string}`, { method: 'PATCH', key: other.apiKey, body: { description: 'x' } });
    assert.equal(patch.status, 403);
    assert.equal(errorCode(patch), 'webhook_not_owned');
    assert.equal((await fx.api(`/webhooks/${hook.id as string}`, { method: 'DELETE', key: other.apiKey })).status, 403);
    assert.equal((await fx.api('/webhooks/wh_missing', { method: 'DELETE' })).status, 404);
    assert.equal((await list()).length, 1);
  });

  it('PATCH changes only the given fields; null anywhere is 422 and changes nothing', async () => {
    const hook = obj(await create({ url: URL_A, secret: 's1', events: ['job.completed'], description: 'd' }));
    const path = `/webhooks/${hook.id as string}`;
    const r = await fx.api(path, { method: 'PATCH', body: { description: 'new' } });
    assert.equal(r.status, 200);
    assert.equal(obj(r).description, 'new');
    assert.equal(obj(r).url, URL_A);
    assert.deepEqual(obj(r).events, ['job.completed']);
    assert.equal(obj(r).has_secret, true);

    for (const field of ['url', 'secret', 'events', 'description', 'active', 'status']) {
      const partner = field === 'description' ? { url: 'https://ignored.example.com/' } : { description: 'ignored' };
      const bad = await fx.api(path, { method: 'PATCH', body: { ...partner, [field]: null } });
      assert.equal(bad.status, 422, field);
      assert.ok(fieldNames(bad).includes(field));
    }
    const invalid = await fx.api(path, { method: 'PATCH', body: { events: ['nope'] } });
    assert.equal(invalid.status, 422);
    const contradiction = await fx.api(path, { method: 'PATCH', body: { active: true, status: 'disabled' } });
    assert.equal(contradiction.status, 422);
    assert.equal((await list())[0]!.description, 'new');
    assert.equal((await list())[0]!.url, URL_A);

    const changed = obj(await fx.api(path, { method: 'PATCH', body: { url: 'https://hooks.example.com/b', events: ['*'], secret: '' } }));
    assert.equal(changed.url, 'https://hooks.example.com/b');
    assert.deepEqual(changed.events, ['*']);
    assert.equal(changed.has_secret, false);
  });

  it('PATCH disables and re-enables through status or active', async () => {
    const hook = obj(await create({ url: URL_A, events: ['*'] }));
    const path = `/webhooks/${hook.id as string}`;
    assert.equal(obj(await fx.api(path, { method: 'PATCH', body: { status: 'disabled' } })).status, 'disabled');
    assert.equal(obj(await fx.api(path, { method: 'PATCH', body: { active: true } })).status, 'active');
    assert.equal(obj(await fx.api(path, { method: 'PATCH', body: { active: false } })).active, false);
    assert.equal(obj(await fx.api(path, { method: 'PATCH', body: { status: 'active' } })).active, true);
    assert.equal((await fx.api(path, { method: 'PATCH', body: { status: 'paused' } })).status, 422);
  });

  it('DELETE removes it; a second DELETE or PATCH is 404', async () => {
    const hook = obj(await create({ url: URL_A, events: ['*'] }));
    const path = `/webhooks/${hook.id as string}`;
    assert.equal((await fx.api(path, { method: 'DELETE' })).status, 204);
    assert.deepEqual(await list(), []);
    assert.equal((await fx.api(path, { method: 'DELETE' })).status, 404);
    assert.equal((await fx.api(path, { method: 'PATCH', body: { description: 'x' } })).status, 404);
  });

  it('is free and honours an Idempotency-Key on create', async () => {
    const body = { url: URL_A, events: ['*'] };
    const first = await create(body, undefined, { 'Idempotency-Key': 'wh-create-1' });
    const replay = await create(body, undefined, { 'Idempotency-Key': 'wh-create-1' });
    assert.equal(replay.status, 201);
    assert.equal(obj(replay).id, obj(first).id);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal((await list()).length, 1);
    assert.equal((await fx.balance()).spent, 0);
  });

  it('requires an API key', async () => {
    const r = await fx.api('/webhooks', { key: 'sk_test_wrong' });
    assert.equal(r.status, 401);
  });
});
