// The Library's pure rules added for issue 23: the root sections from the service's workspace
// entries (with today's sections as the fallback), where a document row is shown (menus offer
// Remove from Project / Untag only there), results' context values, details documents that never
// show a token or an address, link descriptions; and package.json's menus against those values.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SECTIONS, describeLink, detailsMarkdown, documentContextValue, fileContextValue, sectionLayout } from '../../../src/features/library/model.ts';

const ALL = { can_view: true, can_download: true, can_update: true, can_delete: true, can_share: true };
const NOW = Date.parse('2026-01-01T00:00:00Z');

interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}
const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { contributes: { menus: Record<string, MenuItem[]> } };
const itemMenu = manifest.contributes.menus['view/item/context']!;

/** Whether a Library view/item/context entry's `viewItem` condition holds for a context value (== or =~ only). */
function shownFor(command: string, contextValue: string, group?: RegExp): boolean {
  return itemMenu.some((m) => {
    if (m.command !== command || !(m.when ?? '').includes('view == docTranslate.library')) return false;
    if (group !== undefined && !group.test(m.group ?? '')) return false;
    const eq = /viewItem == ([^\s)]+)/.exec(m.when!);
    if (eq) return eq[1] === contextValue;
    const re = /viewItem =~ \/(.+?)\/(?:\s|$|\))/.exec(m.when!);
    return re ? new RegExp(re[1]!).test(contextValue) : false;
  });
}

describe('library: workspace sections, membership rows, details', () => {
  it('root sections follow the service entries; sections it does not name keep their default place', () => {
    const entries = [
      { id: 'documents', kind: 'collection', title: 'Documents', count: 4 },
      { id: 'prj_1', kind: 'project', title: 'Handbook', count: 2 },
      { id: 'prj_2', kind: 'project', title: 'Launch', count: 1 },
      { id: 'tag_1', kind: 'tag', title: 'legal', count: 1 },
      { id: 'shares', kind: 'collection', title: 'Shares', count: 3 },
    ];
    assert.deepEqual(sectionLayout(entries), {
      order: ['documents', 'projects', 'tags', 'shares', 'storage', 'apps'],
      counts: { documents: 4, projects: 2, tags: 1, shares: 3 },
    });
    // Another arrangement: shares first, no projects yet, no tags; unknown kinds ignored.
    const other = sectionLayout([
      { id: 'shares', kind: 'collection', count: 0 },
      { id: 'documents', kind: 'collection', count: 1 },
      { id: 'x', kind: 'widget' },
    ]);
    assert.deepEqual(other.order, ['shares', 'documents', 'projects', 'tags', 'storage', 'apps']);
    assert.deepEqual(other.counts, { shares: 0, documents: 1 });
    assert.deepEqual(sectionLayout(undefined), { order: [...DEFAULT_SECTIONS], counts: {} });
    assert.deepEqual(sectionLayout([]).order, [...DEFAULT_SECTIONS]);
  });

  it('a document under a project or tag is told apart; only there Remove from Project / Untag, apart from Delete', () => {
    assert.equal(documentContextValue(undefined), 'library.document');
    const inProject = documentContextValue({ kind: 'project', id: 'prj_1', name: 'Handbook' });
    const inTag = documentContextValue({ kind: 'tag', id: 'tag_1', name: 'legal' });
    assert.deepEqual([inProject, inTag], ['library.document:project', 'library.document:tag']);
    assert.ok(shownFor('docTranslate.library.removeFromProject', inProject));
    assert.ok(!shownFor('docTranslate.library.removeFromProject', inTag));
    assert.ok(!shownFor('docTranslate.library.removeFromProject', 'library.document'));
    assert.ok(shownFor('docTranslate.library.untag', inTag));
    assert.ok(!shownFor('docTranslate.library.untag', inProject));
    for (const cv of ['library.document', inProject, inTag]) {
      assert.ok(shownFor('docTranslate.library.delete', cv), cv);
      for (const cmd of ['translateAgain', 'addToProject', 'tag', 'rename', 'showDetails'])
        assert.ok(shownFor(`docTranslate.library.${cmd}`, cv), `${cmd} on ${cv}`);
    }
    // Their own group, not Delete's; and no trash icon on them.
    const groupOf = (c: string): string => itemMenu.find((m) => m.command === c && (m.when ?? '').includes('docTranslate.library'))!.group!.split('@')[0]!;
    assert.notEqual(groupOf('docTranslate.library.removeFromProject'), groupOf('docTranslate.library.delete'));
    assert.equal(groupOf('docTranslate.library.removeFromProject'), groupOf('docTranslate.library.untag'));
    const commands = (
      JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { contributes: { commands: { command: string; icon?: string }[] } }
    ).contributes.commands;
    for (const c of ['removeFromProject', 'untag']) assert.notEqual(commands.find((x) => x.command === `docTranslate.library.${c}`)?.icon, '$(trash)');
  });

  it('results are marked :artifact (Preview); links and grants are managed only where sharing is allowed', () => {
    const result = fileContextValue({ ...ALL, can_update: false, can_delete: false }, undefined, 'art_1');
    assert.equal(result, 'library.file:open:download:share:artifact');
    assert.equal(fileContextValue(ALL, 'doc_1'), 'library.file:open:download:share:update:delete:document');
    assert.ok(shownFor('docTranslate.library.preview', result));
    assert.ok(!shownFor('docTranslate.library.preview', fileContextValue(ALL, 'doc_1')));
    assert.ok(shownFor('docTranslate.library.preview', 'library.share'));
    assert.ok(shownFor('docTranslate.library.copyDownloadLink', result));
    assert.ok(!shownFor('docTranslate.library.copyDownloadLink', fileContextValue({ ...ALL, can_download: false }, 'doc_1')));
    assert.ok(shownFor('docTranslate.library.manageLinks', result) && shownFor('docTranslate.library.manageAccess', result));
    assert.ok(!shownFor('docTranslate.library.manageLinks', fileContextValue({ ...ALL, can_share: false }, 'doc_1')));
    assert.ok(shownFor('docTranslate.library.downloadShare', 'library.share'));
  });

  it('details show every field as sent, nested ones dotted, but never a token or an address', () => {
    const md = detailsMarkdown('guide.de.md', [
      {
        heading: 'Share link',
        record: {
          token: 'shr_0123456789abcdef',
          artifact_id: 'art_1',
          download_url: 'http://x/shares/shr_0123456789abcdef/download',
          expires_at: null,
          origin: { display_name: 'Translation | results' },
          tags: ['a', 'b'],
        },
      },
    ]);
    assert.ok(!md.includes('shr_0123456789abcdef'), md);
    assert.ok(!md.includes('http://x'), md);
    assert.match(md, /^# guide\.de\.md$/m);
    assert.match(md, /^\| `token` \| \(hidden: a secret address\) \|$/m);
    assert.match(md, /^\| `artifact_id` \| art_1 \|$/m);
    assert.match(md, /^\| `expires_at` \| — \|$/m);
    assert.match(md, /^\| `origin\.display_name` \| Translation \\\| results \|$/m);
    assert.match(md, /^\| `tags` \| a, b \|$/m);
  });

  it('a link reads as who, what, until when and how often', () => {
    assert.equal(
      describeLink(
        { audience: 'anyone', allow_download: true, status: 'active', expires_at: '2026-01-08T00:00:00Z', download_count: 2, max_downloads: 10 },
        NOW,
      ),
      'anyone with the link · download · expires in 7 days · 2 of 10 downloads',
    );
    assert.equal(
      describeLink({ audience: 'restricted', allow_download: false, status: 'active', expires_at: null, download_count: 0, max_downloads: null }, NOW),
      'restricted · view only · never expires · 0 downloads',
    );
    assert.equal(
      describeLink({ audience: 'anyone', status: 'exhausted', download_count: 3, max_downloads: 3 }, NOW),
      'anyone with the link · download · exhausted · 3 of 3 downloads',
    );
  });
});
