import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { freePort, ROOT } from './setup'

/**
 * Helpers of bench/overhead.ts and bench/profile.ts: the production server as a child process whose start is
 * timed and whose memory is read from /proc, bare servers answering fixed bytes, and raw (still compressed) GETs.
 */

export interface ServerProcess {
  origin: string
  pid: number
  child: ChildProcess
  /** Milliseconds from spawn() until /healthz first answered 200. */
  startMs: number
  output(): string
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Spawns `node [nodeArgs] server/index.js` (production, SUPERVISE=0: the measured process is the server itself)
 * and polls /healthz every 20 ms. Only PATH and HOME are taken from the caller's environment.
 */
export async function spawnServer(env: Record<string, string>, opts: { nodeArgs?: string[]; timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort()
  const childEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    SUPERVISE: '0',
    LOG_LEVEL: 'warn',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  }
  const started = performance.now()
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'server/index.js'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${out}`)
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) })
      await res.arrayBuffer()
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not answer /healthz in time:\n${out}`)
    }
    await sleep(20)
  }
  const startMs = performance.now() - started
  return {
    origin,
    pid: child.pid!,
    child,
    startMs,
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

/** CPU time (user + system) a process has used, in ms (Linux /proc/<pid>/stat, 100 ticks per second). */
export function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/**
 * Waits until the process has used under 5 % of a core for a whole second (after a start the job runner works
 * through what the seed left), at most `maxMs`. Returns how long it waited.
 */
export async function waitIdle(pid: number, maxMs = 30_000): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < maxMs) {
    const before = cpuMsOf(pid)
    await sleep(1000)
    if (cpuMsOf(pid) - before < 50) break
  }
  return performance.now() - started
}

/** Resident and peak resident set size of a process, in MiB (Linux /proc/<pid>/status). */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rssMiB: kb('VmRSS') / 1024, peakMiB: kb('VmHWM') / 1024 }
}

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  /** The body as it came over the wire (compressed when content-encoding says so). */
  wire: Buffer
  /** The body decoded. */
  body: Buffer
}

/** GET through node:http, which (unlike fetch) leaves the body compressed, so its size on the wire can be counted. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const wire = Buffer.concat(chunks)
        const enc = res.headers['content-encoding']
        const body = enc === 'br' ? zlib.brotliDecompressSync(wire) : enc === 'gzip' ? zlib.gunzipSync(wire) : enc === 'deflate' ? zlib.inflateSync(wire) : wire
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, body })
      })
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: timeout`)))
    req.on('error', reject)
  })
}

// The bare servers run in a child process of their own, as the real server does, so that autocannon in this
// process does not share their event loop. `express` mode: Express 5 with compression() in front, nothing else.
const BARE_SOURCE = `
const fs = require('node:fs')
const http = require('node:http')
const [file, type, mode] = process.argv.slice(1)
const body = fs.readFileSync(file)
const headers = { 'content-type': type, 'content-length': String(body.length) }
let server
if (mode === 'express') {
  const express = require('express')
  const compression = require('compression')
  const app = express()
  app.disable('x-powered-by')
  app.use(compression())
  app.use((req, res) => { res.writeHead(200, headers); res.end(body) })
  server = http.createServer(app)
} else {
  server = http.createServer((req, res) => { res.writeHead(200, headers); res.end(body) })
}
server.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port))
process.on('SIGTERM', () => process.exit(0))
`

export interface BareServer {
  origin: string
  stop(): Promise<void>
}

/** A server answering every request with `body` and its content type: `bare` node:http, or Express + compression. */
export async function bareServer(body: Buffer, contentType: string, mode: 'bare' | 'express', tmpDir: string): Promise<BareServer> {
  const file = path.join(tmpDir, `bare-${Math.random().toString(36).slice(2)}.bin`)
  fs.writeFileSync(file, body)
  const child = spawn(process.execPath, ['-e', BARE_SOURCE, file, contentType, mode], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString()
      const m = /PORT (\d+)/.exec(out)
      if (m) resolve(Number(m[1]))
    })
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)))
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      fs.rmSync(file, { force: true })
    },
  }
}
