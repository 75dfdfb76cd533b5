import { describe, expect, it } from 'vitest'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { submitSettingsPost } from './settings-post.server'

useTestDatabase()

describe('settings posts take their own token', () => {
  it('an account_change token for any intent but unblock, which takes a block token; when spent, the write does not run', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, account_changes_per_hour: 1, blocks_per_hour: 1 })
    const ran: string[] = []
    const post = (intent: string) =>
      submitSettingsPost(7, intent, async () => {
        ran.push(intent)
        return { notice: intent }
      })
    expect(await post('privacy')).toEqual({ notice: 'privacy' })
    expect(await post('unblock')).toEqual({ notice: 'unblock' })
    expect(await post('password')).toMatchObject({ ok: false, error: 'too_often' })
    expect(await post('unblock')).toMatchObject({ ok: false, error: 'too_often' })
    expect(ran).toEqual(['privacy', 'unblock'])
  })
})
