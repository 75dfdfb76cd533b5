import { count, eq, type SQL } from 'drizzle-orm'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { rateLimitStoreReady } from '#app/adapters/rate-limit/rate-limit.server'
import { setSmsSender } from '#app/adapters/sms/index.server'
import { getViewer } from '#app/features/authentication/viewer.server'
import { handleClientEvent } from '#app/features/chat/client-events.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import { takeWrite } from '#app/features/settings/write-limits.server'
import { defaultSettings, type Settings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { db } from '#db/client.server'
import { blocks, complaints, directDebitMandates, likes, messages, payments, profileImages, profiles, reports, spendLimits, users } from '#db/schema/index'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import { jpeg } from '../../tests/setup/upload-fixtures'
import * as chatApi from './api/chat.php'
import * as discountApi from './api/discountcode.php'
import * as photosApi from './api/photos.php'
import * as userApi from './api/user.php'
import * as chatPage from './chats-id'
import * as complaintsPage from './complaints'
import * as checkoutPage from './credits-id-paymentmethod'
import * as creditsPage from './credits'
import * as directDebitPage from './directdebit'
import * as langConfig from './lang-config'
import * as finder from './match-finder'
import * as chatPhoto from './members-id-chat-photo'
import * as profilePage from './members-id'
import * as settingsPage from './notifications'
import * as ownProfile from './profile'
import * as transactionsPage from './transactions'

useTestDatabase()

// With Redis, the first counts of a process go to the insurance limiter in memory until the connection is up.
beforeAll(async () => {
  await takeWrite('like', 'warm-up')
  await rateLimitStoreReady()
})

beforeEach(() => setSmsSender({ send: async () => {} }))
afterEach(() => setSmsSender(undefined))

/** Lowers some write limits (the others keep their defaults) so that a test reaches them in a few calls. */
const limit = (values: Partial<Settings['write_limits']>) => updateSetting('write_limits', { ...defaultSettings.write_limits, ...values })

async function member(opts: Parameters<typeof createMember>[0] = {}) {
  const m = await createMember(opts)
  return { ...m, context: { viewer: await getViewer(m.userId), sessionToken: null, clientIp: '10.1.1.1' } }
}

const form = (path: string, fields: Record<string, string>, init: RequestInit = {}) =>
  new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(fields), ...init })

/** Calls a loader or action as React Router does; a thrown Response (a redirect) is the answer too. */
async function call(fn: (args: never) => unknown, request: Request, context: unknown, params: Record<string, string> = {}): Promise<unknown> {
  try {
    return await fn({ request, context, params } as never)
  } catch (e) {
    return e
  }
}

/** Status, Retry-After and body of whatever a route answered: a Response, data() or a plain object (200). */
async function answer(r: unknown): Promise<{ status: number; retryAfter: number | null; body: Record<string, unknown> }> {
  if (r instanceof Response) {
    const retry = r.headers.get('retry-after')
    const body = r.headers.get('content-type')?.includes('json') ? ((await r.json()) as Record<string, unknown>) : {}
    return { status: r.status, retryAfter: retry ? Number(retry) : null, body }
  }
  if (r && typeof r === 'object' && 'type' in r && r.type === 'DataWithResponseInit') {
    const d = r as unknown as { data: Record<string, unknown>; init: ResponseInit | null }
    const retry = new Headers(d.init?.headers).get('retry-after')
    return { status: d.init?.status ?? 200, retryAfter: retry ? Number(retry) : null, body: d.data }
  }
  return { status: 200, retryAfter: null, body: (r ?? {}) as Record<string, unknown> }
}

/** The refusal every limited write gives: 429, a Retry-After within the window, and the text with the wait. */
async function expectTooOften(r: unknown, windowS: number) {
  const a = await answer(r)
  expect(a.status).toBe(429)
  expect(a.retryAfter).toBeGreaterThan(0)
  expect(a.retryAfter).toBeLessThanOrEqual(windowS)
  return a
}

type Table = Parameters<ReturnType<ReturnType<typeof db>['select']>['from']>[0]
/** How many rows a table holds (matching `where`). */
async function rows(table: Table, where?: SQL) {
  const [r] = await db().select({ n: count() }).from(table).where(where)
  return r.n
}

describe('messages', () => {
  it('the socket refuses the message past the limit with chat.errorRateLimited and the wait; nothing is stored or charged', async () => {
    await limit({ messages_per_minute: 2 })
    const a = await member({ paidUser: true, credits: 100 })
    const b = await member({ gender: 'male' })
    const send = (body: string) => handleClientEvent(a.profileId, { type: 'send', toProfileId: b.profileId, clientId: crypto.randomUUID(), body })
    expect((await send('one'))?.type).toBe('ack')
    expect((await send('two'))?.type).toBe('ack')
    const [before] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, a.userId))
    const refused = await send('three')
    expect(refused).toMatchObject({ type: 'error', code: 'chat.errorRateLimited' })
    expect(refused && 'retryAfter' in refused ? refused.retryAfter : 0).toBeGreaterThan(0)
    expect(await rows(messages, eq(messages.senderId, a.profileId))).toBe(2)
    const [after] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, a.userId))
    expect(after.credits).toBe(before.credits)
    // Another member is not held back by a's count.
    expect((await handleClientEvent(b.profileId, { type: 'send', toProfileId: a.profileId, clientId: crypto.randomUUID(), body: 'hi' }))?.type).toBe('ack')
  })

  it('the form post counts with the socket, and a gift is a message: refused, it is not charged', async () => {
    await limit({ messages_per_minute: 2 })
    const a = await member({ paidUser: true, credits: 100 })
    const b = await member({ gender: 'male' })
    await handleClientEvent(a.profileId, { type: 'send', toProfileId: b.profileId, clientId: crypto.randomUUID(), body: 'by socket' })
    const conversationId = (await db().select({ id: messages.conversationId }).from(messages))[0].id
    const path = `/chats/${conversationId}`
    const ok = await answer(
      await call(chatPage.action, form(path, { intent: 'send', clientId: crypto.randomUUID(), body: 'by form' }), a.context, { id: String(conversationId) }),
    )
    expect(ok.body).toMatchObject({ ok: true })
    const gift = await expectTooOften(
      await call(chatPage.action, form(path, { intent: 'gift', clientId: crypto.randomUUID(), gift: 'rose' }), a.context, { id: String(conversationId) }),
      60,
    )
    expect(gift.body).toMatchObject({ ok: false, error: 'chat.errorRateLimited' })
    expect(await rows(messages, eq(messages.senderId, a.profileId))).toBe(2)
    const [u] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, a.userId))
    expect(u.credits).toBe(80) // two texts of 10 credits; the gift (20) was not charged
  })
})

describe('likes and other one-tap actions', () => {
  it('likes on profiles and in the match finder share one count per member', async () => {
    await limit({ likes_per_minute: 2 })
    const a = await member({ gender: 'male' })
    const [b, c, d] = await Promise.all([member(), member(), member()])
    expect(
      (await answer(await call(profilePage.action, form(`/members/${b.profileId}`, { intent: 'like' }), a.context, { id: String(b.profileId) }))).status,
    ).toBe(200)
    expect((await answer(await call(finder.action, form('/match-finder', { profileId: String(c.profileId) }), a.context))).status).toBe(200)
    const r = await expectTooOften(
      await call(profilePage.action, form(`/members/${d.profileId}`, { intent: 'like' }), a.context, { id: String(d.profileId) }),
      60,
    )
    expect(r.body.tooOften).toMatchObject({ id: 'error.tooOftenSeconds' })
    await expectTooOften(await call(finder.action, form('/match-finder', { profileId: String(d.profileId) }), a.context), 60)
    expect(await rows(likes, eq(likes.likerId, a.profileId))).toBe(2)
  })

  it('hiding chats counts too (DELETE /api/chat.php answers in JSON with the text)', async () => {
    await limit({ likes_per_minute: 1 })
    const a = await member({ paidUser: true, credits: 100 })
    const [b, c] = await Promise.all([member({ gender: 'male' }), member({ gender: 'male' })])
    for (const to of [b, c]) await sendMessage({ senderId: a.profileId, toProfileId: to.profileId, clientId: crypto.randomUUID(), body: 'hello', kind: 'text' })
    const ids = (await db().select({ id: messages.conversationId }).from(messages)).map((r) => r.id)
    const del = (conversation: number) =>
      new Request('http://localhost/api/chat.php', {
        method: 'DELETE',
        body: JSON.stringify({ conversation }),
        headers: { 'Content-Type': 'application/json' },
      })
    expect((await answer(await call(chatApi.action, del(ids[0]), a.context))).status).toBe(200)
    const r = await expectTooOften(await call(chatApi.action, del(ids[1]), a.context), 60)
    expect(r.body).toMatchObject({ error: 'too_many_requests' })
    expect(String(r.body.message)).toMatch(/^You are doing this too often\. Please wait \d+ seconds? and try again\.$/)
  })
})

describe('blocks and reports', () => {
  it('blocks per member per hour', async () => {
    await limit({ blocks_per_hour: 1 })
    const a = await member()
    const [b, c] = await Promise.all([member({ gender: 'male' }), member({ gender: 'male' })])
    await call(profilePage.action, form(`/members/${b.profileId}`, { intent: 'block' }), a.context, { id: String(b.profileId) })
    const r = await expectTooOften(
      await call(profilePage.action, form(`/members/${c.profileId}`, { intent: 'block' }), a.context, { id: String(c.profileId) }),
      3600,
    )
    expect(r.body.tooOften).toMatchObject({ id: 'error.tooOftenMinutes' })
    expect(await rows(blocks, eq(blocks.blockerId, a.profileId))).toBe(1)
  })

  it('reports of profiles and of messages share one count per member per hour', async () => {
    await limit({ reports_per_hour: 2 })
    const a = await member()
    const [b, c] = await Promise.all([member({ gender: 'male', paidUser: true, credits: 100 }), member({ gender: 'male' })])
    const sent = await sendMessage({ senderId: b.profileId, toProfileId: a.profileId, clientId: crypto.randomUUID(), body: 'send me money', kind: 'text' })
    if (!sent.ok) throw new Error('not sent')
    const conversation = String(sent.message.conversationId)
    await call(profilePage.action, form(`/members/${b.profileId}`, { intent: 'report', reason: 'spam' }), a.context, { id: String(b.profileId) })
    const inChat = await answer(
      await call(chatPage.action, form(`/chats/${conversation}`, { intent: 'report', messageId: String(sent.message.id), reason: 'scam' }), a.context, {
        id: conversation,
      }),
    )
    expect(inChat.body).toMatchObject({ ok: true })
    await expectTooOften(
      await call(profilePage.action, form(`/members/${c.profileId}`, { intent: 'report', reason: 'fake_profile' }), a.context, { id: String(c.profileId) }),
      3600,
    )
    const r = await expectTooOften(
      await call(chatPage.action, form(`/chats/${conversation}`, { intent: 'report', messageId: String(sent.message.id), reason: 'scam' }), a.context, {
        id: conversation,
      }),
      3600,
    )
    expect(r.body).toMatchObject({ ok: false, tooOften: { id: 'error.tooOftenMinutes' } })
    expect(await rows(reports, eq(reports.reporterId, a.profileId))).toBe(2)
  })
})

describe('uploads', () => {
  const multipart = (path: string, file: Buffer, extra: Record<string, string> = {}) => {
    const body = new FormData()
    body.set('photo', new File([new Uint8Array(file)], 'me.jpg', { type: 'image/jpeg' }))
    for (const [k, v] of Object.entries(extra)) body.set(k, v)
    return new Request(`http://localhost${path}`, { method: 'POST', body })
  }

  it('profile photos (API and form) and chat photos share one count per member per hour; refused, nothing is stored or charged', async () => {
    await limit({ uploads_per_hour: 2 })
    const a = await member({ paidUser: true, credits: 100 })
    const b = await member({ gender: 'male' })
    const image = await jpeg()
    expect((await answer(await call(photosApi.action, multipart('/api/photos.php', image), a.context))).status).toBe(201)
    expect((await answer(await call(ownProfile.action, multipart('/profile', image, { intent: 'upload' }), a.context))).body).toMatchObject({
      notice: 'photos.uploaded',
    })
    const api = await expectTooOften(await call(photosApi.action, multipart('/api/photos.php', image), a.context), 3600)
    expect(api.body).toMatchObject({
      error: 'too_many_requests',
      message: expect.stringMatching(/^You are doing this too often\. Please wait \d+ minutes? and try again\.$/),
    })
    await expectTooOften(await call(ownProfile.action, multipart('/profile', image, { intent: 'upload' }), a.context), 3600)
    const chat = await expectTooOften(
      await call(chatPhoto.action, multipart(`/members/${b.profileId}/chat/photo`, image, { clientId: crypto.randomUUID() }), a.context, {
        id: String(b.profileId),
      }),
      3600,
    )
    expect(chat.body).toMatchObject({ ok: false, error: 'error.tooOftenMinutes', values: { minutes: expect.any(Number) } })
    expect(await rows(profileImages, eq(profileImages.profileId, a.profileId))).toBe(2)
    expect(await rows(messages)).toBe(0)
    const [u] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, a.userId))
    expect(u.credits).toBe(100)
  })
})

describe('profile and account changes', () => {
  it('profile edits per member per hour: a refused delete leaves the photo', async () => {
    await limit({ profile_edits_per_hour: 1 })
    const a = await member()
    const photo = (n: number) => ({
      profileId: a.profileId,
      filename: `p${n}.webp`,
      thumbFilename: `p${n}-t.webp`,
      matchFilename: `p${n}-m.webp`,
      blurredFilename: `p${n}-b.webp`,
      status: 'active' as const,
    })
    const [first, second] = await db()
      .insert(profileImages)
      .values([photo(1), photo(2)])
      .returning({ id: profileImages.id })
    expect((await answer(await call(ownProfile.action, form('/profile', { intent: 'delete', imageId: String(first.id) }), a.context))).body).toMatchObject({
      notice: 'photos.deleted',
    })
    await expectTooOften(await call(ownProfile.action, form('/profile', { intent: 'delete', imageId: String(second.id) }), a.context), 3600)
    expect(await rows(profileImages, eq(profileImages.id, second.id))).toBe(1)
  })

  it('account changes per member per hour: settings, spend limit, language', async () => {
    await limit({ account_changes_per_hour: 3 })
    const a = await member()
    expect((await answer(await call(settingsPage.action, form('/notifications', { intent: 'privacy', invisible: 'on' }), a.context))).body).toMatchObject({
      notice: 'settings.saved',
    })
    expect((await answer(await call(transactionsPage.action, form('/transactions', { limit: '50' }), a.context))).body).toMatchObject({
      notice: 'transactions.limitSaved',
    })
    const put = () =>
      new Request('http://localhost/api/user.php', { method: 'PUT', body: JSON.stringify({ language: 'de' }), headers: { 'Content-Type': 'application/json' } })
    expect((await answer(await call(userApi.action, put(), a.context))).status).toBe(200)
    await expectTooOften(await call(settingsPage.action, form('/notifications', { intent: 'privacy' }), a.context), 3600)
    await expectTooOften(await call(transactionsPage.action, form('/transactions', { limit: '' }), a.context), 3600)
    await expectTooOften(await call(userApi.action, put(), a.context), 3600)
    await expectTooOften(await call(langConfig.action, form('/lang-config', { language: 'fr' }), a.context), 3600)
    const [p] = await db().select({ invisible: profiles.invisible }).from(profiles).where(eq(profiles.id, a.profileId))
    expect(p.invisible).toBe(true) // the refused privacy change did not switch it back off
    expect(await rows(spendLimits, eq(spendLimits.userId, a.userId))).toBe(1)
    const [u] = await db().select({ language: users.language }).from(users).where(eq(users.id, a.userId))
    expect(u.language).toBe('de')
  })
})

describe('discount codes', () => {
  it('refused codes are counted; past the limit no code is looked at, valid or not', async () => {
    await limit({ discount_codes_per_hour: 2 })
    const a = await member()
    const check = (code: string) => call(discountApi.loader, new Request(`http://localhost/api/discountcode.php?code=${code}`), a.context)
    // A valid code costs nothing from the allowance.
    expect((await answer(await check('WELCOME25'))).status).toBe(200)
    expect((await answer(await check('GUESS1'))).status).toBe(404)
    expect((await answer(await check('WELCOME25'))).status).toBe(200)
    const credits = await answer(await call(creditsPage.loader, new Request('http://localhost/credits?code=GUESS2'), a.context))
    expect(credits.body).toMatchObject({ codeError: { error: 'not_found' }, tooOften: null })
    const refused = await expectTooOften(await check('WELCOME25'), 3600)
    expect(refused.body).toMatchObject({ error: 'too_many_requests' })
    const page = await expectTooOften(await call(creditsPage.loader, new Request('http://localhost/credits?code=GUESS3'), a.context), 3600)
    expect(page.body).toMatchObject({ codeError: null, tooOften: { id: 'error.tooOftenMinutes' } })
    await expectTooOften(
      await call(checkoutPage.loader, new Request('http://localhost/credits/m/ideal?code=GUESS4'), a.context, { id: 'm', paymentmethod: 'ideal' }),
      3600,
    )
    await expectTooOften(await call(directDebitPage.loader, new Request('http://localhost/directdebit?bundle=m&code=GUESS5'), a.context), 3600)
  })
})

describe('payments', () => {
  it('payment starts per member per hour: a refused start creates no payment and no mandate', async () => {
    await limit({ payments_per_hour: 2 })
    const a = await member({ country: 'NL' })
    const pay = () => call(checkoutPage.action, form('/credits/m/ideal', { key: crypto.randomUUID() }), a.context, { id: 'm', paymentmethod: 'ideal' })
    expect((await answer(await pay())).status).toBe(302)
    expect((await answer(await pay())).status).toBe(302)
    const r = await expectTooOften(await pay(), 3600)
    expect(r.body).toMatchObject({ refusal: null, tooOften: { id: 'error.tooOftenMinutes' } })
    expect(await rows(payments, eq(payments.userId, a.userId))).toBe(2)
    const dd = await expectTooOften(
      await call(
        directDebitPage.action,
        form('/directdebit?bundle=s', {
          intent: 'start',
          key: 'form-key-9',
          account_holder: 'Anna de Vries',
          iban: 'NL91ABNA0417164300',
          street: 'Keizersgracht',
          house_number: '12',
          zip: '1015 CJ',
          city: 'Amsterdam',
          phone: '0612345678',
          authorize: 'on',
        }),
        a.context,
      ),
      3600,
    )
    expect(dd.body).toMatchObject({ intent: 'start', result: { error: { '': ['error.tooOftenMinutes'] } } })
    expect(await rows(directDebitMandates, eq(directDebitMandates.userId, a.userId))).toBe(0)
  })
})

describe('complaints', () => {
  it('count per address, visitors and members alike; another address is not held back', async () => {
    await limit({ complaints_ip_per_hour: 2 })
    const file = (ip: string) =>
      call(
        complaintsPage.action,
        form('/complaints', { category: 'scam', description: 'This profile asks everyone for money.', email: 'someone@example.com' }),
        { viewer: null, sessionToken: null, clientIp: ip },
      )
    expect((await answer(await file('10.9.9.9'))).body).toMatchObject({ reference: expect.any(String) })
    expect((await answer(await file('10.9.9.9'))).body).toMatchObject({ reference: expect.any(String) })
    const r = await expectTooOften(await file('10.9.9.9'), 3600)
    expect(r.body).toMatchObject({ reference: null, result: { error: { '': ['complaints.tooMany'] } } })
    expect((await answer(await file('10.8.8.8'))).body).toMatchObject({ reference: expect.any(String) })
    expect(await rows(complaints)).toBe(3)
  })
})
