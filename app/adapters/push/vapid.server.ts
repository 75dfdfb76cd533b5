import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/** Everything a push is signed with: the key pair and the `sub` claim (web-push's vapidDetails). */
export interface VapidIdentity extends VapidKeys {
  subject: string
}

export interface VapidConfig {
  DATA_DIR: string
  VAPID_PUBLIC_KEY?: string
  VAPID_PRIVATE_KEY?: string
  VAPID_SUBJECT?: string
  MAIL_FROM?: string
}

/**
 * The one source of the site's Web Push identity: the public key browsers subscribe with (the setting
 * push_public_key) and what every push is signed with (push-notify). With VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY set,
 * every process on every machine signs with the same pair and nothing is written; without them, the pair generated
 * once into DATA_DIR, which serves one machine only. VAPID_SUBJECT, else the site's address or sender.
 */
export function vapidIdentity(config: VapidConfig, publicUrl: string): VapidIdentity {
  const keys =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : vapidKeys(config.DATA_DIR)
  return { ...keys, subject: config.VAPID_SUBJECT ?? vapidSubject(publicUrl, config.MAIL_FROM) }
}

const cache = new Map<string, VapidKeys>()

/**
 * The VAPID key pair for Web Push when the environment gives none (vapidIdentity), generated once into DATA_DIR (spec: push_public_key in the settings). Every
 * browser subscription is bound to the public key, so the file is never replaced: a damaged file stops the start
 * instead of silently orphaning all subscriptions, and two processes starting together agree on one pair.
 */
export function vapidKeys(dataDir: string): VapidKeys {
  const file = path.resolve(dataDir, 'vapid.json')
  const known = cache.get(file)
  if (known) return known
  let keys: VapidKeys
  try {
    keys = readKeys(file)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
    keys = createKeys(file)
  }
  cache.set(file, keys)
  return keys
}

function readKeys(file: string): VapidKeys {
  const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>
  const ok =
    typeof keys.publicKey === 'string' &&
    typeof keys.privateKey === 'string' &&
    Buffer.from(keys.publicKey, 'base64url').length === 65 &&
    Buffer.from(keys.privateKey, 'base64url').length === 32
  if (!ok) throw new Error(`${file} does not hold a VAPID key pair; restore it from a backup (deleting it orphans every push subscription)`)
  return { publicKey: keys.publicKey!, privateKey: keys.privateKey! }
}

function createKeys(file: string): VapidKeys {
  const keys = webpush.generateVAPIDKeys()
  fs.mkdirSync(path.dirname(file), { recursive: true })
  // Written aside and linked into place: a reader never sees half a file, and 'wx' semantics let the first one win.
  const tmp = `${file}.${crypto.randomUUID()}.tmp`
  fs.writeFileSync(tmp, JSON.stringify(keys), { mode: 0o600 })
  try {
    fs.linkSync(tmp, file)
    return keys
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    return readKeys(file)
  } finally {
    fs.rmSync(tmp, { force: true })
  }
}

/**
 * The VAPID `sub` claim: push services accept only https: or mailto: (web-push throws on anything else) and Apple
 * refuses localhost. The site's https address when it has one, else the sender address of its e-mails.
 */
export function vapidSubject(publicUrl: string, mailFrom?: string): string {
  const url = new URL(publicUrl)
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom ?? '')?.[1] ?? mailFrom?.trim()
  if (address && /^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/.test(address)) return `mailto:${address}`
  return `mailto:webpush@${url.hostname === 'localhost' ? 'localhost.invalid' : url.hostname}`
}
