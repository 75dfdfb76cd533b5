import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { dataDirHolder, DataDirBusyError, lockDataDir, lockFileOf, type LockHolder } from './data-dir-lock.server'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

let n = 0
const freshDir = () => path.join(tmp, `db${++n}`)
const writeLock = (dir: string, holder: Partial<LockHolder>) =>
  fs.writeFileSync(lockFileOf(dir), JSON.stringify({ host: os.hostname(), since: 'then', ...holder }))
// A process that has ended: its pid is free (until reused, which a lock cannot rule out).
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!

describe('the embedded database lock', () => {
  it('lets one holder in at a time, in this process too, and is free again once released', () => {
    const dir = freshDir()
    const release = lockDataDir(dir)
    expect(dataDirHolder(dir)).toMatchObject({ pid: process.pid, host: os.hostname() })
    expect(() => lockDataDir(dir)).toThrow(DataDirBusyError)
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.pid} .*stop the server first`))
    release()
    expect(fs.existsSync(lockFileOf(dir))).toBe(false)
    expect(dataDirHolder(dir)).toBeNull()
    lockDataDir(dir)()
  })

  it('refuses while another live process holds it', () => {
    const dir = freshDir()
    writeLock(dir, { pid: process.ppid })
    expect(dataDirHolder(dir)?.pid).toBe(process.ppid)
    expect(() => lockDataDir(dir)).toThrow(DataDirBusyError)
  })

  it('takes over a lock left by a process that died, or by an earlier life of this pid (a restarted container)', () => {
    const dead = freshDir()
    writeLock(dead, { pid: deadPid() })
    expect(dataDirHolder(dead)).toBeNull()
    lockDataDir(dead)()
    const earlier = freshDir()
    writeLock(earlier, { pid: process.pid })
    expect(dataDirHolder(earlier)).toBeNull()
    lockDataDir(earlier)()
    const garbage = freshDir()
    fs.writeFileSync(lockFileOf(garbage), 'not json')
    fs.utimesSync(lockFileOf(garbage), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    lockDataDir(garbage)()
  })

  it('leaves a lock of another host to the server: a backup refuses and says what to do', () => {
    const dir = freshDir()
    writeLock(dir, { pid: 1, host: 'another-host' })
    expect(() => lockDataDir(dir)).toThrow(/cannot be checked from this host.*delete .*\.lock/)
    const seen: LockHolder[] = []
    const release = lockDataDir(dir, { takeForeign: true, onTakeOver: (h) => seen.push(h) })
    expect(seen).toEqual([{ pid: 1, host: 'another-host', since: 'then' }])
    expect(dataDirHolder(dir)?.pid).toBe(process.pid)
    release()
  })
})
