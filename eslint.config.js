import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      'playwright-report/**',
      // Compiled only inside the app that installs the packed client, against its declarations.
      'packages/client/test/consumer-app/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // One program per tsconfig the typecheck uses (a tsconfig per package would load the core's sources in each).
      parserOptions: {
        project: ['./tsconfig.check.json', './tsconfig.json', './apps/web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // Each folder's files with the program of the tsconfig that includes them, so that a run over some
  // folders builds only their programs. `pnpm checks` gives ESLint the programs its typecheck built
  // instead (scripts/check-code.mjs): these serve `pnpm lint:code`, test:fast and editors.
  {
    files: ['apps/web/**'],
    languageOptions: { parserOptions: { project: './apps/web/tsconfig.json' } },
  },
  {
    files: ['*.ts', 'e2e/**', 'bench/**'],
    languageOptions: { parserOptions: { project: './tsconfig.json' } },
  },
  {
    files: ['packages/**', 'apps/server/**', 'apps/mcp-admin/**'],
    languageOptions: { parserOptions: { project: './tsconfig.check.json' } },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Issue 17's shape of the panel: a feature folder is used through its public module (`index.ts`,
  // or `lazy.ts`), never past it (`ui/` is a toolkit, one component per file), and the server is called through
  // each feature's hooks in its `api.ts`, never through `trpc` in a component.
  {
    files: ['apps/web/src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pastIndex('./')] }] },
  },
  {
    files: ['apps/web/src/*/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/*/api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [pastIndex('../')],
          paths: [
            {
              name: '../trpc',
              importNames: ['trpc'],
              message: "Call the server through a hook in the feature's api.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/*/api.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pastIndex('../')] }] },
  },
);

/**
 * An import, from `from`, of a file inside another folder of the panel other than `ui/`; a lazily
 * loaded part may import another feature's `lazy.ts` (its lazy views without the first paint's hooks).
 */
function pastIndex(from) {
  const escaped = from.replaceAll('.', '\\.');
  return {
    regex: `^${escaped}(?!ui/)[^/]+/(?!lazy$)`,
    message: "Import another feature through its index (e.g. '../check') or its lazy.ts, not past them.",
  };
}
