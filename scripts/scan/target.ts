import { spawn, spawnSync } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { readDemoLogins } from '#db/seed/demo-logins.server'
// @ts-expect-error plain ESM script without types
import { buildIsCurrent, recordBuild } from '../build-state.mjs'

/**
 * The target of `npm run scan`: the production build (built first when missing or stale, as `npm start` decides),
 * served by `node server/index.js` on a fresh embedded database with the demo data, and the demo members logged in
 * over HTTP as a browser does. No test hooks: this is the process a site runs.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..')

export function ensureBuild(log: (s: string) => void): void {
  if ((buildIsCurrent as (root: string) => boolean)(ROOT)) return log('the build is current')
  log('building (build/ is missing or older than the sources)')
  const r = spawnSync('npx', ['react-router', 'build'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 600_000 })
  if (r.status !== 0) throw new Error(`react-router build failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`)
  ;(recordBuild as (root: string) => void)(ROOT)
}

/** A port in the scan's range (4480-4499) when one is free, else any free port. */
export async function choosePort(): Promise<number> {
  for (let p = 4480; p < 4500; p++) if (await isFree(p)) return p
  return 0
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}

/** Schema and raised per-member write limits in the fresh data folder, before the server starts (raise-write-limits.ts). */
export function prepareData(dataDir: string): void {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/scan/raise-write-limits.ts'], { cwd: ROOT, env, encoding: 'utf8', timeout: 180_000 })
  if (r.status !== 0) throw new Error(`preparing the database failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`)
}

export interface Target {
  origin: string
  output(): string
  stop(): Promise<void>
}

export async function startTarget(dataDir: string, port: number): Promise<Target> {
  // Only what the server needs: no Redis, SMTP, database URL or test switches from the caller's environment.
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    SUPERVISE: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  }
  const child = spawn(process.execPath, ['server/index.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-200_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${out}`)
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) })
      await res.arrayBuffer()
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not answer /healthz within 3 minutes:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    origin,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

export interface Member {
  label: string
  email: string
  /** The session cookie's value. */
  sid: string
  userId: number
  profileId: number
}

/**
 * A demo member's password as the server made it when it seeded `dataDir` (DATA_DIR/demo-logins.json, decision
 * record 025): what a person copies from the start banner.
 */
export function demoPassword(dataDir: string, email: string): string {
  const login = readDemoLogins(dataDir).members.find((m) => m.email === email)
  if (!login) throw new Error(`no demo login for ${email} in ${dataDir}: the server has not seeded the demo there`)
  return login.password
}

/** Logs in through the login form's POST, as a browser without JavaScript does (same-origin Origin header). */
export async function login(origin: string, label: string, email: string, password: string): Promise<Member> {
  const res = await fetch(`${origin}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ email, password, redirectTo: '' }),
    signal: AbortSignal.timeout(30_000),
  })
  await res.arrayBuffer()
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='))
    ?.slice(4)
  if (res.status !== 302 || !sid) throw new Error(`login of member ${label} failed: status ${res.status}`)
  const me = (await getJson(origin, '/api/user.php', sid)) as { user: { id: number; profile: { id: number } } | null }
  if (!me.user) throw new Error(`member ${label}: the new session is not recognised`)
  return { label, email, sid, userId: me.user.id, profileId: me.user.profile.id }
}

export async function getJson(origin: string, pathAndQuery: string, sid: string): Promise<unknown> {
  const res = await fetch(origin + pathAndQuery, { headers: { cookie: `sid=${sid}` }, signal: AbortSignal.timeout(30_000) })
  if (!res.ok) throw new Error(`GET ${pathAndQuery}: ${res.status}`)
  return res.json()
}

/** Whether the member's session still works (the scan must not have logged it out). */
export async function sessionAlive(origin: string, m: Member): Promise<boolean> {
  const me = (await getJson(origin, '/api/user.php', m.sid)) as { user: unknown }
  return me.user !== null
}
