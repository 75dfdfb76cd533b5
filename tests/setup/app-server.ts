import fs from 'node:fs'
import { resetEnvCache } from '#app/lib/env.server'
import { createTestDatabase, freePort } from './server-process'

export interface AppServer {
  origin: string
  port: number
  stop(): Promise<void>
}

/**
 * The production build (run `npx react-router build` first) serving HTTP and the socket in this test process, so
 * that the test arranges its world with the factories in the very database the server uses: db() is one handle
 * per process (db/client.server.ts). On PostgreSQL (TEST_DATABASE_URL) it gets a fresh database of its own,
 * otherwise the embedded one in DATA_DIR. The caller stops it.
 */
export async function startAppServer(name: string): Promise<AppServer> {
  // The build, not the sources, is what answers: a stale one tests yesterday's code.
  if (!fs.existsSync('build/server/index.js')) throw new Error('run `npx react-router build` first')
  const saved = { ...process.env }
  const port = await freePort()
  const databaseUrl = process.env.TEST_DATABASE_URL ? await createTestDatabase(process.env.TEST_DATABASE_URL, name) : undefined
  Object.assign(process.env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    PAGE_CACHE_SECONDS: '0',
    // Its own keys and channels when the tests share a Redis server.
    REDIS_PREFIX: `${name}-${port}:`,
    // Rendered as in production: no error details in pages.
    NODE_ENV: 'production',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  })
  const entry = new URL('../../build/server/index.js', import.meta.url).href
  const { start } = (await import(/* @vite-ignore */ entry)) as { start(): Promise<{ close(): Promise<void> }> }
  // The server's last-resort handlers end the process; here Vitest reports what escapes, so they are taken back.
  const listeners = () => [...process.listeners('uncaughtException'), ...process.listeners('unhandledRejection')] as ((...args: unknown[]) => void)[]
  const before = new Set(listeners())
  let app: { close(): Promise<void> }
  try {
    app = await start()
  } finally {
    for (const l of listeners().filter((x) => !before.has(x))) {
      process.off('uncaughtException', l)
      process.off('unhandledRejection', l)
    }
    // The server read its configuration at start; the test's own modules see the same values from here on.
    process.env.NODE_ENV = saved.NODE_ENV
    process.env.PUBLIC_URL = `http://127.0.0.1:${port}`
    resetEnvCache()
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      await app.close()
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k]
      Object.assign(process.env, saved)
      resetEnvCache()
    },
  }
}
