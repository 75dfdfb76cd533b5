import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'

/**
 * The bench's world: a throw-away PostgreSQL database with 10,000 fictional profiles and 200 member accounts
 * with sessions, and the production server started on a free loopback port against it.
 * App modules are imported lazily, after run.ts has set the working directory and the environment they read.
 */

export const ROOT = path.resolve(import.meta.dirname, '..')

export interface Member {
  userId: number
  profileId: number
  gender: 'male' | 'female'
  country: string
  token: string
}

/** Builds the app when there is no build; warns when sources are newer than the build it will measure. */
export function ensureBuild(): void {
  const entry = path.join(ROOT, 'build/server/index.js')
  if (!fs.existsSync(entry)) {
    console.log('No build found: running `npx react-router build` ...')
    execFileSync('npx', ['react-router', 'build'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 })
    return
  }
  const built = fs.statSync(entry).mtimeMs
  const newer = newestSource(['app', 'server', 'db'].map((d) => path.join(ROOT, d)))
  if (newer && newer.mtime > built) {
    console.warn(
      `warning: ${path.relative(ROOT, newer.file)} is newer than build/; the bench measures the existing build (run \`npm run build\` first to include it)`,
    )
  }
}

function newestSource(dirs: string[]): { file: string; mtime: number } | null {
  let best: { file: string; mtime: number } | null = null
  const walk = (dir: string, depth: number) => {
    if (depth > 8 || !fs.existsSync(dir)) return
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name)
      if (e.isDirectory()) walk(p, depth + 1)
      else if (/\.(tsx?|jsx?|json|sql|scss)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        const m = fs.statSync(p).mtimeMs
        if (!best || m > best.mtime) best = { file: p, mtime: m }
      }
    }
  }
  for (const d of dirs) walk(d, 0)
  return best
}

/** Creates an empty database on the local server and returns its URL and a function that drops it. */
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 })
  await admin.connect()
  try {
    await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 })
      await c.connect()
      try {
        await c.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await c.end()
      }
    },
  }
}

export interface Seeded {
  profiles: number
  members: Member[]
  viewer: Member
  serverVersion: string
  close(): Promise<void>
}

/**
 * Migrates the bench database and fills it: `profiles` fictional profiles from the demo generator (no avatars)
 * and `members` accounts with profiles and a live session each. Member 0, the /members viewer, is a hetero man
 * in NL, so his default search is women in NL (about 270 of the fictional profiles): a full first page of 24.
 */
/** Every bench member's starting balance: enough for every message of the charged chat run. */
export const BENCH_CREDITS = 100_000

export async function seedBenchDatabase(url: string, counts: { profiles: number; members: number }): Promise<Seeded> {
  const { openDatabase, migrate, setDatabase, db } = await import('#db/client.server')
  const { creditLedger, profiles, users } = await import('#db/schema/index')
  const { generateDemoProfiles } = await import('#db/seed/demo.server')
  const { createSession } = await import('#app/features/authentication/sessions.server')
  const { serviceCountries } = await import('#app/features/settings/defaults')
  const { hash } = await import('@node-rs/argon2')
  const { sql } = await import('drizzle-orm')

  const handle = await openDatabase({ url, poolSize: 8 })
  setDatabase(handle)
  await migrate(handle)
  // The bench measures the server under load from few members writing fast: the per-member message limit
  // (docs/security.md "Rate limits") would refuse most of that load, so it is lifted for the bench database.
  const { updateSetting } = await import('#app/features/settings/settings.server')
  const { defaultSettings } = await import('#app/features/settings/defaults')
  await updateSetting('write_limits', { ...defaultSettings.write_limits, messages_per_minute: 1_000_000 })

  const rows = generateDemoProfiles(counts.profiles)
  for (let i = 0; i < rows.length; i += 500)
    await db()
      .insert(profiles)
      .values(rows.slice(i, i + 500))

  // One cheap hash for every account: nobody logs in with a password here, sessions are created directly.
  const passwordHash = await hash('bench-password-123', { memoryCost: 1024, timeCost: 1 })
  const specs = Array.from({ length: counts.members }, (_, i) => ({
    email: `bench${i}@bench.local`,
    gender: (i % 2 === 0 ? 'male' : 'female') as 'male' | 'female',
    country: i === 0 ? 'NL' : serviceCountries[i % serviceCountries.length],
  }))
  const userRows = await db()
    .insert(users)
    .values(specs.map((s) => ({ email: s.email, passwordHash, status: 'active' as const, confirmedAt: new Date(), credits: BENCH_CREDITS })))
    .returning({ id: users.id, email: users.email })
  // Credits for the charged chat run, booked as the product books them (the ledger always equals the balance).
  await db()
    .insert(creditLedger)
    .values(
      userRows.map((u) => ({
        userId: u.id,
        delta: BENCH_CREDITS,
        balanceAfter: BENCH_CREDITS,
        reason: 'adjustment' as const,
        idempotencyKey: `bench-credits:${u.id}`,
      })),
    )
  const userIdByEmail = new Map(userRows.map((r) => [r.email, r.id]))
  const profileRows = await db()
    .insert(profiles)
    .values(
      specs.map((s, i) => ({
        userId: userIdByEmail.get(s.email)!,
        name: `Bench${i}`,
        gender: s.gender,
        sexuality: 'hetero' as const,
        birthDate: `19${70 + (i % 30)}-0${1 + (i % 9)}-15`,
        country: s.country,
        status: 'active' as const,
      })),
    )
    .returning({ id: profiles.id, userId: profiles.userId })
  const profileIdByUser = new Map(profileRows.map((r) => [r.userId!, r.id]))

  const members: Member[] = []
  for (let i = 0; i < specs.length; i += 20) {
    const batch = specs.slice(i, i + 20)
    members.push(
      ...(await Promise.all(
        batch.map(async (s) => {
          const userId = userIdByEmail.get(s.email)!
          return { userId, profileId: profileIdByUser.get(userId)!, gender: s.gender, country: s.country, token: await createSession(userId, 'bench') }
        }),
      )),
    )
  }
  // Fresh planner statistics, as a long-running database would have.
  await db().execute(sql`analyze`)
  const version = (await db().execute<{ server_version: string }>(sql`show server_version`)) as unknown as { rows: { server_version: string }[] }

  return {
    profiles: rows.length,
    members,
    viewer: members[0],
    serverVersion: version.rows[0]?.server_version ?? '?',
    async close() {
      setDatabase(undefined)
      await handle.close()
    },
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      srv.close(() => resolve(port))
    })
  })
}

export interface RunningServer {
  port: number
  origin: string
  child: ChildProcess
  output(): string
  stop(): Promise<void>
}

/** Starts `node server/index.js` (production build) on a loopback port and waits until /healthz answers. */
export async function startServer(env: Record<string, string>, opts: { timeoutMs?: number; nodeArgs?: string[] } = {}): Promise<RunningServer> {
  const timeoutMs = opts.timeoutMs ?? 60_000
  const port = await freePort()
  // Only what the server needs: no Redis, SMTP or public URL from the caller's environment.
  const childEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    // The bench measures the server process itself (its memory, its profile), so no supervisor in between.
    SUPERVISE: '0',
  }
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'server/index.js'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${out}`)
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) })
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not answer /healthz within ${timeoutMs / 1000} s:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }

  return {
    port,
    origin,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}
