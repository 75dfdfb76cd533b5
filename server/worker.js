// One server process: the Vite SSR build of server/app.ts holds the app, the routes and the socket hub.
import cluster from 'node:cluster'
import fs from 'node:fs'

const entry = new URL('../build/server/index.js', import.meta.url)
if (!fs.existsSync(entry)) {
  console.error('No build found: run `npm run build` first (npm start does it for you).')
  process.exit(78)
}
process.env.NODE_ENV ??= 'production'
const { start } = await import(entry.href)
const app = await start()

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
