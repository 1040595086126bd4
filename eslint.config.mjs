import tseslint from 'typescript-eslint';

const noVscode = {
  'no-restricted-imports': ['error', {
    paths: [{ name: 'vscode', message: 'src/api and src/translate run in plain Node: do not import vscode here.' }],
  }],
  'no-restricted-syntax': ['error', {
    selector: "CallExpression[callee.name='require'][arguments.0.value='vscode']",
    message: 'src/api and src/translate run in plain Node: do not require vscode here.',
  }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'test/fixtures/**', 'test-results/**', '.vscode-test/**'] },
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
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          { name: 'undici', allowTypeImports: true, message: 'Import Pool from src/api/vendor/undici-pool.ts.' },
          ...['zod', 'zod/v4', 'zod/v4/classic', 'zod/v3'].map((name) => ({
            name,
            allowTypeImports: true,
            message: "Use zod/mini (import * as z from 'zod/mini'): classic zod bloats the bundle.",
          })),
        ],
      }],
    },
  },
  { files: ['src/api/**/*.ts', 'src/translate/**/*.ts'], rules: noVscode },
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-non-null-assertion': 'off' } },
);
