import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/**
 * The architecture, enforced (README "Layout"): vscode-free layers import nothing of the editor;
 * the platform imports no feature; a feature imports no other feature; the editor takes values
 * from the client only through `src/platform/api.ts` (the client is its own, lazily loaded bundle).
 * Exported so test/unit/lint proves each rule fires on fixtures.
 */
export const architecture = [
  {
    files: ['src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['**/src/**/*.ts'],
      'boundaries/elements': [
        { type: 'root', pattern: '**/src/extension.ts', mode: 'full' },
        { type: 'api-accessor', pattern: '**/src/platform/api.ts', mode: 'full' },
        { type: 'api', pattern: '**/src/api/**', mode: 'full' },
        { type: 'translate', pattern: '**/src/translate/**', mode: 'full' },
        { type: 'localize', pattern: '**/src/localize/**', mode: 'full' },
        { type: 'shared', pattern: '**/src/shared/**', mode: 'full' },
        { type: 'platform', pattern: '**/src/platform/**', mode: 'full' },
        { type: 'feature', pattern: '**/src/features/*/**', mode: 'full', capture: ['base', 'feature'] },
      ],
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'import/resolver': { node: { extensions: ['.ts', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: 'src/${file.type} may not import ${dependency.source}: see the layout in README.md and src/features/README.md.',
          rules: [
            { from: ['api'], allow: ['api', 'shared'] },
            { from: ['translate'], allow: ['translate', 'shared'] },
            { from: ['localize'], allow: ['localize', 'translate', 'api', 'shared'] },
            { from: ['shared'], allow: ['shared'] },
            { from: ['platform', 'api-accessor'], allow: ['platform', 'api-accessor', 'shared', 'translate'] },
            { from: ['feature'], allow: [['feature', { feature: '${from.feature}' }], 'platform', 'api-accessor', 'shared', 'translate', 'localize'] },
            { from: ['root'], allow: ['platform', 'feature', 'shared'] },
            // Types from the client cost nothing at run time; values come through src/platform/api.ts (loadApi).
            { from: ['platform', 'feature', 'root'], allow: ['api'], importKind: 'type' },
            { from: ['api-accessor'], allow: ['api'] },
            // The same boundaries again, each with the message that says where the code belongs.
            {
              from: ['api', 'translate', 'shared'],
              disallow: ['platform', 'api-accessor', 'feature', 'root', 'localize'],
              message:
                'src/${file.type} is vscode-free and knows nothing of the editor or the engines built on it (it imported ${dependency.source}). Move editor code to src/platform or a feature; put a rule both sides need in src/shared.',
            },
            {
              from: ['localize'],
              disallow: ['platform', 'api-accessor', 'feature', 'root'],
              message:
                'src/localize is the vscode-free localization engine: it may use src/translate, src/api and src/shared, never the editor layer (it imported ${dependency.source}).',
            },
            {
              from: ['shared'],
              disallow: ['api', 'translate'],
              message: 'src/shared holds small dependency-free rules used by both bundles: it may import only src/shared (it imported ${dependency.source}).',
            },
            {
              from: ['platform', 'api-accessor'],
              disallow: ['feature', 'root', 'localize'],
              message:
                'src/platform never imports a feature (it imported ${dependency.source}): move the code into the feature, or make it a platform service the feature registers with.',
            },
            {
              from: ['feature'],
              disallow: [['feature', { feature: '!${from.feature}' }]],
              message: 'A feature never imports another feature (${file.feature} imported ${dependency.source}): meet through src/platform or a command id.',
            },
            {
              from: ['platform', 'feature', 'root'],
              disallow: ['api'],
              importKind: 'value',
              message:
                'The client is its own bundle, loaded on first use: import its types only (`import type`), and take values through loadApi() from src/platform/api.ts (it imported ${dependency.source}).',
            },
          ],
        },
      ],
      'boundaries/external': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: ['api', 'translate', 'localize', 'shared'],
              disallow: ['vscode'],
              message: 'src/${file.type} runs in plain Node: it may not import vscode. Editor code belongs in src/platform or src/features.',
            },
          ],
        },
      ],
    },
  },
];

/**
 * Every file write goes through the guarded layer (src/shared/guardedFs.ts: real paths inside the
 * root, exclusive random temporary files, the target checked again at the rename): Node's writing
 * fs functions, file handles, namespace imports of fs and vscode.workspace.fs writes are refused
 * everywhere else. Exported so test/unit/lint proves it fires.
 */
const FS_WRITES = [
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'rename',
  'renameSync',
  'mkdir',
  'mkdirSync',
  'mkdtemp',
  'mkdtempSync',
  'rm',
  'rmSync',
  'rmdir',
  'rmdirSync',
  'unlink',
  'unlinkSync',
  'link',
  'linkSync',
  'symlink',
  'symlinkSync',
  'copyFile',
  'copyFileSync',
  'cp',
  'cpSync',
  'createWriteStream',
  'truncate',
  'truncateSync',
  'open',
  'openSync',
  'chmod',
  'chmodSync',
  'utimes',
  'utimesSync',
];
const WRITES_MESSAGE =
  'File writes go through the guarded layer (src/shared/guardedFs.ts: GuardedRoot.write/commit/createTemp, or the platform SafeWriter in the editor), never Node fs directly.';
export const writes = [
  {
    files: ['src/**/*.ts'],
    ignores: ['src/shared/guardedFs.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:fs', 'fs', 'node:fs/promises', 'fs/promises'].map((name) => ({ name, importNames: FS_WRITES, message: WRITES_MESSAGE })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/^(node:)?fs(.promises)?$/] > :matches(ImportNamespaceSpecifier, ImportDefaultSpecifier)',
          message: `Import the fs functions you read with by name. ${WRITES_MESSAGE}`,
        },
        { selector: 'MemberExpression[object.property.name="fs"][property.name=/^(writeFile|rename|delete|createDirectory|copy)$/]', message: WRITES_MESSAGE },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'test/fixtures/**', 'test/sites/**', 'test-results/**', '.vscode-test/**'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Bundle size: the undici entry drags in fetch, WebSocket and mocks; classic zod costs ~70 KB
    // more than zod/mini for the same schemas. Type-only imports cost nothing.
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'undici', allowTypeImports: true, message: 'Import Pool from src/api/vendor/undici-pool.ts.' },
            ...['zod', 'zod/v4', 'zod/v4/classic', 'zod/v3'].map((name) => ({
              name,
              allowTypeImports: true,
              message: "Use zod/mini (import * as z from 'zod/mini'): classic zod bloats the bundle.",
            })),
          ],
        },
      ],
    },
  },
  ...architecture,
  ...writes,
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-non-null-assertion': 'off' } },
);
