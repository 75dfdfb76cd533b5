import fs from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

let keys: VapidKeys | undefined

/** The VAPID key pair for Web Push, generated once into DATA_DIR (spec: push_public_key in the settings). */
export function vapidKeys(dataDir: string): VapidKeys {
  if (keys) return keys
  const file = path.resolve(dataDir, 'vapid.json')
  try {
    keys = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys
  } catch {
    keys = webpush.generateVAPIDKeys()
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 })
  }
  return keys
}
