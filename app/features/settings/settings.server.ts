import { db, type DbOrTx } from '#db/client.server'
import { settings as settingsTable } from '#db/schema/index'
import { sql } from 'drizzle-orm'
import { bus } from '#app/adapters/bus/index.server'
import { vapidIdentity } from '#app/adapters/push/vapid.server'
import { logger } from '#app/lib/logger.server'
import { errorText } from '#app/lib/error-text'
import { env, publicUrl } from '#app/lib/env.server'
import { defaultSettings, type SettingKey, type Settings } from './defaults'

// Settings change rarely and are read on every request: a short per-process cache keeps them off the hot path.
const TTL_MS = 10_000
let cache: { at: number; value: Settings } | undefined

export async function getSettings(): Promise<Settings> {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.value
  const rows = await db().select({ key: settingsTable.key, value: settingsTable.value }).from(settingsTable)
  const value = { ...defaultSettings } as Record<string, unknown>
  for (const row of rows) if (row.key in defaultSettings) value[row.key] = row.value
  // The public half of the key every push is signed with (from the environment, or generated into DATA_DIR):
  // never a stored value, which could differ from what the sender signs with.
  value.push_public_key = vapidIdentity(env(), publicUrl()).publicKey
  cache = { at: Date.now(), value: value as Settings }
  return cache.value
}

/**
 * Stores one setting. Without a transaction the change is committed here and announced at once; inside a caller's
 * transaction (`q`), the caller announces it with `settingsChanged()` after the commit, so no process caches the
 * old value again in between.
 */
export async function updateSetting<K extends SettingKey>(key: K, value: Settings[K], q?: DbOrTx): Promise<void> {
  // A null setting is stored as JSON null: a plain null would be SQL NULL, which the not-null column rejects.
  const json = value === null ? sql`'null'::jsonb` : value
  await (q ?? db())
    .insert(settingsTable)
    .values({ key, value: json })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: json, updatedAt: sql`now()` } })
  cache = undefined
  if (!q) await settingsChanged()
}

const SETTINGS_TOPIC = 'settings-changed'

/**
 * Tells every process that settings changed: this one forgets its cache now, the others when the bus delivers
 * (`listenForSettingChanges`). Should the bus fail, the others see the change within the cache's 10 seconds.
 */
export async function settingsChanged(): Promise<void> {
  cache = undefined
  await bus()
    .publish(SETTINGS_TOPIC, { at: Date.now() })
    .catch((e: unknown) => logger.warn({ err: errorText(e) }, 'could not announce a settings change'))
}

/**
 * Subscribes this process to settings changes made by others (server start-up, after the bus is set). A change
 * announced while the bus was away never arrives: when its subscriptions are back, the cache is dropped too.
 */
export async function listenForSettingChanges(): Promise<() => Promise<void>> {
  const stopResync = bus().onResubscribed?.(() => {
    cache = undefined
  })
  const unsubscribe = await bus().subscribe(SETTINGS_TOPIC, () => {
    cache = undefined
  })
  return async () => {
    stopResync?.()
    await unsubscribe()
  }
}

export function clearSettingsCache(): void {
  cache = undefined
}
