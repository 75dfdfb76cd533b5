import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'

// Layering of ARCHITECTURE.md: ground floor (lib, db, ui, i18n, adapters) < policies < features < routes/layouts < server.
const ground = ['./app/lib', './app/ui', './app/i18n', './app/adapters']

export default tseslint.config(
  { ignores: ['build/**', 'node_modules/**', '.react-router/**', 'data/**', 'test-results/**', 'playwright-report/**', 'db/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*/*', '../../../*'], message: 'Import across folders with #app/… or #db/…' }] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The ground floor knows nothing of policies, features, routes or the server.
            ...ground.map((target) => ({ target, from: ['./app/policies', './app/features', './app/routes', './app/layouts', './server'] })),
            { target: './db', from: ['./app/features', './app/policies', './app/routes', './app/layouts', './app/ui', './server'] },
            { target: './app/policies', from: ['./app/features', './app/routes', './app/layouts', './server'] },
            { target: './app/features', from: ['./app/routes', './app/layouts', './server'] },
            { target: './app/routes', from: ['./server'] },
            // Features depend one way: toward settings, accounts and profiles, never back.
            { target: './app/features/settings', from: ['./app/features/accounts', './app/features/profiles', './app/features/chat', './app/features/likes', './app/features/search', './app/features/content'] },
            { target: './app/features/accounts', from: ['./app/features/profiles', './app/features/chat', './app/features/likes', './app/features/search'] },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
    },
  },
  {
    // Test helpers reach into the test setup folder.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
