import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '#app/features/authentication/sessions.server'
import { db } from '#db/client.server'
import { conversationMembers, conversations, likes, messages } from '#db/schema/index'
import { startAppServer, type AppServer } from '../tests/setup/app-server'
import { createMember } from '../tests/setup/factories'

// Issue 26: a logged-in member's page asks the database at most four statements (the viewer with the badge counts,
// the time bonus of a new member, and the page's own), counted by the server itself in its Server-Timing header (server/server-timing.server.ts),
// against the production build (run `npx react-router build` first).
let server: AppServer
let cookie = ''
let otherId = 0
let conversationId = 0
beforeAll(async () => {
  server = await startAppServer('statements')
  // A member in the time bonus's first hours (the bonus is looked up on every page then), with a match to talk to.
  const me = await createMember({ gender: 'male', photo: true, credits: 100 })
  const other = await createMember({ gender: 'female', photo: true })
  otherId = other.profileId
  // Enough results that the search needs no "similar members" below them (settings.similar_results_threshold).
  for (let i = 0; i < 6; i++) await createMember({ gender: 'female', photo: true })
  const [low, high] = me.profileId < other.profileId ? [me.profileId, other.profileId] : [other.profileId, me.profileId]
  const [c] = await db()
    .insert(conversations)
    .values({ profileLowId: low, profileHighId: high, startedBy: other.profileId })
    .returning({ id: conversations.id })
  conversationId = c.id
  await db()
    .insert(conversationMembers)
    .values([
      { conversationId: c.id, profileId: me.profileId, unreadCount: 1 },
      { conversationId: c.id, profileId: other.profileId },
    ])
  await db().insert(messages).values({ conversationId: c.id, senderId: other.profileId, clientId: crypto.randomUUID(), body: 'Hello', kind: 'text' })
  await db().insert(likes).values({ likerId: other.profileId, likedId: me.profileId })
  cookie = `sid=${await createSession(me.userId)}`
}, 60_000)
afterAll(() => server?.stop())

async function statementsOf(path: string): Promise<number> {
  const res = await fetch(server.origin + path, { headers: { Cookie: cookie, 'Accept-Language': 'en' }, redirect: 'manual' })
  expect(res.status, path).toBe(200)
  await res.text()
  return Number(/"(\d+) statements"/.exec(res.headers.get('server-timing') ?? '')?.[1])
}

describe('statements per logged-in page', () => {
  it('asks the database at most four statements per page, the session lookup and the badge counts included', async () => {
    const pages = ['/members?country=', `/members/${otherId}`, '/chats', '/likes']
    // The first request of a connection prepares its statements; what is counted is the same either way.
    for (const path of pages) await statementsOf(path)
    const counts: Record<string, number> = {}
    for (const path of pages) counts[path] = await statementsOf(path)
    for (const [path, n] of Object.entries(counts)) expect(n, `${path}: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(4)
  })

  it('asks at most four for a conversation too, where it asked 18, then 12, then 7', async () => {
    await statementsOf(`/chats/${conversationId}`)
    expect(await statementsOf(`/chats/${conversationId}`)).toBeLessThanOrEqual(4)
  })
})
