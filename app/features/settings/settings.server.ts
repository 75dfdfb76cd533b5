import { db } from '#db/client.server'
import { settings as settingsTable } from '#db/schema/index'
import { sql } from 'drizzle-orm'
import { vapidKeys } from '#app/adapters/push/vapid.server'
import { env } from '#app/lib/env.server'
import { defaultSettings, type SettingKey, type Settings } from './defaults'

// Settings change rarely and are read on every request: a short per-process cache keeps them off the hot path.
const TTL_MS = 10_000
let cache: { at: number; value: Settings } | undefined

export async function getSettings(): Promise<Settings> {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.value
  const rows = await db().select({ key: settingsTable.key, value: settingsTable.value }).from(settingsTable)
  const value = { ...defaultSettings } as Record<string, unknown>
  for (const row of rows) if (row.key in defaultSettings) value[row.key] = row.value
  // The Web Push key pair is generated on first start; its public half is the setting push_public_key.
  if (!value.push_public_key) value.push_public_key = vapidKeys(env().DATA_DIR).publicKey
  cache = { at: Date.now(), value: value as Settings }
  return cache.value
}

export async function updateSetting<K extends SettingKey>(key: K, value: Settings[K]): Promise<void> {
  // A null setting is stored as JSON null: a plain null would be SQL NULL, which the not-null column rejects.
  const json = value === null ? sql`'null'::jsonb` : value
  await db()
    .insert(settingsTable)
    .values({ key, value: json })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: json, updatedAt: sql`now()` } })
  cache = undefined
}

export function clearSettingsCache(): void {
  cache = undefined
}
