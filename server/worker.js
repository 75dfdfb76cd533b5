// One server process: the Vite SSR build of server/app.ts holds the app, the routes and the socket hub.
import { spawn } from 'node:child_process'
import cluster from 'node:cluster'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

const entry = new URL('../build/server/index.js', import.meta.url)
if (!fs.existsSync(entry)) {
  console.error('No build found: run `npm run build` first (npm start does it for you).')
  process.exit(78)
}
process.env.NODE_ENV ??= 'production'
const { start, seedDemoApart } = await import(entry.href)

// The seeding process: this file again, asked by the serving process below.
if (process.env.SERVER_TASK === 'seed') {
  await seedDemoApart()
  process.exit(0)
}

/** Seeds the demo data in a process of its own, so that the serving process never carries the seed's memory. */
function seedApart() {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, SERVER_TASK: 'seed' },
    stdio: 'inherit',
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the demo seed failed (exit ${code ?? signal})`))))
  })
}

const app = await start({ seedApart })

let stopping = false
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    // Alone, a second Ctrl-C forces the exit. Supervised, the terminal's SIGINT and the one the supervisor passes
    // on arrive together; the supervisor forces the exit itself if the clean stop takes too long.
    if (stopping) {
      if (cluster.isPrimary) process.exit(1)
      return
    }
    stopping = true
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
