import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../tests/setup/server-process'

// `node server/index.js` as `npm start` runs it: a supervisor and one worker on the production build (npm test
// builds before it runs these), on an embedded database of its own.

const running: ChildProcess[] = []

afterEach(() => {
  for (const p of running.splice(0)) if (p.exitCode === null) p.kill('SIGKILL')
})

function startSupervised(env: Record<string, string>) {
  expect(fs.existsSync('build/server/index.js'), 'the production build (npm run build)').toBe(true)
  const child = spawn(process.execPath, ['server/index.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'supervised-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  running.push(child)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

async function boot(port: number, timeoutMs: number): Promise<string> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) }).catch(() => null)
    if (res?.ok) return ((await res.json()) as { boot: string }).boot
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no answer on port ${port} within ${timeoutMs} ms`)
}

/** The pids of a process's children, from /proc (Linux). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid; the command name before it is in parentheses.
        return Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid
      } catch {
        return false
      }
    })
    .map(Number)
}

describe('the supervisor', () => {
  it('starts a new worker within seconds when the worker is killed, and stops cleanly on SIGTERM', async () => {
    const port = await freePort()
    const s = startSupervised({ PORT: String(port) })
    const first = await boot(port, 60_000)
    const [worker] = childrenOf(s.child.pid!)
    expect(worker).toBeGreaterThan(0)

    process.kill(worker, 'SIGKILL')
    const killedAt = Date.now()
    let second = first
    while (second === first) second = await boot(port, 15_000)
    expect(Date.now() - killedAt).toBeLessThan(10_000)
    expect(s.output()).toContain('worker died: restarting')
    const [newWorker] = childrenOf(s.child.pid!)
    expect(newWorker).not.toBe(worker)

    s.child.kill('SIGTERM')
    expect(await s.exited).toBe(0)
    expect(fs.existsSync(`/proc/${newWorker}`)).toBe(false)
    // Its own waits (a first start of up to 60 s on a busy machine, the restart, the stop), not the global 30 s.
  }, 120_000)

  it('does not restart a worker whose configuration is invalid', async () => {
    const s = startSupervised({ PORT: 'not-a-port' })
    expect(await s.exited).toBe(78)
    expect(s.output()).toContain('PORT')
    expect(s.output().match(/worker started/g)).toHaveLength(1)
  })
})
