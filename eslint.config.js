import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
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

// Features depend one way, toward settings, content, authentication, accounts and profiles; reactions that cross features go
// through domain events to notifications, which nothing imports back. Pages that need several features are
// composed by their route loader.
const featureZones = [
  { target: feature('settings'), from: ['billing', 'authentication', 'accounts', 'profiles', 'chat', 'likes', 'search', 'content', 'photos', 'safety', 'notifications', 'matching'].map(feature) },
  { target: feature('content'), from: ['billing', 'authentication', 'accounts', 'profiles', 'chat', 'likes', 'search', 'photos', 'safety', 'notifications', 'matching'].map(feature) },
  // Money (ledger, bundles, payments, discounts) sits low: accounts grant signup credits and chat spends through it.
  { target: feature('billing'), from: ['authentication', 'accounts', 'profiles', 'chat', 'likes', 'search', 'photos', 'safety', 'notifications', 'matching'].map(feature) },
  // Authentication (sessions, login, the viewer) is below the account lifecycle (signup, activation, deletion).
  { target: feature('authentication'), from: ['accounts', 'profiles', 'chat', 'likes', 'search', 'photos', 'safety', 'notifications', 'matching'].map(feature) },
  { target: feature('accounts'), from: ['profiles', 'chat', 'likes', 'search', 'photos', 'safety', 'notifications', 'matching'].map(feature) },
  { target: feature('profiles'), from: ['chat', 'likes', 'search', 'photos', 'safety', 'notifications', 'matching'].map(feature) },
  // Chat uses safety (reports, the safety tips on received messages); safety never reaches back into chat.
  { target: feature('chat'), from: ['likes', 'search', 'notifications', 'matching'].map(feature) },
  { target: feature('likes'), from: ['chat', 'search', 'safety', 'notifications', 'matching'].map(feature) },
  { target: feature('search'), from: ['chat', 'likes', 'safety', 'notifications', 'matching'].map(feature) },
  { target: feature('photos'), from: ['chat', 'likes', 'search', 'notifications', 'matching'].map(feature) },
  { target: feature('safety'), from: ['chat', 'notifications', 'matching'].map(feature) },
  // Matching composes likes, profiles and settings; only routes and layouts use it.
  { target: feature('matching'), from: ['search', 'notifications'].map(feature) },
]
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
    // Test helpers reach into the test setup folder.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': 'off', 'import-x/no-restricted-paths': ['error', { zones: testZones }] },
  },
)
