import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeExpiry,
  EXPIRY_CHOICES,
  fileContextValue,
  formatBytes,
  isTextFile,
  Pager,
  readArtifactArg,
  validateDays,
} from '../../../src/features/library/model.ts';

const ALL = { can_view: true, can_download: true, can_update: true, can_delete: true, can_share: true };

describe('library model', () => {
  it('actions come only from capabilities (and :document for translation inputs)', () => {
    assert.equal(fileContextValue(ALL, 'doc_1'), 'library.file:open:download:share:update:delete:document');
    assert.equal(fileContextValue({ ...ALL, can_download: false, can_share: false }, undefined), 'library.file:update:delete');
    assert.equal(fileContextValue({ ...ALL, can_view: false }, undefined), 'library.file:share:update:delete');
    assert.equal(fileContextValue(undefined, undefined), 'library.file');
    // The menu patterns of package.json against these values.
    const download = /^library\.file.*:download/;
    assert.ok(download.test(fileContextValue(ALL, undefined)));
    assert.ok(!download.test(fileContextValue({ ...ALL, can_download: false }, undefined)));
    assert.ok(!/^library\.file.*:share/.test(fileContextValue({ ...ALL, can_share: false }, 'doc_1')));
  });

  it('expiry: never / 7 / 30 / 365 / custom 1-365', () => {
    assert.deepEqual(
      EXPIRY_CHOICES.map((c) => c.days),
      [null, 7, 30, 365, 'custom'],
    );
    for (const ok of ['1', '365', ' 30 ']) assert.equal(validateDays(ok), undefined, ok);
    for (const bad of ['0', '366', '1.5', '', 'x', '-3']) assert.ok(validateDays(bad), bad);
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(describeExpiry(null, now), 'never expires');
    assert.equal(describeExpiry('2026-01-08T00:00:00Z', now), 'expires in 7 days');
    assert.equal(describeExpiry('2026-01-02T00:00:00Z', now), 'expires in 1 day');
    assert.equal(describeExpiry('2026-01-01T05:00:00Z', now), 'expires today');
    assert.equal(describeExpiry('2025-12-31T00:00:00Z', now), 'expired');
  });

  it('text or binary by content type, falling back to the extension only for untyped files', () => {
    assert.ok(isTextFile('text/markdown', 'a.md'));
    assert.ok(isTextFile('application/json', 'a.json'));
    assert.ok(isTextFile('application/octet-stream', 'a.txt'));
    assert.ok(!isTextFile('application/pdf', 'a.pdf'));
    assert.ok(!isTextFile('image/png', 'a.txt'), 'the type decides, not the name');
  });

  it('the pager fetches nothing until asked, appends pages, and stops at has_more false', () => {
    const p = new Pager<number>();
    assert.deepEqual([p.loaded, p.nextRequest()], [false, 0]);
    p.apply({ items: [1, 2], has_more: true, next_offset: 2 }, 0);
    assert.deepEqual([p.loaded, p.items, p.nextRequest()], [true, [1, 2], 2]);
    p.apply({ items: [9], has_more: true, next_offset: 3 }, 0);
    assert.deepEqual(p.items, [1, 2], 'a stale page is ignored');
    p.apply({ items: [3], has_more: false, next_offset: 3 }, 2);
    assert.deepEqual([p.items, p.hasMore, p.nextRequest()], [[1, 2, 3], false, undefined]);
    const stuck = new Pager<number>();
    stuck.apply({ items: [], has_more: true, next_offset: 0 }, 0);
    assert.equal(stuck.hasMore, false, 'a page that does not move forward ends paging');
    p.reset();
    assert.deepEqual([p.loaded, p.items], [false, []]);
  });

  it('reads the artifact from a Jobs view node or { jobId, artifactId }', () => {
    assert.deepEqual(readArtifactArg({ jobId: 'job_1', artifactId: 'art_1' }), { jobId: 'job_1', artifactId: 'art_1' });
    assert.deepEqual(readArtifactArg({ kind: 'artifact', label: 'guide.de.md', artifact: { id: 'art_2', jobId: 'job_2', format: 'md' } }), {
      artifactId: 'art_2',
      jobId: 'job_2',
      name: 'guide.de.md',
    });
    assert.equal(readArtifactArg({ jobId: 'job_1' }), undefined);
    assert.equal(readArtifactArg('art_1'), undefined);
    assert.equal(readArtifactArg(undefined), undefined);
  });

  it('formats sizes', () => {
    assert.deepEqual([formatBytes(12), formatBytes(2048), formatBytes(3 * 1024 * 1024), formatBytes(undefined)], ['12 B', '2.0 KB', '3.0 MB', '']);
  });

  it('every Library menu of package.json matches a contextValue the view produces, and no more than it should', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
      contributes: { menus: Record<string, { command: string; when?: string }[]> };
    };
    const menus = pkg.contributes.menus['view/item/context']!.filter((m) => m.when?.includes('view == docTranslate.library'));
    const values = [
      'library.document',
      'library.project',
      'library.tag',
      'library.share',
      'library.loadMore',
      'library.section.projects',
      'library.section.tags',
      fileContextValue(ALL, 'doc_1'),
      fileContextValue(ALL, undefined),
      fileContextValue({ ...ALL, can_update: false, can_delete: false }, undefined),
      fileContextValue({ ...ALL, can_download: false, can_share: false }, undefined),
      // Issue 23: documents shown under a project or tag, and results (Preview).
      'library.document:project',
      'library.document:tag',
      fileContextValue({ ...ALL, can_update: false, can_delete: false }, undefined, 'art_1'),
    ];
    const matches = (when: string, value: string): boolean => {
      const re = /viewItem =~ \/(.+)\/$/.exec(when);
      if (re) return new RegExp(re[1]!).test(value);
      const eq = /viewItem == (\S+)$/.exec(when);
      return eq !== null && eq[1] === value;
    };
    for (const m of menus)
      assert.ok(
        values.some((v) => matches(m.when!, v)),
        `${m.command} matches nothing`,
      );
    const on = (command: string, value: string): boolean => menus.some((m) => m.command === command && matches(m.when!, value));
    assert.ok(on('docTranslate.library.download', fileContextValue(ALL, undefined)));
    assert.ok(!on('docTranslate.library.download', fileContextValue({ ...ALL, can_download: false }, undefined)), 'no Download without can_download');
    assert.ok(!on('docTranslate.library.createStorageLink', fileContextValue({ ...ALL, can_share: false }, undefined)), 'no Create Link without can_share');
    assert.ok(!on('docTranslate.library.delete', fileContextValue({ ...ALL, can_delete: false }, 'doc_1')), 'no Delete without can_delete');
    assert.ok(on('docTranslate.library.translateAgain', fileContextValue(ALL, 'doc_1')));
    assert.ok(!on('docTranslate.library.translateAgain', fileContextValue(ALL, undefined)), 'Translate Again only for translation inputs');
    assert.ok(on('docTranslate.library.addToProject', 'library.document'));
  });
});
