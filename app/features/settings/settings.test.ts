import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { db } from '#db/client.server'
import { settings as settingsTable } from '#db/schema/index'
import { defaultSettings, publicSettingKeys } from './defaults'
import { clearSettingsCache, getSettings, updateSetting } from './settings.server'

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
