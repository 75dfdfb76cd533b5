import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { db } from '#db/client.server'
import { settings as settingsTable } from '#db/schema/index'
import { setBus, type Bus } from '#app/adapters/bus/index.server'
import { createMemoryBus } from '#app/adapters/bus/memory-bus.server'
import { resetEnvCache } from '#app/lib/env.server'
import { defaultSettings, publicSettingKeys } from './defaults'
import { clearSettingsCache, getSettings, listenForSettingChanges, updateSetting } from './settings.server'

useTestDatabase()

describe('settings', () => {
  it('serves the defaults when the table is empty', async () => {
    const s = await getSettings()
    // push_public_key is the generated VAPID key; everything else is the defaults.
    expect({ ...s, push_public_key: '' }).toEqual(defaultSettings)
    expect(s.minimum_age).toBe(18)
    expect(s.message_length).toBe(1000)
    expect(s.countries).toContain('NL')
    expect(publicSettingKeys).toEqual(Object.keys(defaultSettings))
  })

  it('updateSetting overrides one key, visible at once, the others keep their defaults', async () => {
    await getSettings()
    await updateSetting('message_length', 500)
    await updateSetting('countries', ['NL', 'BE'])
    const s = await getSettings()
    expect(s.message_length).toBe(500)
    expect(s.countries).toEqual(['NL', 'BE'])
    expect(s.name).toBe(defaultSettings.name)
    // A second update of the same key replaces the first.
    await updateSetting('message_length', 250)
    expect((await getSettings()).message_length).toBe(250)
    // Stored, not only cached.
    clearSettingsCache()
    expect((await getSettings()).message_length).toBe(250)
    const rows = await db().select({ key: settingsTable.key, value: settingsTable.value }).from(settingsTable)
    expect(rows.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'countries', value: ['NL', 'BE'] },
      { key: 'message_length', value: 250 },
    ])
  })

  it('stores null and object values', async () => {
    await updateSetting('fictional_warning', 'Operator text')
    await updateSetting('minimum_message_costs', { NL: { costs: 3, currency: 'EUR' } })
    let s = await getSettings()
    expect(s.fictional_warning).toBe('Operator text')
    expect(s.minimum_message_costs).toEqual({ NL: { costs: 3, currency: 'EUR' } })
    await updateSetting('fictional_warning', null)
    s = await getSettings()
    expect(s.fictional_warning).toBeNull()
  })

  it('caches reads until the cache is cleared', async () => {
    expect((await getSettings()).name).toBe(defaultSettings.name)
    // A change behind the cache's back (another process) is not seen at once...
    await db().insert(settingsTable).values({ key: 'name', value: 'Other Name' })
    expect((await getSettings()).name).toBe(defaultSettings.name)
    // ...but after clearing.
    clearSettingsCache()
    expect((await getSettings()).name).toBe('Other Name')
  })

  it('ignores unknown keys in the table', async () => {
    await db().insert(settingsTable).values({ key: 'no_such_setting', value: 1 })
    clearSettingsCache()
    const s = await getSettings()
    expect('no_such_setting' in s).toBe(false)
    // push_public_key is the generated VAPID key; everything else is the defaults.
    expect({ ...s, push_public_key: '' }).toEqual(defaultSettings)
  })
})

describe('settings across processes', () => {
  afterEach(() => setBus(undefined))

  it('drops the cache when the bus is back after an outage: a change announced meanwhile was never heard', async () => {
    const listeners = new Set<() => void>()
    const bus: Bus = { ...createMemoryBus(), onResubscribed: (l) => (listeners.add(l), () => void listeners.delete(l)) }
    setBus(bus)
    const stop = await listenForSettingChanges()
    expect((await getSettings()).name).toBe(defaultSettings.name)
    // Another process changed it while this one's bus was away.
    await db().insert(settingsTable).values({ key: 'name', value: 'Changed Elsewhere' })
    expect((await getSettings()).name).toBe(defaultSettings.name)
    for (const l of listeners) l()
    expect((await getSettings()).name).toBe('Changed Elsewhere')
    await stop()
    expect(listeners.size).toBe(0)
  })

  it('hears a change announced by another process at once', async () => {
    const shared = createMemoryBus()
    setBus(shared)
    await listenForSettingChanges()
    expect((await getSettings()).name).toBe(defaultSettings.name)
    await db().insert(settingsTable).values({ key: 'name', value: 'From The Console' })
    // What settingsChanged() in the other process publishes.
    await shared.publish('settings-changed', { at: Date.now() })
    expect((await getSettings()).name).toBe('From The Console')
  })
})

describe('push_public_key', () => {
  const saved = { ...process.env }
  afterEach(() => {
    process.env = { ...saved }
    resetEnvCache()
    clearSettingsCache()
  })

  it('is the VAPID_PUBLIC_KEY of the environment when set, on every machine, and nothing is written', async () => {
    const keys = webpush.generateVAPIDKeys()
    for (const machine of ['a', 'b']) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `settings-${machine}-`))
      Object.assign(process.env, { DATA_DIR: dataDir, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })
      resetEnvCache()
      clearSettingsCache()
      expect((await getSettings()).push_public_key).toBe(keys.publicKey)
      expect(fs.readdirSync(dataDir)).toEqual([])
    }
  })

  it('is never a stored value, which the sender would not sign with', async () => {
    await db().insert(settingsTable).values({ key: 'push_public_key', value: 'stale-key' })
    clearSettingsCache()
    expect((await getSettings()).push_public_key).not.toBe('stale-key')
  })
})
