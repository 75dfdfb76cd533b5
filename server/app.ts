import http from 'node:http'
import { createRequestHandler } from '@react-router/express'
import type { ServerBuild } from 'react-router'
import { env, EnvError } from '#app/lib/env.server'
import { mediaStore } from '#app/adapters/storage/index.server'
import { MediaStoreConfigError } from '#app/adapters/storage/media-store'
import { errorText } from '#app/lib/error-text'
import { existingDemoAccounts } from '#db/seed/demo.server'
import { existingDemoOperators } from '#app/features/console/operators/demo-operators.server'
import { logger } from '#app/lib/logger.server'
import { gracefulClose } from './graceful-close.server'
import { printProductionWarnings } from './production-warnings.server'
import { createHttpApp } from './http-app.server'
import { seedDemoInThisProcess, startServices, type StartOptions } from './startup.server'
import { EXIT_CONFIG, installCrashHandlers } from './crash-handlers.server'
import { attachWsHub, SOCKET_STALE_MS } from './ws-hub.server'
import { createRedisSocketRegistry } from './ws-socket-registry.server'
import { paymentFormOrigins } from './security-headers.server'
import { setRouteTable } from './route-labels.server'
import { openRateLimitStore } from '#app/adapters/rate-limit/rate-limit.server'

/** The configuration, and object storage checked: a start stops here, naming the setting, when either is wrong. */
async function checkedConfiguration() {
  installCrashHandlers()
  let e
  try {
    e = env()
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message)
      process.exit(EXIT_CONFIG)
    }
    throw err
  }
  // Object storage configured wrongly stops the start here, naming the setting, not at the first upload; one that
  // is only unreachable for now is logged, and the site starts (it answers media requests with errors meanwhile).
  try {
    await mediaStore().check()
  } catch (err) {
    if (!(err instanceof MediaStoreConfigError)) logger.warn({ err: errorText(err) }, 'media storage unreachable at start')
    else {
      console.error(`Invalid configuration:\n  ${err.message}`)
      process.exit(EXIT_CONFIG)
    }
  }
  return e
}

/** The seeding process (server/worker.js with SERVER_TASK=seed): the demo data, then exit. */
export async function seedDemoApart(): Promise<void> {
  await seedDemoInThisProcess(await checkedConfiguration())
}

/**
 * The whole process: configuration, database, bus, HTTP, WebSocket. Built by Vite as the server bundle's entry
 * (vite.config.ts) so it shares one module graph with the routes; server/index.js calls start().
 */
export async function start(opts: StartOptions = {}): Promise<{ server: http.Server; close(): Promise<void> }> {
  const e = await checkedConfiguration()
  const services = await startServices(e, opts)
  // Rate limits count in Redis from the first request on, not in this process's memory while it connects.
  if (e.REDIS_URL) await openRateLimitStore(e.REDIS_URL)
  // The build is loaded once: given a function, React Router derives its route table again on every request
  // (a third of the settings endpoint's CPU, docs/performance.md).
  const build = (await import('virtual:react-router/server-build')) as ServerBuild
  setRouteTable(build.routes)
  const app = createHttpApp({
    dataDir: e.DATA_DIR,
    media: mediaStore(),
    publicUrl: e.PUBLIC_URL,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    formActionOrigins: paymentFormOrigins(e),
    trustProxy: e.TRUST_PROXY,
    reactRouterHandler: (getLoadContext) =>
      createRequestHandler({
        build,
        mode: process.env.NODE_ENV,
        getLoadContext: getLoadContext as never,
      }),
  })
  const server = http.createServer(app)
  // With Redis, a member's sockets are counted over every process (the cap per member holds site-wide).
  const sockets = e.REDIS_URL ? createRedisSocketRegistry(e.REDIS_URL, e.REDIS_PREFIX, { staleMs: SOCKET_STALE_MS }) : undefined
  const hub = attachWsHub(server, { publicUrl: e.PUBLIC_URL, sockets })
  await new Promise<void>((resolve) => server.listen(e.PORT, e.HOST, resolve))
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : e.PORT
  logger.info({ port }, 'listening')
  console.log(`\n  Site: ${e.PUBLIC_URL ?? `http://localhost:${port}`}`)
  printProductionWarnings(e)
  // The logins made when the demo was seeded (DATA_DIR/demo-logins.json), of the accounts that exist.
  const demo = await existingDemoAccounts(e.DATA_DIR)
  if (demo.length) {
    console.log('  Demo members (e-mail / password):')
    for (const a of demo) console.log(`    ${a.email} / ${a.password}`)
  }
  const operators = await existingDemoOperators(e.DATA_DIR)
  if (operators.length) {
    console.log(`  Demo console operators at /admin (e-mail / password / authenticator key):`)
    for (const o of operators) console.log(`    ${o.role}: ${o.email} / ${o.password} / ${o.totpSecret}`)
  }
  console.log('')
  return {
    server,
    close: () => gracefulClose({ server, hub, services }),
  }
}
