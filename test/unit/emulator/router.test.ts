import assert from 'node:assert/strict';
import { Router } from '../../emulator/router.ts';

describe('emulator: router', () => {
  const noop = (): undefined => undefined;

  it('matches :params and decodes them', () => {
    const r = new Router().get('/jobs/:job_id', noop);
    const m = r.match('GET', '/jobs/job%201');
    assert.equal(m.kind, 'found');
    assert.deepEqual(m.kind === 'found' ? m.params : undefined, { job_id: 'job 1' });
  });

  it('prefers literal segments over params regardless of order', () => {
    const literal = (): undefined => undefined;
    const r = new Router().get('/artifacts/:id', noop).get('/artifacts/convert', literal);
    const m = r.match('GET', '/artifacts/convert');
    assert.equal(m.kind === 'found' ? m.handler : undefined, literal);
  });

  it('distinguishes 404 from 405 and lets HEAD use GET routes', () => {
    const r = new Router().post('/jobs', noop).get('/jobs/:id', noop);
    assert.equal(r.match('GET', '/nothing').kind, 'not_found');
    const m = r.match('DELETE', '/jobs');
    assert.deepEqual(m, { kind: 'method_not_allowed', allowed: ['POST'] });
    assert.equal(r.match('HEAD', '/jobs/x').kind, 'found');
  });
});
