import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getNotificationSettings } from '#app/features/notifications/preferences.server'
import { unsubscribeUrl } from '#app/features/notifications/email/send-notification-email.server'
import { resetEnvCache } from '#app/lib/env.server'
import { db } from '#db/client.server'
import { users } from '#db/schema/index'
import { captureMail } from '../../tests/setup/mail'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import { getViewer } from '#app/features/authentication/viewer.server'
import * as confirm from './notifications-confirm'
import * as settingsPage from './notifications'
import * as unsubscribe from './unsubscribe'
import * as webhook from './webhooks-mail'

useTestDatabase()
const sent = captureMail()
const SECRET = 'webhook-secret-for-the-tests-0123'
afterEach(() => {
  delete process.env.MAIL_WEBHOOK_SECRET
  resetEnvCache()
})

// React Router hands loaders and actions one argument; these tests do the same.
const call = <T>(fn: (args: never) => T, request: Request, context: Record<string, unknown> = {}) => fn({ request, params: {}, context } as never)

async function webhookPost(body: unknown, auth = `Bearer ${SECRET}`) {
  resetEnvCache()
  return call(
    webhook.action,
    new Request('http://localhost/webhooks/mail', {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
}

describe('the mail provider webhook', () => {
  it('does not exist without a configured secret, and refuses a wrong one', async () => {
    expect((await webhookPost({ events: [] })).status).toBe(404)
    process.env.MAIL_WEBHOOK_SECRET = SECRET
    expect((await webhookPost({ events: [{ type: 'bounce', email: 'a@example.com' }] }, 'Bearer wrong')).status).toBe(401)
    expect((await webhookPost({ events: 'nope' })).status).toBe(400)
  })

  it('switches e-mails off on a hard bounce, a complaint or a mail-app unsubscribe, recording why; a soft bounce changes nothing', async () => {
    process.env.MAIL_WEBHOOK_SECRET = SECRET
    const a = await createMember({ email: 'Bounce@Example.com' })
    const b = await createMember({ email: 'spam@example.com' })
    const c = await createMember({ email: 'soft@example.com' })
    const res = await webhookPost({
      events: [
        { type: 'bounce', email: 'bounce@example.com', permanent: true },
        { type: 'complaint', email: 'spam@example.com' },
        { type: 'unsubscribe', email: 'spam@example.com' },
        { type: 'bounce', email: 'soft@example.com', permanent: false },
        { type: 'bounce', email: 'nobody@example.com' },
      ],
    })
    expect(await res.json()).toEqual({ ok: true, applied: 3 })
    const disabled = async (userId: number) => (await db().select({ v: users.notificationsDisabled }).from(users).where(eq(users.id, userId)))[0].v
    expect(await disabled(a.userId)).toEqual(['bounce'])
    expect((await disabled(b.userId)).sort()).toEqual(['fbl', 'listunsubscribe'])
    expect(await disabled(c.userId)).toEqual([])
  })
})

describe('unsubscribe links', () => {
  it('GET only asks; the one-click POST (RFC 8058) turns that type off without a login', async () => {
    const m = await createMember()
    const url = unsubscribeUrl(m.userId, 'like')
    const shown = await call(unsubscribe.loader, new Request(url))
    expect(shown).toEqual({ token: new URL(url).searchParams.get('token'), type: 'like' })
    expect((await getNotificationSettings(m.userId)).emailTypes).toContain('like')
    const done = await call(
      unsubscribe.action,
      new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }),
    )
    expect(done).toEqual({ done: 'like' })
    expect((await getNotificationSettings(m.userId)).emailTypes).not.toContain('like')
  })

  it('a tampered or foreign token does nothing', async () => {
    const m = await createMember()
    const token = new URL(unsubscribeUrl(m.userId, 'like')).searchParams.get('token')!
    const forged = token.replace(`.${m.userId}.`, `.${m.userId + 1}.`)
    expect(await call(unsubscribe.loader, new Request(`http://localhost/unsubscribe?token=${encodeURIComponent(forged)}`))).toEqual({ token: null, type: null })
    expect(
      await call(
        unsubscribe.action,
        new Request(`http://localhost/unsubscribe?token=${encodeURIComponent(forged)}`, { method: 'POST', body: new URLSearchParams() }),
      ),
    ).toEqual({ done: null })
  })
})

describe('the notification settings on /notifications', () => {
  const form = (fields: [string, string][]) => new Request('http://localhost/notifications', { method: 'POST', body: new URLSearchParams(fields) })

  it('saves the e-mail types and push choices', async () => {
    const m = await createMember()
    const context = { viewer: await getViewer(m.userId), sessionToken: null, clientIp: '10.0.0.1' }
    const r = await call(
      settingsPage.action,
      form([
        ['intent', 'notifications'],
        ['email', 'like'],
        ['email', 'news'],
        ['email', 'bogus'],
        ['push_discreet', 'on'],
      ]),
      context,
    )
    expect(r).toEqual({ notice: 'notify.saved' })
    expect(await getNotificationSettings(m.userId)).toEqual({ emailTypes: ['like', 'news'], pushEnabled: false, pushDiscreet: true })
  })

  it('turning e-mails on again after a bounce asks to confirm the address first; after a complaint it is enough to ask', async () => {
    const bounced = await createMember({ email: 'bounced@example.com' })
    await db()
      .update(users)
      .set({ notificationsDisabled: ['bounce'] })
      .where(eq(users.id, bounced.userId))
    const context = { viewer: await getViewer(bounced.userId), sessionToken: null, clientIp: '10.0.0.1' }
    expect(await call(settingsPage.action, form([['intent', 'notifications_enable']]), context)).toEqual({ notice: 'notify.enableConfirmSent' })
    expect(sent).toHaveLength(1)
    expect(sent[0].to).toBe('bounced@example.com')
    const token = /\/notifications\/confirm\?token=([^\s"<]+)/.exec(sent[0].text)![1]
    expect((await db().select({ v: users.notificationsDisabled }).from(users).where(eq(users.id, bounced.userId)))[0].v).toEqual(['bounce'])
    expect(await call(confirm.loader, new Request(`http://localhost/notifications/confirm?token=${token}`))).toEqual({ ok: true })
    expect((await db().select({ v: users.notificationsDisabled }).from(users).where(eq(users.id, bounced.userId)))[0].v).toEqual([])
    expect(await call(confirm.loader, new Request(`http://localhost/notifications/confirm?token=x${token}`))).toEqual({ ok: false })

    const complained = await createMember()
    await db()
      .update(users)
      .set({ notificationsDisabled: ['fbl'] })
      .where(eq(users.id, complained.userId))
    const ctx2 = { viewer: await getViewer(complained.userId), sessionToken: null, clientIp: '10.0.0.2' }
    expect(await call(settingsPage.action, form([['intent', 'notifications_enable']]), ctx2)).toEqual({ notice: 'notify.enabled' })
    expect((await db().select({ v: users.notificationsDisabled }).from(users).where(eq(users.id, complained.userId)))[0].v).toEqual([])
  })
})
