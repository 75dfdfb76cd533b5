import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { freshDatabase } from '../../scripts/fresh-database.mjs'
import type { ServerEvent } from '#app/features/chat/chat-events'

// Helpers for tests that run the real server (`node server/index.js` on the production build) in a process of its
// own: multi-instance, supervisor and outage tests.

function portIsFree(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const s = net.createServer()
    s.once('error', () => resolve(null))
    s.listen(port, '127.0.0.1', () => {
      const got = (s.address() as net.AddressInfo).port
      s.close(() => resolve(got))
    })
  })
}

// Ports already handed out by this test process: a server not yet listening on one must not get it twice.
const handedOut = new Set<number>()

/**
 * A free port: any the system gives, or one of TEST_PORTS ("4930-4949") when set, for machines where each of
 * several test runs side by side keeps to its own range.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? '')
  if (!range) return (await portIsFree(0))!
  for (let p = Number(range[1]); p <= Number(range[2]); p++) {
    if (handedOut.has(p) || (await portIsFree(p)) === null) continue
    handedOut.add(p)
    return p
  }
  throw new Error(`no free port in TEST_PORTS ${process.env.TEST_PORTS}`)
}

/** Waits until `cond` (which may query something) holds, checking every 20 ms; throws after `ms`. */
export async function until(cond: () => boolean | Promise<boolean>, ms = 5000) {
  const start = Date.now()
  while (!(await cond())) {
    if (Date.now() - start > ms) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** A fresh database `<base>_<suffix>` on the server of TEST_DATABASE_URL; returns its URL (one implementation with npm test's). */
export const createTestDatabase = freshDatabase

export interface ServerProcess {
  child: ChildProcess
  port: number
  exited: Promise<number | null>
  output(): string
}

/**
 * Starts `node server/index.js` on a free loopback port (or `opts.port`) with `env` over sensible test defaults, and waits until
 * /healthz answers. The caller kills it (the returned child) when done.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000, opts: { port?: number } = {}): Promise<ServerProcess> {
  if (!fs.existsSync('build/server/index.js')) throw new Error('run `npx react-router build` first')
  // A process started again after a crash takes its predecessor's port (the fault tests' proxies point there).
  const port = opts.port ?? (await freePort())
  const child = spawn(process.execPath, ['server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'server-')),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Test files run side by side on one Redis: each server gets channels and keys of its own.
      REDIS_PREFIX: `test-${port}:`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`)
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { child, port, exited, output: () => output }
    await new Promise((r) => setTimeout(r, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start:\n${output}`)
}

/** Logs in through POST /api/user.php; returns the session cookie (`sid=…`). */
export async function apiLogin(port: number, email: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) throw new Error(`login answered ${res.status}`)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]
}

/** A member's socket on /ws that records every event it receives. */
export function memberSocket(port: number, cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Cookie: cookie, Origin: `http://127.0.0.1:${port}` } })
  const events: ServerEvent[] = []
  ws.on('message', (d) => events.push(JSON.parse(String(d)) as ServerEvent))
  // Resolves once the hub has subscribed the socket ('ready'): from then on no event for this member is missed.
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('message', (d) => {
      if ((JSON.parse(String(d)) as ServerEvent).type === 'ready') resolve()
    })
    ws.once('error', reject)
  })
  return { ws, events, opened }
}
