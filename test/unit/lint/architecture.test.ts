// The architecture rules of eslint.config.mjs fire: each fixture under test/fixtures/lint/src
// breaks one boundary and must fail lint with a message saying where the code belongs; the
// allowed imports pass.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
// @ts-expect-error: the lint config is plain JavaScript without type declarations.
import { architecture, writes } from '../../../eslint.config.mjs';

const root = path.resolve(__dirname, '../../fixtures/lint');

async function lint(file: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      ...(architecture as Linter.Config[]),
      ...(writes as Linter.Config[]),
    ],
  });
  const [result] = await eslint.lintFiles([path.join(root, 'src', file)]);
  return result!.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('architecture lint', function () {
  this.timeout(60_000);

  it('passes the allowed imports: own files, platform, shared, client types, the lazy accessor', async () => {
    assert.deepEqual(await lint('features/a/index.ts'), []);
    assert.deepEqual(await lint('platform/api.ts'), []);
  });

  const cases: [file: string, rule: string, says: RegExp][] = [
    ['features/a/imports-other-feature.ts', 'boundaries/element-types', /A feature never imports another feature \(a imported \.\.\/b\/index\.ts\)/],
    ['features/a/imports-client-value.ts', 'boundaries/element-types', /import its types only .*loadApi\(\) from src\/platform\/api\.ts/],
    ['platform/imports-feature.ts', 'boundaries/element-types', /src\/platform never imports a feature/],
    ['api/imports-platform.ts', 'boundaries/element-types', /src\/api is vscode-free and knows nothing of the editor/],
    ['translate/imports-platform.ts', 'boundaries/element-types', /src\/translate is vscode-free and knows nothing of the editor/],
    ['translate/imports-vscode.ts', 'boundaries/external', /src\/translate runs in plain Node: it may not import vscode/],
    ['shared/imports-client.ts', 'boundaries/element-types', /src\/shared (is vscode-free|holds small dependency-free rules)/],
    ['localize/imports-feature.ts', 'boundaries/element-types', /src\/localize is the vscode-free localization engine/],
    ['features/a/writes-file.ts', 'no-restricted-imports', /File writes go through the guarded layer/],
    ['localize/writes-namespace.ts', 'no-restricted-syntax', /Import the fs functions you read with by name/],
    ['features/a/writes-workspace-fs.ts', 'no-restricted-syntax', /File writes go through the guarded layer/],
  ];
  for (const [file, rule, says] of cases) {
    it(`fails ${file} with ${rule}`, async () => {
      const messages = await lint(file);
      assert.ok(
        messages.some((m) => m.startsWith(`${rule}: `) && says.test(m)),
        messages.join('\n') || 'no lint error',
      );
    });
  }
});
