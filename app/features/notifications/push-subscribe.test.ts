import { describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { pushSubscriptions } from '#db/schema/index'
import { createSession, sessionIdOf } from '#app/features/authentication/sessions.server'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { submitPushSubscription } from './push-subscriptions.server'

useTestDatabase()

const body = (n: number) => ({
  subscription: { endpoint: `https://push.example.com/send/${n}`, keys: { p256dh: 'p256dh-key-0123456789', auth: 'auth-key-0123' } },
})

describe('push subscriptions take their own token', () => {
  it('submitPushSubscription: an account_change token each; when spent, the body is not read and nothing is stored', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, account_changes_per_hour: 1 })
    const m = await createMember()
    const session = sessionIdOf(await createSession(m.userId))
    expect(await submitPushSubscription(m.userId, session, async () => body(1))).toEqual({ ok: true })
    let read = false
    const r = await submitPushSubscription(m.userId, session, async () => {
      read = true
      return body(2)
    })
    expect(r).toMatchObject({ ok: false, error: 'too_often' })
    expect(read).toBe(false)
    expect((await db().select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)).map((s) => s.endpoint)).toEqual([
      body(1).subscription.endpoint,
    ])
  })

  it('submitPushSubscription refuses an invalid body, then a post without a session', async () => {
    const m = await createMember()
    expect(await submitPushSubscription(m.userId, null, async () => ({}))).toEqual({ ok: false, error: 'invalid' })
    expect(await submitPushSubscription(m.userId, null, async () => body(3))).toEqual({ ok: false, error: 'no_session' })
    expect(await db().select().from(pushSubscriptions)).toEqual([])
  })
})
