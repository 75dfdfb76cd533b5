import { defineConfig } from 'vitest/config'
import base from './vitest.config'

// `npm run test:topology` (docs/operations.md, "Deploying"): the shipped deployment run for real on this machine:
// Debian's nginx with deploy/nginx/dating.conf in front of two production processes started as the systemd unit
// starts them, on one PostgreSQL and one Redis. Needs /usr/sbin/nginx, openssl, TEST_DATABASE_URL, REDIS_URL and
// the production build; .ci/run runs it after the fault tests. The files run one after the other: they use fixed
// ports (4600-4699).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['tests/topology/**/*.topology.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./tests/topology/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
