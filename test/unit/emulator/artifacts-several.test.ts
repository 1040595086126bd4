// Spec 2.4: "a job may have several artifacts". The control switch artifacts_per_job makes every
// job that completes afterwards deliver that many result files.
import assert from 'node:assert/strict';
import { obj, useEmulator } from './helpers.ts';
import { FAST, setJobSettings, setSettings, startJob, uploadDocument, waitEnded, fetchPlain } from './jobs-fixture.ts';

type Artifact = { id: string; job_id: string; format: string; filename: string; size: number };

describe('emulator: jobs with several artifacts (control artifacts_per_job)', () => {
  const fx = useEmulator();

  it('lists 3 artifacts for a job completed with artifacts_per_job 3, each downloadable, named by number', async () => {
    await setSettings(fx, { job_speed: FAST });
    await setJobSettings(fx, { artifacts_per_job: 3 });
    const doc = await uploadDocument(fx, 'guide.md', '# Guide\n\nSome text.\n');
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' });
    assert.equal((await waitEnded(fx, id)).status, 'completed');
    const items = obj(await fx.api(`/artifacts?job_id=${id}`)).items as Artifact[];
    assert.deepEqual(
      items.map((a) => a.filename),
      ['guide.de.md', 'guide.de.2.md', 'guide.de.3.md'],
    );
    assert.equal(new Set(items.map((a) => a.id)).size, 3);
    const bodies: string[] = [];
    for (const a of items) {
      assert.equal(a.format, 'md');
      const link = obj(await fx.api(`/artifacts/${a.id}/download-link`));
      bodies.push(await (await fetchPlain(link.url as string)).text());
    }
    assert.ok(
      bodies.every((b) => b === bodies[0] && b.includes('DE·')),
      'the same translation in each',
    );
  });

  it('defaults to one artifact; values outside 1-5 are 422; a reset restores 1', async () => {
    assert.equal(obj(await fx.control('/jobs-settings')).artifacts_per_job, 1);
    assert.equal((await fx.control('/jobs-settings', { method: 'POST', body: { artifacts_per_job: 0 } })).status, 422);
    assert.equal((await fx.control('/jobs-settings', { method: 'POST', body: { artifacts_per_job: 6 } })).status, 422);
    await setJobSettings(fx, { artifacts_per_job: 2 });
    await fx.reset();
    assert.equal(obj(await fx.control('/jobs-settings')).artifacts_per_job, 1);
  });
});
