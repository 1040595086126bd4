// Activation benchmark, inside a real extension host: the extension under test is a copy whose
// package.json has no startup activation event, so nothing activates it before this test does;
// the time of `activate()` is then the host loading the bundle plus the extension's own activate().
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'doc-translate.doc-translate';

describe('activation benchmark', () => {
  it('times activate() of the not yet active extension', async () => {
    const out = process.env['DOC_TRANSLATE_BENCH_OUT'];
    assert.ok(out, 'DOC_TRANSLATE_BENCH_OUT is set');
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is loaded`);
    assert.equal(ext.isActive, false, 'nothing activated the extension before the benchmark');
    const t0 = performance.now();
    await ext.activate();
    const activateMs = performance.now() - t0;
    // Loading a second copy of the bundle afterwards tells apart loading from running activate().
    const bundle = path.join(ext.extensionPath, 'dist', 'extension.js');
    const copy = path.join(ext.extensionPath, 'dist', 'extension-load-probe.js');
    fs.copyFileSync(bundle, copy);
    const t1 = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(copy);
    const loadMs = performance.now() - t1;
    const ownMs = (ext.exports as { activationMs?: unknown } | undefined)?.activationMs;
    assert.equal(typeof ownMs, 'number', 'activate() reports its own duration');
    fs.writeFileSync(out, JSON.stringify({ activateMs, loadMs, ownMs }));
  });
});
