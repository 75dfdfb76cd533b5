import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3999)
// This file is evaluated by the runner and again by every worker. What must be the same everywhere is made once,
// in the runner, and handed on through the environment (workers and the web server inherit it).
// A fresh embedded database for every run, seeded with the demo data.
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'dating-e2e-')))
// A real SMTP server (tests/e2e/smtp-capture.ts, started by global setup) on a fixed loopback port catches the
// site's e-mails into a JSON-lines file that the tests read (tests/e2e/mail.ts).
const smtpPort = Number((process.env.E2E_SMTP_PORT ??= '3998'))
const runId = (process.env.E2E_RUN_ID ??= Date.now().toString(36))
process.env.E2E_MAIL_FILE ??= path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dating-e2e-mail-')), 'mail.jsonl')
// The web server's output is kept too, and checked for personal data when the run ends (tests/e2e/log-privacy.ts),
// with the values that tests/e2e/log-privacy.spec.ts names in the canary file.
const logDir = (process.env.E2E_LOG_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'dating-e2e-log-')))
process.env.E2E_SERVER_LOG ??= path.join(logDir, 'server.log')
process.env.E2E_CANARY_FILE ??= path.join(logDir, 'canaries.jsonl')

export default defineConfig({
  testDir: 'tests/e2e',
  // Shards running at once (scripts/test.mjs) must not clean up each other's traces.
  outputDir: `test-results/port-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  globalSetup: './tests/e2e/smtp-capture.ts',
  globalTeardown: './tests/e2e/log-privacy.ts',
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recorded on the retry of a failed test only: a trace records screenshots all along, which cost the suite a
    // third of its browser time (measured on billing.spec.ts: 57 s of CPU with, 40 s without).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // Everything the server writes (its pino log and any crash) goes to the console and to E2E_SERVER_LOG.
    command: `node server/index.js 2>&1 | tee '${process.env.E2E_SERVER_LOG}'`,
    url: `http://localhost:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      // As in production: the log checked for personal data is the one operators would have.
      LOG_LEVEL: 'info',
      // Settings hooks for the browser tests (server/test-hooks.server.ts).
      E2E_TEST_HOOKS: '1',
      // PostgreSQL when scripts/test.mjs made a database for this run (given TEST_DATABASE_URL), else the embedded one.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      // Shards running at once (scripts/test.mjs) share Redis, and so do runs within the hour of a rate limit:
      // each server of each run keeps to its own keys and channels.
      REDIS_PREFIX: `e2e${port}-${runId}:`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Amoura <no-reply@amoura.test>',
    },
    stdout: 'pipe',
  },
})
