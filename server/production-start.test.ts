import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { apiLogin, freePort, startServer, until, type ServerProcess } from '../tests/setup/server-process'

// `node server/index.js` as an operator starts it on the internet (NODE_ENV=production, an https PUBLIC_URL), on
// the production build (npm test builds before it runs these): the sandbox, which lets members mark their own
// payments paid, is never the payment provider by accident (app/lib/env.server.ts, issue 23).

const running: ServerProcess[] = []
afterEach(() => {
  for (const s of running.splice(0)) if (s.child.exitCode === null) s.child.kill('SIGKILL')
})

const productionSite = { NODE_ENV: 'production', PUBLIC_URL: 'https://dating.example', SESSION_SECRET: 'a-session-secret-of-at-least-32-characters' }

/** Runs the server until it exits by itself (or 60 s pass); its exit code and everything it printed. */
function runUntilExit(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  expect(fs.existsSync('build/server/index.js'), 'the production build (npm run build)').toBe(true)
  const child = spawn(process.execPath, ['server/index.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'production-start-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    }),
  )
}

describe('a production start', () => {
  it('refuses to start without an explicit PAYMENT_PROVIDER, and names the variable', async () => {
    const env = { ...productionSite, PORT: String(await freePort()), PAYMENT_PROVIDER: undefined }
    const { code, output } = await runUntilExit(env)
    expect(code).not.toBe(0)
    expect(code).not.toBeNull()
    expect(output).toContain('PAYMENT_PROVIDER')
    expect(output).toMatch(/PAYMENT_PROVIDER: must be set on a production site/)
    // A blank value is no choice either.
    const blank = await runUntilExit({ ...env, PAYMENT_PROVIDER: '' })
    expect(blank.code).not.toBe(0)
    expect(blank.output).toContain('PAYMENT_PROVIDER')
  }, 90_000)

  it('starts with PAYMENT_PROVIDER=sandbox given explicitly, and warns about what goes to the outbox', async () => {
    const s = await startServer({ ...productionSite, PAYMENT_PROVIDER: 'sandbox', SMTP_URL: '', SMS_PROVIDER: '' })
    running.push(s)
    const res = await fetch(`http://127.0.0.1:${s.port}/healthz`)
    expect(res.status).toBe(200)
    // The start lines: printed once the server listens (server/production-warnings.server.ts).
    const until = Date.now() + 10_000
    while (!s.output().includes('Warning: e-mail goes to the outbox') && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
    expect(s.output()).toContain('Warning: e-mail goes to the outbox')
    expect(s.output()).toContain('SMTP_URL')
  }, 90_000)

  it('seeds the demo on a first start in a process of its own, then serves the seeded data', async () => {
    // The seed's memory (sharp's buffers, the embedded database grown by thousands of rows) stayed with the serving
    // process for its whole life when it seeded itself: 615–770 MB after load, against 357–525 MB (decision record 041).
    const s = await startServer({ SEED_DEMO: '1', SUPERVISE: '0', LOG_LEVEL: 'info' }, 180_000)
    running.push(s)
    await until(() => s.output().includes('anna@demo.local'), 10_000)
    const logs = s
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; pid?: number })
    const seeding = logs.find((l) => l.msg === 'seeding demo data')
    const listening = logs.find((l) => l.msg === 'listening')
    expect(seeding?.pid, 'the seed ran').toBeTypeOf('number')
    expect(listening?.pid).toBe(s.child.pid)
    expect(seeding?.pid).not.toBe(s.child.pid)
    // The serving process opened the database again after the seed, and sees it: the banner's demo login works.
    const login = /(anna@demo\.local) \/ (\S+)/.exec(s.output())
    expect(login, 'the start banner names the demo member').not.toBeNull()
    expect(await apiLogin(s.port, login![1], login![2])).toMatch(/^sid=/)
  }, 240_000)
})
