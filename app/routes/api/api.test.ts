import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { createSession, userIdForSession } from '#app/features/authentication/sessions.server'
import { getViewer, type Viewer } from '#app/features/authentication/viewer.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import { likeProfile, markLikeSeen } from '#app/features/likes/likes.server'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { interestCatalog } from '#app/features/content/interests'
import { serverIntl } from '#app/i18n/translate.server'
import { db } from '#db/client.server'
import { companyInfo, users } from '#db/schema/index'
import * as chatsApi from './chats.php'
import * as chatApi from './chat.php'
import { loadChatPage } from '#app/features/chat/chat-page.server'
import * as companyApi from './companyinfo.php'
import * as interestsApi from './interests.php'
import * as likesApi from './likes.php'
import * as logoutApi from './logout.php'
import * as regionsApi from './regions.php'
import * as settingsApi from './settings.php'
import * as pageHiddenApi from './page-hidden.php'
import { pageBouncesOn } from '#app/features/visitors/page-bounces.server'
import * as userApi from './user.php'

useTestDatabase()

interface Ctx {
  viewer: Viewer | null
  sessionToken: string | null
  clientIp: string
}

let ipCounter = 0
/** A fresh client IP per request context, so the login rate limiter (per IP, Redis-backed in CI) never interferes. */
function freshIp(): string {
  ipCounter += 1
  const r = crypto.getRandomValues(new Uint8Array(2))
  return `10.${r[0]}.${r[1]}.${ipCounter % 250}`
}

function ctx(over: Partial<Ctx> = {}): Ctx {
  return { viewer: null, sessionToken: null, clientIp: freshIp(), ...over }
}

async function memberCtx(opts: Parameters<typeof createMember>[0] = {}) {
  const m = await createMember(opts)
  const viewer = await getViewer(m.userId)
  if (!viewer) throw new Error('no viewer')
  return { m, context: ctx({ viewer }) }
}

function get(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, { headers })
}

function send(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
}

/** Calls a route loader or action the way React Router does: one argument with request, params and context. */
function call<T>(fn: (args: never) => T, request: Request, context: Ctx): T {
  return fn({ request, params: {}, context } as never)
}

/** Loaders that refuse visitors throw their Response; this returns it either way. */
async function responseOf(p: Promise<Response> | Response): Promise<Response> {
  try {
    return await p
  } catch (e) {
    if (e instanceof Response) return e
    throw e
  }
}

describe('GET /api/user.php', () => {
  it('answers user null for visitors', async () => {
    const res = await call(userApi.loader, get('/api/user.php'), ctx())
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ user: null })
  })

  it('answers the member’s own user object', async () => {
    const { m, context } = await memberCtx({ email: 'me@example.com', name: 'Mia', country: 'DE', gender: 'female', sexuality: 'bi' })
    const res = await call(userApi.loader, get('/api/user.php', { 'X-Request-Type': 'client' }), context)
    const body = await res.json()
    expect(body.user).toMatchObject({
      id: m.userId,
      email: 'me@example.com',
      status: 'active',
      credits: 0,
      paid_user: false,
      language: 'en',
      notifications_disabled: [],
      profile: { id: m.profileId, name: 'Mia', country: 'DE', gender: 'female', sexuality: 'bi', main_image: null },
    })
    expect(Date.parse(body.user.signup_date)).not.toBeNaN()
    expect(body.user).not.toHaveProperty('passwordHash')
    expect(JSON.stringify(body)).not.toContain('argon2')
  })
})

describe('POST /api/user.php (login)', () => {
  it('logs in with JSON e-mail and password, sets the session cookie and answers the user', async () => {
    const m = await createMember({ email: 'login@example.com', password: 'the-password' })
    const res = await call(userApi.action, send('POST', '/api/user.php', { email: 'Login@Example.com', password: 'the-password' }), ctx())
    expect(res.status).toBe(200)
    const cookie = res.headers.get('set-cookie')
    expect(cookie).toMatch(/^sid=[^;]+; /)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toMatch(/Max-Age=2592000/)
    const token = decodeURIComponent(/^sid=([^;]+)/.exec(cookie!)![1])
    expect(await userIdForSession(token)).toBe(m.userId)
    expect((await res.json()).user).toMatchObject({ id: m.userId, email: 'login@example.com', profile: { id: m.profileId } })
  })

  it('accepts form-encoded logins too and replaces the previous session', async () => {
    const m = await createMember({ email: 'form@example.com', password: 'the-password' })
    const previous = await createSession(m.userId)
    const req = new Request('http://localhost/api/user.php', {
      method: 'POST',
      body: new URLSearchParams({ email: 'form@example.com', password: 'the-password' }),
    })
    const res = await call(userApi.action, req, ctx({ sessionToken: previous }))
    expect(res.status).toBe(200)
    const token = decodeURIComponent(/^sid=([^;]+)/.exec(res.headers.get('set-cookie')!)![1])
    expect(token).not.toBe(previous)
    expect(await userIdForSession(token)).toBe(m.userId)
    expect(await userIdForSession(previous)).toBeNull()
  })

  it('answers 401 with the translated message for a wrong password, and sets no cookie', async () => {
    await createMember({ email: 'wrongpw@example.com', password: 'the-password' })
    const res = await call(userApi.action, send('POST', '/api/user.php', { email: 'wrongpw@example.com', password: 'not-it' }), ctx())
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'login_failed', message: 'Login failed, please try again' })
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  it('answers 401 for an unknown e-mail and names a pending deletion only to the right password', async () => {
    await createMember({ email: 'pending@example.com', password: 'the-password', status: 'pending_deletion' })
    const unknown = await call(userApi.action, send('POST', '/api/user.php', { email: 'nobody@example.com', password: 'the-password' }), ctx())
    expect(unknown.status).toBe(401)
    expect((await unknown.json()).error).toBe('login_failed')
    const wrong = await call(userApi.action, send('POST', '/api/user.php', { email: 'pending@example.com', password: 'not-it' }), ctx())
    expect(wrong.status).toBe(401)
    const pending = await call(userApi.action, send('POST', '/api/user.php', { email: 'pending@example.com', password: 'the-password' }), ctx())
    expect(pending.status).toBe(403)
    expect((await pending.json()).error).toBe('pending_deletion')
  })

  it('answers 400 for a request without credentials', async () => {
    const res = await call(userApi.action, send('POST', '/api/user.php', { email: 'x@example.com' }), ctx())
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'Login failed, please try again' })
  })

  it('translates the failure into the request’s language', async () => {
    const dutch = serverIntl('nl').formatMessage({ id: 'login.failed' })
    expect(dutch).not.toBe('Login failed, please try again')
    const res = await call(
      userApi.action,
      send('POST', '/api/user.php', { email: 'nobody@example.com', password: 'x' }, { cookie: 'i18n_redirected=nl' }),
      ctx(),
    )
    expect(res.status).toBe(401)
    expect((await res.json()).message).toBe(dutch)
  })

  it('limits logins per IP: the 31st attempt in 15 minutes is refused with Retry-After', async () => {
    await createMember({ email: 'limited@example.com', password: 'the-password' })
    const context = ctx()
    // Successful logins, so that neither the account nor the address lockout (wrong passwords) gets in the way.
    for (let i = 0; i < 30; i++) {
      const res = await call(userApi.action, send('POST', '/api/user.php', { email: 'limited@example.com', password: 'the-password' }), context)
      expect(res.status).toBe(200)
    }
    const res = await call(userApi.action, send('POST', '/api/user.php', { email: 'limited@example.com', password: 'the-password' }), context)
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await res.json()).error).toBe('rate_limited')
    // Another IP is not affected.
    const other = await call(userApi.action, send('POST', '/api/user.php', { email: 'limited@example.com', password: 'the-password' }), ctx())
    expect(other.status).toBe(200)
  })

  it('answers 405 for other methods and stores valid push subscriptions of members only', async () => {
    const del = await call(userApi.action, new Request('http://localhost/api/user.php', { method: 'DELETE' }), ctx())
    expect(del.status).toBe(405)
    const visitorPush = await responseOf(call(userApi.action, send('POST', '/api/user.php?push=1', { subscription: 'x' }), ctx()))
    expect(visitorPush.status).toBe(403)
    expect(await visitorPush.json()).toEqual({ error: 'authentication_required' })
    const { context } = await memberCtx()
    const memberPush = await call(userApi.action, send('POST', '/api/user.php?push=1', { subscription: 'x' }), context)
    expect(memberPush.status).toBe(400)
    expect(await memberPush.json()).toEqual({ error: 'invalid_subscription' })
    const subscription = {
      endpoint: 'https://push.example/send/abc',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
    }
    // A subscription belongs to the session that registers it (and ends with it).
    const saved = await call(userApi.action, send('POST', '/api/user.php?push=1', { subscription }), {
      ...context,
      sessionToken: await createSession(context.viewer!.userId),
    })
    expect(saved.status).toBe(200)
    const { hasPushSubscription } = await import('#app/features/notifications/push-subscriptions.server')
    expect(await hasPushSubscription(context.viewer!.userId)).toBe(true)
  })
})

describe('PUT /api/user.php (language)', () => {
  it('saves the member’s language and sets the i18n_redirected cookie', async () => {
    const { m, context } = await memberCtx()
    const res = await call(userApi.action, send('PUT', '/api/user.php', { language: 'de' }), context)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, language: 'de' })
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/^i18n_redirected=de; /)
    expect(cookie).toContain(`Max-Age=${365 * 24 * 3600}`)
    // The client reads the locale cookie: it is not HttpOnly.
    expect(cookie).not.toContain('HttpOnly')
    const [u] = await db().select({ language: users.language }).from(users).where(eq(users.id, m.userId))
    expect(u.language).toBe('de')
  })

  it('sets only the cookie for visitors', async () => {
    const other = await createMember()
    const res = await call(userApi.action, send('PUT', '/api/user.php', { language: 'fr' }), ctx())
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/^i18n_redirected=fr; /)
    const [u] = await db().select({ language: users.language }).from(users).where(eq(users.id, other.userId))
    expect(u.language).toBe('en')
  })

  it('refuses an unsupported language', async () => {
    const { m, context } = await memberCtx()
    for (const language of ['xx', 'EN', '', 42]) {
      const res = await call(userApi.action, send('PUT', '/api/user.php', { language }), context)
      expect(res.status, String(language)).toBe(400)
      expect(res.headers.get('set-cookie')).toBeNull()
    }
    const [u] = await db().select({ language: users.language }).from(users).where(eq(users.id, m.userId))
    expect(u.language).toBe('en')
  })
})

describe('GET /api/logout.php', () => {
  it('ends the session and clears the cookie', async () => {
    const { m, context } = await memberCtx()
    const token = await createSession(m.userId)
    const res = await call(logoutApi.loader, get('/api/logout.php', { 'X-Request-Type': 'client' }), { ...context, sessionToken: token })
    expect(await res.json()).toEqual({ ok: true })
    expect(res.headers.get('set-cookie')).toMatch(/^sid=; .*Max-Age=0/)
    expect(await userIdForSession(token)).toBeNull()
  })

  it('ends nothing when another site makes the request (an image tag, a link, a cross-site fetch)', async () => {
    const { m, context } = await memberCtx()
    const token = await createSession(m.userId)
    const attempts: Record<string, string>[] = [{}, { 'Sec-Fetch-Site': 'cross-site' }, { 'X-Request-Type': 'client', 'Sec-Fetch-Site': 'cross-site' }]
    for (const headers of attempts) {
      const res = await responseOf(call(logoutApi.loader, get('/api/logout.php', headers), { ...context, sessionToken: token }))
      expect(res.status).toBe(403)
      expect(res.headers.get('set-cookie')).toBeNull()
    }
    expect(await userIdForSession(token)).toBe(m.userId)
  })
})

describe('GET /api/chats.php and /api/likes.php', () => {
  it('answer 403 authentication_required to visitors', async () => {
    for (const loader of [chatsApi.loader, likesApi.loader]) {
      const res = await responseOf(call(loader, get('/api/x.php'), ctx()))
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: 'authentication_required' })
    }
  })

  it('chats.php answers the member’s chats and totals', async () => {
    const { m, context } = await memberCtx({ gender: 'male' })
    const a = await createMember({ name: 'Anna' })
    const f = await createMember({ name: 'Bea' })
    await sendMessage({ senderId: a.profileId, toProfileId: m.profileId, clientId: crypto.randomUUID(), body: 'one' })
    await sendMessage({ senderId: a.profileId, toProfileId: m.profileId, clientId: crypto.randomUUID(), body: 'two' })
    await sendMessage({ senderId: m.profileId, toProfileId: f.profileId, clientId: crypto.randomUUID(), body: 'hi' })
    await loadChatPage(m.profileId, { partnerId: a.profileId })
    await sendMessage({ senderId: a.profileId, toProfileId: m.profileId, clientId: crypto.randomUUID(), body: 'three' })
    await likeProfile(a.profileId, m.profileId)
    const res = await call(chatsApi.loader, get('/api/chats.php'), context)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = await res.json()
    expect(body.total_unread_messages).toBe(1)
    expect(body.total_new_likes).toBe(1)
    expect(body.total_messages).toBe(4)
    expect(body.likes).toEqual([{ id: a.profileId, like_new: true }])
    expect(body.last_opened_chat).toEqual({ profile: a.profileId, date: expect.any(String) })
    expect(body.chats).toHaveLength(2)
    const anna = body.chats.find((c: { profile: { id: number } }) => c.profile.id === a.profileId)
    expect(anna).toMatchObject({
      conversation: expect.any(Number),
      num_unread_messages: 1,
      lastMessage: 'three',
      lastMessageKind: 'text',
      profile: { id: a.profileId, name: 'Anna' },
    })
  })

  it('DELETE /api/chat.php removes a chat from the member’s list only; others’ chats are not found', async () => {
    const { m, context } = await memberCtx({ gender: 'male' })
    const a = await createMember({ name: 'Anna' })
    const sent = await sendMessage({ senderId: a.profileId, toProfileId: m.profileId, clientId: crypto.randomUUID(), body: 'one' })
    if (!sent.ok) throw new Error('send failed')
    const del = (body: unknown, c = context, method = 'DELETE') =>
      responseOf(
        call(
          chatApi.action,
          new Request('http://localhost/api/chat.php', { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
          c,
        ),
      )
    const other = await memberCtx()
    expect((await del({ conversation: sent.message.conversationId }, other.context)).status).toBe(404)
    expect((await del({ conversation: 'x' })).status).toBe(400)
    expect((await del({ conversation: sent.message.conversationId }, context, 'POST')).status).toBe(405)
    const res = await del({ conversation: sent.message.conversationId })
    expect(res.status).toBe(200)
    const after = await (await call(chatsApi.loader, get('/api/chats.php'), context)).json()
    expect(after.chats).toEqual([])
    const forAnna = await (await call(chatsApi.loader, get('/api/chats.php'), ctx({ viewer: (await getViewer(a.userId))! }))).json()
    expect(forAnna.chats).toHaveLength(1)
  })

  it('likes.php answers sent likes as profiles and received ones as liked_by, new first', async () => {
    const { m, context } = await memberCtx({ gender: 'male' })
    const a = await createMember({ name: 'Anna' })
    const b = await createMember({ name: 'Bea' })
    const c = await createMember({ name: 'Cleo' })
    await likeProfile(m.profileId, c.profileId)
    await likeProfile(a.profileId, m.profileId)
    await likeProfile(b.profileId, m.profileId)
    await markLikeSeen(m.profileId, b.profileId)
    const res = await call(likesApi.loader, get('/api/likes.php'), context)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.profiles.map((p: { id: number }) => p.id)).toEqual([c.profileId])
    expect(body.liked_by.map((e: { id: number; like_new: boolean }) => [e.id, e.like_new])).toEqual([
      [a.profileId, true],
      [b.profileId, false],
    ])
    expect(body.liked_by[0].profile).toMatchObject({ id: a.profileId, name: 'Anna' })
  })
})

describe('POST /api/page-hidden.php (bounce beacon)', () => {
  const beacon = (referer: string | null) =>
    new Request('http://localhost/api/page-hidden.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(referer ? { referer } : {}) },
      body: '{}',
    })
  const today = () => new Date().toISOString().slice(0, 10)

  it('counts the page of the Referer per day, ids folded', async () => {
    expect((await call(pageHiddenApi.action, beacon('http://localhost/landers/video?lb=1'), ctx())).status).toBe(204)
    expect((await call(pageHiddenApi.action, beacon('http://localhost/landers/video'), ctx())).status).toBe(204)
    expect((await call(pageHiddenApi.action, beacon('http://localhost/members/42/landing'), ctx())).status).toBe(204)
    const counts = await pageBouncesOn(today())
    expect(counts).toEqual(
      expect.arrayContaining([
        { path: '/landers/video', hidden: 2 },
        { path: '/members/:id/landing', hidden: 1 },
      ]),
    )
  })

  it('refuses beacons without a same-origin Referer, and GET', async () => {
    expect((await call(pageHiddenApi.action, beacon(null), ctx())).status).toBe(400)
    expect((await call(pageHiddenApi.action, beacon('https://elsewhere.example/x'), ctx())).status).toBe(400)
    expect((await call(pageHiddenApi.loader, get('/api/page-hidden.php'), ctx())).status).toBe(405)
    expect(await pageBouncesOn(today())).toEqual([])
  })
})

describe('public data endpoints', () => {
  it('settings.php answers the settings, including later changes', async () => {
    const res = await call(settingsApi.loader, get('/api/settings.php?_force_domain=localhost'), ctx())
    expect(res.status).toBe(200)
    const body = await res.json()
    // push_public_key is the generated VAPID key; geoip_selected_country the country preselected for this visitor
    // (unknown address, English: GB); everything else is the defaults.
    expect(body.push_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/)
    expect(body.geoip_selected_country).toBe('GB')
    expect({ ...body, push_public_key: '', geoip_selected_country: null }).toEqual(defaultSettings)
    expect(body.domain_language).toBe('en-GB')
    await updateSetting('name', 'Renamed')
    const again = await (await call(settingsApi.loader, get('/api/settings.php'), ctx())).json()
    expect(again.name).toBe('Renamed')
  })

  it('interests.php answers about 50 interests with icon and translated name', async () => {
    const res = await call(interestsApi.loader, get('/api/interests.php'), ctx())
    expect(res.status).toBe(200)
    const { interests } = await res.json()
    expect(interests.length).toBeGreaterThanOrEqual(45)
    expect(interests.length).toBeLessThanOrEqual(60)
    expect(interests).toHaveLength(interestCatalog.length)
    for (const i of interests) {
      expect(i).toEqual({ id: expect.any(Number), slug: expect.any(String), icon: expect.any(String), name: expect.any(String) })
      // A missing catalog entry would fall back to the id itself.
      expect(i.name).not.toContain('interest.')
    }
    expect(interests.find((i: { slug: string }) => i.slug === 'travel').name).toBe('Travel')
    const nl = await (await call(interestsApi.loader, get('/api/interests.php', { cookie: 'i18n_redirected=nl' }), ctx())).json()
    const reizen = serverIntl('nl').formatMessage({ id: 'interest.travel' })
    expect(reizen).not.toBe('Travel')
    expect(nl.interests.find((i: { slug: string }) => i.slug === 'travel').name).toBe(reizen)
  })

  it('interests.php follows the member’s account language without a cookie', async () => {
    const m = await createMember()
    await db().update(users).set({ language: 'nl' }).where(eq(users.id, m.userId))
    const viewer = await getViewer(m.userId)
    const body = await (await call(interestsApi.loader, get('/api/interests.php'), ctx({ viewer }))).json()
    const koffie = serverIntl('nl').formatMessage({ id: 'interest.coffee' })
    expect(koffie).not.toBe('Coffee')
    expect(body.interests.find((i: { slug: string }) => i.slug === 'coffee').name).toBe(koffie)
  })

  it('regions.php answers the regions of the served countries', async () => {
    const body = await (await call(regionsApi.loader, get('/api/regions.php'), ctx())).json()
    expect(Object.keys(body.regions).sort()).toEqual([...defaultSettings.countries].sort())
    expect(body.regions.NL).toContainEqual({ name: 'Drenthe', code: 'DR' })
    expect(body.regions.NL.length).toBeGreaterThanOrEqual(12)
    await updateSetting('countries', ['NL', 'BE'])
    const narrowed = await (await call(regionsApi.loader, get('/api/regions.php'), ctx())).json()
    expect(Object.keys(narrowed.regions).sort()).toEqual(['BE', 'NL'])
  })

  it('companyinfo.php answers the company with the support phone cleaned of spaces and dashes', async () => {
    const body = await (await call(companyApi.loader, get('/api/companyinfo.php'), ctx())).json()
    expect(body).toMatchObject({
      name: expect.any(String),
      registration_number: expect.any(String),
      tradenames: expect.any(Array),
      vat_numbers: expect.any(Array),
      delete_discount: expect.any(Number),
    })
    expect(body.support_phone).toMatch(/^\+?\d+$/)
    await db().update(companyInfo).set({ supportPhone: '+31 20-123 45 67', name: 'Other B.V.' })
    const again = await (await call(companyApi.loader, get('/api/companyinfo.php'), ctx())).json()
    expect(again).toMatchObject({ name: 'Other B.V.', support_phone: '+31201234567' })
    expect(Date.parse(again.added)).not.toBeNaN()
  })

  it('the setting support_phone, when set, is the support phone shown; company_id chooses the company row', async () => {
    await db().update(companyInfo).set({ supportPhone: '+31 20-123 45 67', name: 'First B.V.' })
    await updateSetting('support_phone', '+49 30-987 65 43')
    const phone = async () => (await (await call(companyApi.loader, get('/api/companyinfo.php'), ctx())).json()) as { name: string; support_phone: string }
    expect(await phone()).toMatchObject({ name: 'First B.V.', support_phone: '+49309876543' })
    await updateSetting('support_phone', null)
    expect(await phone()).toMatchObject({ support_phone: '+31201234567' })

    const [first] = await db().select({ id: companyInfo.id }).from(companyInfo)
    await db()
      .insert(companyInfo)
      .values({
        id: first.id + 1,
        name: 'Second GmbH',
        address: 'Hauptstr. 1',
        registrationNumber: 'HRB 1',
        city: 'Berlin',
        country: 'Germany',
        tradenames: ['Zweite'],
        vatNumbers: ['DE1'],
        supportPhone: '+49 30 1111',
        deleteDiscount: 10,
      })
    expect(await phone()).toMatchObject({ name: 'First B.V.' })
    await updateSetting('company_id', first.id + 1)
    expect(await phone()).toMatchObject({ name: 'Second GmbH', support_phone: '+49301111' })
    // A company_id without its row falls back to the first company rather than to nothing.
    await updateSetting('company_id', 999)
    expect(await phone()).toMatchObject({ name: 'First B.V.' })
  })
})
