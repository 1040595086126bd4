// The in-memory registry of secret values (src/shared/secretValues.ts): what is masked, how, and
// that it is one registry per process even when several bundles each carry a copy of the module.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  forgetSecret,
  knownSecretCount,
  maskKnownSecrets,
  maskSecretValue,
  MAX_SECRETS,
  MIN_SECRET_LENGTH,
  rememberSecret,
} from '../../../src/shared/secretValues.ts';

describe('shared/secretValues', () => {
  const used: string[] = [];
  const remember = (v: string): string => {
    rememberSecret(v);
    used.push(v);
    return v;
  };
  afterEach(() => {
    for (const v of used.splice(0)) while (maskKnownSecrets(v) !== v) forgetSecret(v);
  });

  it('masks every occurrence of a remembered value, whatever its shape, showing at most 4 characters', () => {
    const secret = remember('whsec_ab12cd34ef56ab78cd90');
    const out = maskKnownSecrets(`secret ${secret} is not accepted (${secret})`);
    assert.ok(!out.includes(secret), out);
    assert.equal(out, 'secret whse… is not accepted (whse…)');
    assert.equal(maskSecretValue('0123456789abcdef'), '0123…');
    assert.equal(maskSecretValue('01234567'), '01…', 'short values show less');
    assert.equal(maskSecretValue('sk_live_0123456789abcdef'), 'sk_…cdef', 'an API key in its one masked form (maskApiKey)');
  });

  it('leaves ordinary words alone: values shorter than 8 characters are not registered', () => {
    assert.equal(MIN_SECRET_LENGTH, 8);
    const before = knownSecretCount();
    rememberSecret('token');
    rememberSecret('  abc  ');
    rememberSecret(undefined);
    rememberSecret(null);
    assert.equal(knownSecretCount(), before);
    assert.equal(maskKnownSecrets('the token was abc'), 'the token was abc');
  });

  it('masks a longer secret whole when it contains a shorter one', () => {
    remember('abcdefgh');
    const long = remember('abcdefgh-ijklmnop-qrstuvwx');
    const out = maskKnownSecrets(`x ${long} y abcdefgh`);
    assert.ok(!out.includes('ijklmnop'), out);
    assert.ok(!out.includes('abcdefgh'), out);
  });

  it('trims values and keeps a value masked until every holder forgot it', () => {
    const secret = 'shared-secret-value-42';
    rememberSecret(`  ${secret}\n`);
    rememberSecret(secret);
    forgetSecret(secret);
    assert.ok(!maskKnownSecrets(secret).includes(secret), 'still held once');
    forgetSecret(secret);
    assert.equal(maskKnownSecrets(secret), secret, 'forgotten by the last holder');
  });

  it('keeps at most MAX_SECRETS values, dropping the oldest first', () => {
    const first = remember('oldest-secret-0000');
    for (let i = 0; i < MAX_SECRETS; i++) remember(`bulk-secret-${String(i).padStart(6, '0')}`);
    assert.ok(knownSecretCount() <= MAX_SECRETS);
    assert.equal(maskKnownSecrets(first), first, 'the oldest was dropped');
    assert.notEqual(maskKnownSecrets(`bulk-secret-${String(MAX_SECRETS - 1).padStart(6, '0')}`), `bulk-secret-${String(MAX_SECRETS - 1).padStart(6, '0')}`);
  });

  it('is one registry per process: a second copy of the module sees the same values', async () => {
    const secret = remember('cross-bundle-secret-77');
    // A second copy of the source, loaded as its own module (as another bundle carries its own copy).
    const dir = mkdtempSync(join(tmpdir(), 'dt-secrets-'));
    const file = join(dir, 'secretValuesCopy.ts');
    copyFileSync(join(__dirname, '../../../src/shared/secretValues.ts'), file);
    copyFileSync(join(__dirname, '../../../src/shared/apiKey.ts'), join(dir, 'apiKey.ts'));
    const copy = (await import(pathToFileURL(file).href)) as typeof import('../../../src/shared/secretValues.ts');
    assert.notEqual(copy.maskKnownSecrets, maskKnownSecrets, 'a separate module instance');
    assert.ok(!copy.maskKnownSecrets(`x ${secret}`).includes(secret));
    const other = 'remembered-in-the-copy-99';
    copy.rememberSecret(other);
    assert.ok(!maskKnownSecrets(other).includes(other));
    copy.forgetSecret(other);
  });
});
