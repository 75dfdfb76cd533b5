import { defineConfig } from 'vitest/config'
import base from './vitest.config'

// `npm run test:faults` (docs/reliability.md): server processes killed, restarted and cut off from PostgreSQL and
// Redis while members chat. Needs TEST_DATABASE_URL, REDIS_URL and the production build; .ci/run runs it after
// `npm test`. The files run side by side: most of their time is waiting for processes to start and stop.
// The base configuration with its own files (mergeConfig would add to the base's exclude list, which leaves them out).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['server/**/*.faults.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 120_000,
  },
})
