import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { OperatorRole } from '../schema/index'

/**
 * The demo accounts' logins (decision record 025): made at random when the demo is seeded, kept in
 * DATA_DIR/demo-logins.json (readable by the site's user only) and printed at every start. Nothing in the source
 * opens a demo, so a site that never asked for one has no login anybody knows.
 */
export interface DemoMemberLogin {
  email: string
  password: string
}
export interface DemoOperatorLogin {
  role: OperatorRole
  email: string
  password: string
  /** The authenticator key (base32), as an authenticator app takes it. */
  totpSecret: string
}
export interface DemoLogins {
  members: DemoMemberLogin[]
  operators: DemoOperatorLogin[]
}

export const DEMO_LOGINS_FILE = 'demo-logins.json'

export function demoLoginsPath(dataDir: string): string {
  return path.join(dataDir, DEMO_LOGINS_FILE)
}

/** The logins kept in DATA_DIR; none when no demo was seeded there. */
export function readDemoLogins(dataDir: string): DemoLogins {
  let text: string
  try {
    text = fs.readFileSync(demoLoginsPath(dataDir), 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { members: [], operators: [] }
    throw e
  }
  const parsed = JSON.parse(text) as Partial<DemoLogins>
  return { members: parsed.members ?? [], operators: parsed.operators ?? [] }
}

/** Replaces the file at once (written aside, then renamed): a reader never sees half of it. */
export function writeDemoLogins(dataDir: string, logins: DemoLogins): void {
  const file = demoLoginsPath(dataDir)
  fs.mkdirSync(dataDir, { recursive: true })
  const tmp = `${file}.${crypto.randomUUID()}.tmp`
  try {
    fs.writeFileSync(tmp, `${JSON.stringify(logins, null, 2)}\n`, { mode: 0o600 })
    fs.renameSync(tmp, file)
  } finally {
    fs.rmSync(tmp, { force: true })
  }
}

/** 120 random bits, URL-safe, 20 characters: typed from the printed line without ambiguity about quoting. */
export function randomPassword(): string {
  return crypto.randomBytes(15).toString('base64url')
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** A 160-bit authenticator key in base32 (RFC 4648, no padding), the form authenticator apps and otplib take. */
export function randomTotpSecret(): string {
  const bytes = crypto.randomBytes(20)
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return out
}

/**
 * The logins to seed the demo accounts `emails` with: the one kept in DATA_DIR, else a new one (`make`) for an
 * account the database does not hold yet. An account that exists without a kept login is left out: its password
 * is not this install's to know (and it is not reset behind its owner's back).
 */
export function planDemoLogins<T extends { email: string }>(
  emails: readonly string[],
  kept: readonly T[],
  existing: ReadonlySet<string>,
  make: (email: string) => T,
): T[] {
  return emails.flatMap((email) => {
    const known = kept.find((k) => k.email === email)
    if (known) return [known]
    return existing.has(email) ? [] : [make(email)]
  })
}
