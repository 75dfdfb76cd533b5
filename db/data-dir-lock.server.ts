import fs from 'node:fs'
import os from 'node:os'

/**
 * The embedded database (PGlite) is one process's files: a second process opening them (a second server, a backup,
 * `npm run operator:create` while the server runs) would corrupt them. Whoever opens them takes this lock, a file
 * beside the database directory naming its process. PGlite's own postmaster.pid cannot tell: it holds no real pid
 * and stays behind after a crash.
 *
 * A lock whose process is gone (a crash, a container restarted) is stale and taken over. One written on another host
 * (a container with a different name sharing the volume) cannot be checked: the server takes it over, so that it
 * always starts again after a crash, while a backup or restore refuses and asks.
 */
export interface LockHolder {
  pid: number
  host: string
  since: string
}

export class DataDirBusyError extends Error {
  constructor(
    message: string,
    readonly holder: LockHolder | null,
  ) {
    super(message)
  }
}

// The locks this process holds: a lock naming our own pid that is not here is a previous life's (pid 1 again in a
// restarted container).
const held = new Set<string>()

export const lockFileOf = (dir: string) => `${dir.replace(/\/+$/, '')}.lock`

type HolderState = 'held' | 'stale' | 'foreign'

function stateOf(holder: LockHolder | null, file: string): HolderState {
  if (!holder) return 'stale'
  if (holder.host !== os.hostname()) return 'foreign'
  if (holder.pid === process.pid) return held.has(file) ? 'held' : 'stale'
  try {
    process.kill(holder.pid, 0)
    return 'held'
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? 'held' : 'stale'
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const h = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>
    return typeof h.pid === 'number' && typeof h.host === 'string' ? { pid: h.pid, host: h.host, since: String(h.since ?? '') } : null
  } catch {
    return null
  }
}

/** The live process holding the lock of `dir`, or null when nobody does (or a stale lock was left behind). */
export function dataDirHolder(dir: string): LockHolder | null {
  const file = lockFileOf(dir)
  const holder = readHolder(file)
  return stateOf(holder, file) === 'stale' ? null : holder
}

/**
 * Takes the lock of the database directory `dir`; returns its release. Throws DataDirBusyError while a live process
 * holds it, or when it was written on another host and `takeForeign` is not set (`onTakeOver` hears of it if set).
 */
export function lockDataDir(dir: string, opts: { takeForeign?: boolean; onTakeOver?: (holder: LockHolder) => void } = {}): () => void {
  const file = lockFileOf(dir)
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() }), { flag: 'wx', mode: 0o600 })
      held.add(file)
      return () => release(file)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    const text = safeRead(file)
    const holder = readHolder(file)
    // An unreadable lock written a moment ago is being written now: looked at again shortly.
    if (!holder && isFresh(file)) {
      sleepSync(50)
      continue
    }
    const state = stateOf(holder, file)
    if (state === 'held' || (state === 'foreign' && !opts.takeForeign)) throw new DataDirBusyError(busyMessage(dir, file, holder, state), holder)
    if (state === 'foreign' && holder) opts.onTakeOver?.(holder)
    // Removed only if unchanged since read: a process that took it over meanwhile keeps its lock.
    if (safeRead(file) === text) fs.rmSync(file, { force: true })
  }
  const holder = readHolder(file)
  throw new DataDirBusyError(busyMessage(dir, file, holder, 'held'), holder)
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

function release(file: string): void {
  if (!held.delete(file)) return
  if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true })
}

function safeRead(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

function isFresh(file: string): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < 2000
  } catch {
    return false
  }
}

function busyMessage(dir: string, file: string, holder: LockHolder | null, state: HolderState): string {
  const who = holder ? `process ${holder.pid} on ${holder.host} (since ${holder.since})` : 'another process'
  if (state === 'foreign')
    return `The embedded database in ${dir} was last opened by ${who}, which cannot be checked from this host. Stop the server that uses it; if none runs, delete ${file} and try again.`
  return `The embedded database in ${dir} is in use by ${who}: stop the server first (the embedded database serves one process at a time).`
}
