import fs from 'node:fs'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// Layering of ARCHITECTURE.md: ground floor (lib, db, ui, i18n, adapters) < policies < features < routes/layouts < server.
const ground = ['./app/lib', './app/ui', './app/i18n', './app/adapters']

const feature = (name) => `./app/features/${name}`

const layerZones = [
  // The ground floor knows nothing of policies, features, routes or the server.
  ...ground.map((target) => ({ target, from: ['./app/policies', './app/features', './app/routes', './app/layouts', './server'] })),
  // The schema takes value lists from their features (files of constants: profile values, complaint categories), nothing else.
  { target: './db', from: './app/features', except: ['./profiles/profile-values.ts', './safety/complaint-categories.ts'] },
  { target: './db', from: ['./app/policies', './app/routes', './app/layouts', './app/ui', './server'] },
  // Routes, layouts and client components never reach into the database schema.
  { target: ['./app/routes', './app/layouts', './app/ui'], from: './db/schema' },
  { target: './app/policies', from: ['./app/features', './app/routes', './app/layouts', './server'] },
  { target: './app/features', from: ['./app/routes', './app/layouts', './server'] },
  { target: './app/routes', from: ['./server'] },
]

// Features by rank, lowest first (docs/architecture.md): a feature imports only features below it. The list is an
// allow-list: a folder under app/features without a rank fails the lint, so a new feature must be placed. Reactions
// that go upward (a new message notifies, a decision sends an e-mail) travel as domain events to notifications, the
// top; pages that need several features are composed by their route loader.
export const featureRanks = [
  'settings',
  'content',
  'niche',
  'visitors',
  'authentication',
  'billing',
  'accounts',
  'profiles',
  'photos',
  'likes',
  'safety',
  'search',
  'chat',
  'matching',
  'landers',
  'public-settings',
  'operations',
  // The operator console, one wing with its own ranks (app/features/console/*).
  'console/operators',
  'console/moderation',
  'console/site-admin',
  'console/support',
  'console/fictional',
  'notifications',
]
const rankedFolders = new Set(featureRanks.flatMap((f) => [f, f.split('/')[0]]))
const unranked = fs
  .readdirSync(new URL('./app/features', import.meta.url), { withFileTypes: true })
  .flatMap((d) => (d.name === 'console' ? fs.readdirSync(new URL('./app/features/console', import.meta.url)).map((c) => `console/${c}`) : [d.name]))
  .filter((f) => !rankedFolders.has(f) && !f.includes('.'))
if (unranked.length) throw new Error(`eslint.config.js: give ${unranked.join(', ')} a rank in featureRanks (docs/architecture.md)`)

const featureZones = featureRanks.slice(0, -1).map((name, i) => ({
  target: feature(name),
  from: featureRanks.slice(i + 1).map(feature),
  message: `${name} may import only features ranked below it (eslint.config.js featureRanks, docs/architecture.md)`,
}))
const zones = [...layerZones, ...featureZones]
// Tests may arrange and check through the database and other features, whatever layer they test.
const testZones = layerZones.filter((z) => z.from !== './db/schema')

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
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
    },
  },
  {
    // Hooks by the rules, every effect with what it reads (issue 25). Tests are left out: their `useTestDatabase`
    // is a set-up call, not a React hook.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['app/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['app/**/*.tsx'],
    rules: {
      // A scrolling log or labelled region must take the keyboard's focus to be scrolled by it (WCAG 2.1.1, axe's
      // scrollable-region-focusable): the chat's messages and the lander's sideways stories.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'log', 'region'], allowExpressionValues: true }],
    },
  },
  {
    // Features take plain values and return reasons; the routes do the HTTP (issue 25, docs/architecture.md).
    // Components and client hooks may use react-router's UI. scripts/feature-purity.test.ts checks the same and
    // also finds HTTP status maps.
    files: ['app/features/**/*.{ts,tsx}'],
    ignores: ['app/features/**/components/**', 'app/features/**/use-*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router', message: 'Features take plain values and return reasons: the route does the HTTP (docs/architecture.md).' }],
          patterns: [
            { group: ['../../*/*', '../../../*'], message: 'Import across folders with #app/… or #db/…' },
            { group: ['@react-router/*'], message: 'Features take plain values and return reasons: the route does the HTTP (docs/architecture.md).' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Identifier[name=/^(Request|Response|FormData|Headers)$/]:not(MemberExpression > Identifier.property):not(Property > Identifier.key)',
          message:
            'Features take plain values (a parsed object, a cookie string, a client address) and return reasons, never Request, Response, FormData or Headers (docs/architecture.md).',
        },
        {
          selector: 'Property[key.name=/^(status|statusCode)$/] > Literal.value[raw=/^[1-5][0-9][0-9]$/]',
          message: 'No HTTP statuses in features: return a reason; app/lib/refusals.ts maps it (docs/architecture.md).',
        },
      ],
    },
  },
  {
    // Write rates are taken inside the feature a route calls (withWrite, withFailureLimit), so a new caller cannot
    // forget them (issue 25): routes and the server never take a token themselves.
    files: ['app/routes/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '#app/features/settings/write-limits.server',
              importNames: ['takeWrite', 'writeWait', 'withWrite', 'withFailureLimit'],
              message: 'Take the write token inside the feature function (withWrite), not in the route (docs/architecture.md "Write rates").',
            },
          ],
          patterns: [{ group: ['../../*/*', '../../../*'], message: 'Import across folders with #app/… or #db/…' }],
        },
      ],
    },
  },
  {
    // Test helpers reach into the test setup folder.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': 'off', 'import-x/no-restricted-paths': ['error', { zones: testZones }] },
  },
)
