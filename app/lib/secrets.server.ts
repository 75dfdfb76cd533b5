import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Reads a secret from the environment or, when unset, generates it once into DATA_DIR so restarts keep sessions. */
export function loadOrCreateSecret(dataDir: string, fileName: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv
  const file = path.resolve(dataDir, fileName)
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const secret = crypto.randomBytes(48).toString('base64url')
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

import { env } from './env.server'

let generatedSecret: string | undefined
/**
 * The master secret: SESSION_SECRET, or one generated into DATA_DIR. Nothing is keyed by it directly: every purpose
 * derives its own key from it (app/lib/keys.server.ts).
 */
export function sessionSecret(): string {
  const fromEnv = env().SESSION_SECRET
  if (fromEnv) return fromEnv
  generatedSecret ??= loadOrCreateSecret(env().DATA_DIR, 'session-secret', undefined)
  return generatedSecret
}
