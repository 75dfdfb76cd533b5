import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { iconSprite } from './scripts/icon-sprite.js'

export default defineConfig({
  // Writes app/ui/icon-sprite.svg, which app/ui/icon.tsx imports.
  plugins: [iconSprite()],
  resolve: {
    alias: [
      { find: /^#app\/(.*)$/, replacement: path.resolve('app') + '/$1' },
      { find: /^#db\/(.*)$/, replacement: path.resolve('db') + '/$1' },
      { find: /^#server\/(.*)$/, replacement: path.resolve('server') + '/$1' },
    ],
  },
  test: {
    include: ['app/**/*.test.ts', 'app/**/*.test.tsx', 'db/**/*.test.ts', 'server/**/*.test.ts', 'tests/setup/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Tests that need a Redis server run when REDIS_URL names one (CI exports it for the local Redis), those that need
    // a PostgreSQL server (*.pg.test.ts) when TEST_DATABASE_URL does.
    // Multi-process tests need both a PostgreSQL server (TEST_DATABASE_URL) and Redis.
    exclude: [
      'node_modules/**',
      // Fault tests (kills, restarts, outages) run on their own: `npm run test:faults` (vitest.faults.config.ts).
      '**/*.faults.test.ts',
      ...(process.env.REDIS_URL ? [] : ['**/*.redis.test.ts']),
      ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts']),
      ...(process.env.REDIS_URL && process.env.TEST_DATABASE_URL ? [] : ['**/*.multi.test.ts']),
    ],
    environment: 'node',
    setupFiles: ['./tests/setup/vitest-setup.ts'],
    // The embedded database's migrated template, made once per set of migrations (tests/setup/pglite-template.ts).
    globalSetup: ['./tests/setup/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
