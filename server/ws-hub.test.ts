import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { bus, setBus } from '#app/adapters/bus/index.server'
import { createSession, destroyAllSessions } from '#app/features/authentication/sessions.server'
import { profileTopic, SESSION_CHECK_EVENT, type ServerEvent } from '#app/features/chat/chat-events'
import { createMember } from '../tests/setup/factories'
import { useTestDatabase } from '../tests/setup/test-db'
import { attachWsHub } from './ws-hub.server'
import { MAX_SOCKETS_PER_MEMBER } from './ws-socket-registry.server'
import { CLOSE } from './ws-close-codes'
import { useJobRunner } from '../tests/setup/job-runner'
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { requestPasswordReset, resetPassword } from '#app/features/accounts/password-reset.server'
import { restrictAccount } from '#app/features/console/moderation/decisions.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { db } from '#db/client.server'
import { accountTokens, messages, users } from '#db/schema/index'

useTestDatabase()
useJobRunner()

let server: http.Server | undefined
let hub: ReturnType<typeof attachWsHub> | undefined

async function startHub(opts: Parameters<typeof attachWsHub>[1] = {}) {
  server = http.createServer((_req, res) => res.end())
  hub = attachWsHub(server, opts)
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  return (server.address() as AddressInfo).port
}

afterEach(async () => {
  await hub?.close()
  await new Promise((r) => server?.close(r))
})

function connect(port: number, headers: Record<string, string>) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers })
  const events: ServerEvent[] = []
  ws.on('message', (d) => events.push(JSON.parse(String(d))))
  // Resolves once the hub has subscribed the socket ('ready').
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('message', (d) => {
      if ((JSON.parse(String(d)) as ServerEvent).type === 'ready') resolve()
    })
    ws.once('error', reject)
  })
  return { ws, events, opened }
}

async function until(cond: () => boolean, ms = 3000) {
  const start = Date.now()
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('WebSocket hub', () => {
  it('refuses an upgrade without a session', async () => {
    const port = await startHub()
    const c = connect(port, { Origin: `http://127.0.0.1:${port}` })
    await expect(c.opened).rejects.toThrow(/401/)
  })

  it('refuses a foreign origin even with a valid session', async () => {
    const port = await startHub()
    const a = await createMember()
    const token = await createSession(a.userId)
    const c = connect(port, { Origin: 'http://evil.example', Cookie: `sid=${token}` })
    await expect(c.opened).rejects.toThrow(/403/)
  })

  it('delivers a message to the partner, acknowledges the sender and rejects bad frames', async () => {
    const port = await startHub()
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    const origin = `http://127.0.0.1:${port}`
    const ca = connect(port, { Origin: origin, Cookie: `sid=${await createSession(a.userId)}` })
    const cb = connect(port, { Origin: origin, Cookie: `sid=${await createSession(b.userId)}` })
    await Promise.all([ca.opened, cb.opened])
    const clientId = crypto.randomUUID()
    ca.ws.send(JSON.stringify({ type: 'send', toProfileId: b.profileId, clientId, body: 'Hi there' }))
    await until(() => cb.events.some((e) => e.type === 'message') && ca.events.some((e) => e.type === 'ack'))
    const msg = cb.events.find((e) => e.type === 'message')
    expect(msg).toMatchObject({ type: 'message', partnerId: a.profileId, message: { body: 'Hi there', clientId } })
    expect(cb.events.find((e) => e.type === 'counts')).toMatchObject({ unread: 1 })

    // A message that fails validation is refused with its reason; the socket stays open.
    ca.ws.send(JSON.stringify({ type: 'send', toProfileId: b.profileId, clientId: 'nope', body: 'x' }))
    await until(() => ca.events.some((e) => e.type === 'error'))
    expect(ca.events.filter((e) => e.type === 'error').map((e) => (e as { code: string }).code)).toEqual(['chat.errorInvalid'])

    // Marking read over the socket answers fresh counts.
    const conversationId = (msg as Extract<ServerEvent, { type: 'message' }>).message.conversationId
    cb.ws.send(JSON.stringify({ type: 'read', conversationId }))
    await until(() => cb.events.filter((e) => e.type === 'counts').length === 2)
    expect(cb.events.filter((e) => e.type === 'counts').at(-1)).toMatchObject({ unread: 0 })
    ca.ws.close()
    cb.ws.close()
  })
  it('closes a socket that sends what is not an event, and only that socket', async () => {
    const port = await startHub()
    const a = await createMember()
    const origin = `http://127.0.0.1:${port}`
    const cookie = `sid=${await createSession(a.userId)}`
    const good = connect(port, { Origin: origin, Cookie: cookie })
    const bad = connect(port, { Origin: origin, Cookie: cookie })
    const badBinary = connect(port, { Origin: origin, Cookie: cookie })
    await Promise.all([good.opened, bad.opened, badBinary.opened])
    const closeCode = (ws: WebSocket) => new Promise<number>((r) => ws.once('close', (code) => r(code)))
    const closed = [closeCode(bad.ws), closeCode(badBinary.ws)]
    bad.ws.send('not json')
    badBinary.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    expect(await Promise.all(closed)).toEqual([1008, 1003])
    expect(bad.events.filter((e) => e.type !== 'ready')).toEqual([{ type: 'error', code: 'bad_request' }])
    good.ws.send(JSON.stringify({ type: 'ping' }))
    await new Promise((r) => setTimeout(r, 50))
    expect(good.ws.readyState).toBe(WebSocket.OPEN)
    expect(hub!.clients()).toBe(1)
    good.ws.close()
  })

  it('handles one socket’s sends in order, and a refused one (too many frames) names its message', async () => {
    const port = await startHub()
    const a = await createMember({ credits: 1000 })
    const b = await createMember({ gender: 'male' })
    const c = connect(port, { Origin: `http://127.0.0.1:${port}`, Cookie: `sid=${await createSession(a.userId)}` })
    await c.opened
    // 40 frames at once: the first 20 fit the socket's burst (ws-frame-guard.server.ts), most of the rest are refused.
    const ids = Array.from({ length: 40 }, () => crypto.randomUUID())
    for (const [i, clientId] of ids.entries()) c.ws.send(JSON.stringify({ type: 'send', toProfileId: b.profileId, clientId, body: `m${i}` }))
    await until(() => c.events.filter((e) => e.type === 'ack' || e.type === 'error').length === 40, 20_000)
    const acks = c.events.filter((e): e is Extract<ServerEvent, { type: 'ack' }> => e.type === 'ack')
    // (The bucket refills by 5 a second while the frames arrive: on a busy machine a few later ones pass too.)
    expect(acks.length).toBeGreaterThanOrEqual(20)
    expect(acks.length).toBeLessThan(40)
    const accepted = new Set(acks.map((e) => e.clientId))
    // Acknowledged in the order sent, and stored in that order.
    expect(acks.map((e) => e.clientId)).toEqual(ids.filter((id) => accepted.has(id)))
    expect(acks.map((e) => e.message.id)).toEqual(acks.map((e) => e.message.id).sort((x, y) => x - y))
    const refused = c.events.filter((e): e is Extract<ServerEvent, { type: 'error' }> => e.type === 'error')
    expect(refused.map((e) => [e.code, e.clientId])).toEqual(ids.filter((id) => !accepted.has(id)).map((id) => ['rate_limited', id]))
    c.ws.close()
  })

  it('while saturated, a socket is read no faster than its sends are served: every message stored once, in order, none refused', async () => {
    // One send at a time and room to wait: the hub stops reading each socket while its send waits.
    const port = await startHub({ sendGate: { concurrency: 1, maxQueued: 100 } })
    const a = await createMember({ credits: 1000 })
    const b = await createMember({ credits: 1000, gender: 'male' })
    const origin = `http://127.0.0.1:${port}`
    const ca = connect(port, { Origin: origin, Cookie: `sid=${await createSession(a.userId)}` })
    const cb = connect(port, { Origin: origin, Cookie: `sid=${await createSession(b.userId)}` })
    await Promise.all([ca.opened, cb.opened])
    const ids = { a: Array.from({ length: 8 }, () => crypto.randomUUID()), b: Array.from({ length: 8 }, () => crypto.randomUUID()) }
    for (const i of ids.a.keys()) {
      ca.ws.send(JSON.stringify({ type: 'send', toProfileId: b.profileId, clientId: ids.a[i], body: `a${i}` }))
      cb.ws.send(JSON.stringify({ type: 'send', toProfileId: a.profileId, clientId: ids.b[i], body: `b${i}` }))
    }
    const acks = (c: typeof ca) => c.events.filter((e): e is Extract<ServerEvent, { type: 'ack' }> => e.type === 'ack').map((e) => e.clientId)
    await until(() => acks(ca).length === 8 && acks(cb).length === 8, 20_000)
    expect([acks(ca), acks(cb)]).toEqual([ids.a, ids.b])
    expect([...ca.events, ...cb.events].filter((e) => e.type === 'error' || e.type === 'slow_down')).toEqual([])
    const stored = await db().select({ clientId: messages.clientId }).from(messages).where(eq(messages.senderId, a.profileId)).orderBy(messages.id)
    expect(stored.map((m) => m.clientId)).toEqual(ids.a)
    ca.ws.close()
    cb.ws.close()
  })

  it('past saturation tells the socket to slow down instead of failing; sent again, every message is stored once, in order', async () => {
    // One send at a time and none waiting: the second of two sends in a row finds the gate full.
    const port = await startHub({ sendGate: { concurrency: 1, maxQueued: 0 } })
    const a = await createMember({ credits: 1000 })
    const b = await createMember({ gender: 'male' })
    const c = connect(port, { Origin: `http://127.0.0.1:${port}`, Cookie: `sid=${await createSession(a.userId)}` })
    await c.opened
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID())
    const frame = (i: number) => JSON.stringify({ type: 'send', toProfileId: b.profileId, clientId: ids[i], body: `m${i}` })
    for (const i of ids.keys()) c.ws.send(frame(i))
    // The client's side (app/features/chat/send-hold.ts): what was slowed down goes again, in order, after the wait.
    const acked = () => new Set(c.events.filter((e) => e.type === 'ack').map((e) => (e as { clientId: string }).clientId))
    for (let round = 0; round < 20 && acked().size < ids.length; round++) {
      const before = c.events.length
      await until(() => acked().size === ids.length || c.events.slice(before).some((e) => e.type === 'slow_down'), 10_000)
      const slowed = c.events.slice(before).filter((e): e is Extract<ServerEvent, { type: 'slow_down' }> => e.type === 'slow_down')
      if (!slowed.length) break
      expect(slowed.every((e) => e.retryAfterMs > 0)).toBe(true)
      await new Promise((r) => setTimeout(r, Math.max(...slowed.map((e) => e.retryAfterMs))))
      for (const i of ids.keys()) if (!acked().has(ids[i])) c.ws.send(frame(i))
    }
    await until(() => acked().size === ids.length, 10_000)
    expect(c.events.some((e) => e.type === 'slow_down')).toBe(true)
    expect(c.events.filter((e) => e.type === 'error')).toEqual([])
    const stored = await db()
      .select({ clientId: messages.clientId, body: messages.body })
      .from(messages)
      .where(eq(messages.senderId, a.profileId))
      .orderBy(messages.id)
    expect(stored.map((m) => m.clientId)).toEqual(ids)
    c.ws.close()
  })

  it('closes gracefully: frames under way are answered, then every socket closes with 1012 and upgrades are refused', async () => {
    const port = await startHub()
    const a = await createMember({ credits: 1000 })
    const b = await createMember({ gender: 'male' })
    const origin = `http://127.0.0.1:${port}`
    const c = connect(port, { Origin: origin, Cookie: `sid=${await createSession(a.userId)}` })
    await c.opened
    const closed = new Promise<number>((r) => c.ws.once('close', (code) => r(code)))
    const clientId = crypto.randomUUID()
    c.ws.send(JSON.stringify({ type: 'send', toProfileId: b.profileId, clientId, body: 'just in time' }))
    // The close begins while the send is being handled.
    await new Promise((r) => setTimeout(r, 5))
    const closing = hub!.close()
    const late = connect(port, { Origin: origin, Cookie: `sid=${await createSession(b.userId)}` })
    await expect(late.opened).rejects.toThrow(/503/)
    await closing
    hub = undefined
    expect(await closed).toBe(1012)
    expect(c.events.find((e) => e.type === 'ack')).toMatchObject({ clientId })
  })

  it('tells its sockets to catch up when the bus has its subscriptions back after losing them', async () => {
    let resubscribed: (() => void) | undefined
    const real = bus()
    // A bus whose connection came back: the Redis bus calls this listener then (redis-bus.server.ts).
    setBus({ ...real, onResubscribed: (l) => ((resubscribed = l), () => {}) })
    try {
      const port = await startHub()
      const a = await createMember()
      const c = connect(port, { Origin: `http://127.0.0.1:${port}`, Cookie: `sid=${await createSession(a.userId)}` })
      await c.opened
      resubscribed!()
      await until(() => c.events.some((e) => e.type === 'resync'))
      c.ws.close()
    } finally {
      setBus(real)
    }
  })

  it('closes a member’s sockets at once when their sessions were ended elsewhere (the console’s "log out everywhere")', async () => {
    const port = await startHub()
    const a = await createMember()
    const b = await createMember()
    const origin = `http://127.0.0.1:${port}`
    const ended = connect(port, { Origin: origin, Cookie: `sid=${await createSession(a.userId)}` })
    const kept = connect(port, { Origin: origin, Cookie: `sid=${await createSession(b.userId)}` })
    await Promise.all([ended.opened, kept.opened])
    const closed = new Promise<number>((r) => ended.ws.once('close', (code) => r(code)))
    await destroyAllSessions(a.userId)
    // A check on a live session changes nothing; after the sessions end, it closes with "session ended".
    await bus().publish(profileTopic(b.profileId), { type: SESSION_CHECK_EVENT })
    await bus().publish(profileTopic(a.profileId), { type: SESSION_CHECK_EVENT })
    expect(await closed).toBe(4401)
    expect(ended.events.map((e) => e.type)).toEqual(['ready'])
    expect(kept.events.map((e) => e.type)).toEqual(['ready'])
    expect(kept.ws.readyState).toBe(WebSocket.OPEN)
    kept.ws.close()
  })

  // Issue 24, point 8: a socket outlived "log out everywhere", a password reset or a ban for up to a minute, sending.
  it('closes a member’s sockets within a second of any revocation: "log out everywhere", a reset, a ban; others stay', async () => {
    const port = await startHub()
    const origin = `http://127.0.0.1:${port}`
    const bystander = await createMember()
    const kept = connect(port, { Origin: origin, Cookie: `sid=${await createSession(bystander.userId)}` })
    await kept.opened
    const revocations: [string, (m: { userId: number; profileId: number }) => Promise<unknown>][] = [
      ['log out everywhere', (m) => destroyAllSessions(m.userId)],
      [
        'password reset',
        async (m) => {
          await requestPasswordReset((await db().select({ email: users.email }).from(users).where(eq(users.id, m.userId)))[0].email)
          const [t] = await db().select({ id: accountTokens.id }).from(accountTokens).where(eq(accountTokens.userId, m.userId))
          const token = 'reset-token-for-the-socket-test'
          await db()
            .update(accountTokens)
            .set({ tokenHash: createHash('sha256').update(token).digest('hex') })
            .where(eq(accountTokens.id, t.id))
          expect((await resetPassword(token, 'a-new-password-1')).ok).toBe(true)
        },
      ],
      [
        'ban',
        async (m) => {
          await db().transaction((tx) => restrictAccount(tx, { userId: m.userId, profileId: m.profileId, decisionId: 77, until: null }))
          wakeJobRunner()
        },
      ],
    ]
    for (const [what, revoke] of revocations) {
      const m = await createMember()
      const c = connect(port, { Origin: origin, Cookie: `sid=${await createSession(m.userId)}` })
      await c.opened
      const closed = new Promise<number>((r) => c.ws.once('close', (code) => r(code)))
      const start = Date.now()
      await revoke(m)
      expect(await closed, what).toBe(CLOSE.sessionEnded)
      expect(Date.now() - start, what).toBeLessThan(1000)
    }
    expect(kept.ws.readyState).toBe(WebSocket.OPEN)
    kept.ws.close()
  })

  it('closes a member’s oldest socket, with a code the client knows, when they open one more than the cap', async () => {
    const port = await startHub()
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    const origin = `http://127.0.0.1:${port}`
    const cookie = `sid=${await createSession(a.userId)}`
    const other = connect(port, { Origin: origin, Cookie: `sid=${await createSession(b.userId)}` })
    await other.opened
    const open: ReturnType<typeof connect>[] = []
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) {
      const c = connect(port, { Origin: origin, Cookie: cookie })
      await c.opened
      open.push(c)
    }
    const oldest = new Promise<[number, string]>((r) => open[0].ws.once('close', (code, reason) => r([code, String(reason)])))
    const newest = connect(port, { Origin: origin, Cookie: cookie })
    await newest.opened
    expect(await oldest).toEqual([CLOSE.tooManySockets, 'too many connections'])
    await new Promise((r) => setTimeout(r, 50))
    expect([...open.slice(1), newest, other].every((c) => c.ws.readyState === WebSocket.OPEN)).toBe(true)
    expect(hub!.clients()).toBe(MAX_SOCKETS_PER_MEMBER + 1)
    // A closed socket frees its place: the next one closes nobody.
    const freed = new Promise((r) => open[1].ws.once('close', r))
    open[1].ws.close()
    await freed
    await new Promise((r) => setTimeout(r, 50))
    const again = connect(port, { Origin: origin, Cookie: cookie })
    await again.opened
    await new Promise((r) => setTimeout(r, 50))
    expect([...open.slice(2), newest, again].every((c) => c.ws.readyState === WebSocket.OPEN)).toBe(true)
    for (const c of [...open, newest, again, other]) c.ws.close()
  })
})
