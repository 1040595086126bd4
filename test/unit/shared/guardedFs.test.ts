/** The guarded file layer on its own: every way a write could land where nobody asked for it. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChangedError, EXPECT_ABSENT, EXPECT_ANY, GuardedRoot, NotAFileError, OutsideRootError } from '../../../src/shared/guardedFs.ts';

describe('guarded file layer', () => {
  const dirs: string[] = [];
  const fresh = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'dt-guard-'));
    dirs.push(d);
    return d;
  };
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const leftovers = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

  it('creates a new file (and its folders) exclusively, replaces only what was read, leaves no temporary file', async () => {
    const dir = fresh();
    const root = await GuardedRoot.open(dir);
    assert.equal(await root.write('a/b/c.md', 'one', EXPECT_ABSENT), 'created');
    assert.equal(readFileSync(join(dir, 'a/b/c.md'), 'utf8'), 'one');
    assert.equal(await root.write('a/b/c.md', 'two', { kind: 'content', content: 'one' }), 'replaced');
    assert.equal(await root.write('a/b/c.md', 'two', { kind: 'asRead', content: 'two' }), 'unchanged');
    assert.deepEqual(leftovers(join(dir, 'a/b')), []);
  });

  it('refuses to create over a file that appeared, or to replace a file that changed or vanished', async () => {
    const dir = fresh();
    const root = await GuardedRoot.open(dir);
    writeFileSync(join(dir, 'x.md'), 'a person wrote this');
    await assert.rejects(root.write('x.md', 'tool', EXPECT_ABSENT), (e: unknown) => e instanceof ChangedError && e.how === 'created');
    await assert.rejects(
      root.write('x.md', 'tool', { kind: 'content', content: 'what the tool read' }),
      (e: unknown) => e instanceof ChangedError && e.how === 'changed',
    );
    await assert.rejects(
      root.write('gone.md', 'tool', { kind: 'asRead', content: 'was here' }),
      (e: unknown) => e instanceof ChangedError && e.how === 'deleted',
    );
    assert.equal(readFileSync(join(dir, 'x.md'), 'utf8'), 'a person wrote this');
    assert.deepEqual(readdirSync(dir).sort(), ['x.md']);
  });

  it('never reads or writes outside the root: .., absolute paths, symbolic links to folders or files outside', async () => {
    const dir = fresh();
    const outside = fresh();
    writeFileSync(join(outside, 'private.md'), 'private');
    symlinkSync(outside, join(dir, 'linked'), 'dir');
    symlinkSync(join(outside, 'private.md'), join(dir, 'file-link.md'));
    const root = await GuardedRoot.open(dir);
    for (const p of ['../escape.md', join(outside, 'new.md'), 'linked/new.md', 'linked/deeper/new.md']) {
      await assert.rejects(root.write(p, 'x', EXPECT_ANY), OutsideRootError, p);
    }
    await assert.rejects(root.readText('linked/private.md'), OutsideRootError);
    await assert.rejects(root.readText('file-link.md'), OutsideRootError);
    await assert.rejects(root.mkdirs('linked/sub'), OutsideRootError);
    assert.deepEqual(readdirSync(outside), ['private.md']);
    assert.equal(readFileSync(join(outside, 'private.md'), 'utf8'), 'private');
  });

  it('follows links that stay inside the root', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real/a.md'), 'inside');
    symlinkSync(join(dir, 'real'), join(dir, 'alias'), 'dir');
    const root = await GuardedRoot.open(dir);
    assert.equal(await root.readText('alias/a.md'), 'inside');
    assert.equal(await root.write('alias/b.md', 'new', EXPECT_ABSENT), 'created');
    assert.equal(readFileSync(join(dir, 'real/b.md'), 'utf8'), 'new');
  });

  it('never writes over a folder or through a link at the target', async () => {
    const dir = fresh();
    const outside = fresh();
    writeFileSync(join(outside, 'victim'), 'untouched');
    mkdirSync(join(dir, 'folder.md'));
    symlinkSync(join(outside, 'victim'), join(dir, 'link.md'));
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling.md'));
    const root = await GuardedRoot.open(dir);
    await assert.rejects(root.write('folder.md', 'x', EXPECT_ANY), NotAFileError);
    await assert.rejects(root.write('link.md', 'x', EXPECT_ANY), NotAFileError);
    await assert.rejects(root.write('dangling.md', 'x', EXPECT_ANY), NotAFileError);
    assert.equal(readFileSync(join(outside, 'victim'), 'utf8'), 'untouched');
    assert.deepEqual(leftovers(dir), []);
  });

  it('a folder swapped for a link after the temporary file was made is caught at the rename', async () => {
    const dir = fresh();
    const outside = fresh();
    const root = await GuardedRoot.open(dir);
    const temp = await root.createTemp('sub/out.md');
    await temp.handle.writeFile('x');
    await temp.handle.close();
    // The folder is replaced by a link out of the root between the write and the rename.
    rmSync(join(dir, 'sub'), { recursive: true });
    symlinkSync(outside, join(dir, 'sub'), 'dir');
    await assert.rejects(root.commit(temp.path, 'sub/out.md', EXPECT_ANY), OutsideRootError);
    assert.deepEqual(readdirSync(outside), []);
  });

  it('a folder written in before and then swapped for a link out is refused at the next write, before anything is made there', async () => {
    const dir = fresh();
    const outside = fresh();
    const root = await GuardedRoot.open(dir);
    assert.equal(await root.write('docs/de/a.md', 'one', EXPECT_ABSENT), 'created');
    rmSync(join(dir, 'docs/de'), { recursive: true });
    symlinkSync(outside, join(dir, 'docs/de'));
    await assert.rejects(root.write('docs/de/b.md', 'two', EXPECT_ABSENT), OutsideRootError);
    await assert.rejects(root.createTemp('docs/de/c.md'), OutsideRootError);
    assert.deepEqual(readdirSync(outside), []);
    // Swapped for a file, then for a link that stays inside: refused, then followed.
    rmSync(join(dir, 'docs/de'));
    writeFileSync(join(dir, 'docs/de'), 'not a folder');
    await assert.rejects(root.write('docs/de/b.md', 'two', EXPECT_ABSENT));
    rmSync(join(dir, 'docs/de'));
    mkdirSync(join(dir, 'inside'));
    symlinkSync(join(dir, 'inside'), join(dir, 'docs/de'));
    assert.equal(await root.write('docs/de/b.md', 'two', EXPECT_ABSENT), 'created');
    assert.equal(readFileSync(join(dir, 'inside/b.md'), 'utf8'), 'two');
  });

  it('temporary names are random and created exclusively', async () => {
    const dir = fresh();
    const root = await GuardedRoot.open(dir);
    const a = await root.createTemp('t.md');
    const b = await root.createTemp('t.md');
    assert.notEqual(a.path, b.path);
    assert.match(a.path, /\.t\.md\.[0-9a-f]{16}\.tmp$/);
    await root.discard(a);
    await root.discard(b);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('a run lock file is created exclusively; removing never touches a folder or the root', async () => {
    const dir = fresh();
    const root = await GuardedRoot.open(dir);
    await root.createFile('.x/lock', 'me');
    await assert.rejects(root.createFile('.x/lock', 'other'), (e: NodeJS.ErrnoException) => e.code === 'EEXIST');
    assert.equal(readFileSync(join(dir, '.x/lock'), 'utf8'), 'me');
    await assert.rejects(root.removeFile('.x'), NotAFileError);
    await assert.rejects(root.removeTree('.'), OutsideRootError);
    await root.removeFile('.x/lock');
    assert.deepEqual(readdirSync(join(dir, '.x')), []);
  });
});
