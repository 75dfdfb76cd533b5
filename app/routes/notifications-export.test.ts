import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getViewer } from '#app/features/authentication/viewer.server'
import { EXPORT_PAGE } from '#app/features/accounts/export-data.server'
import { db } from '#db/client.server'
import { conversationMembers, conversations, messages } from '#db/schema/index'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import { loader } from './notifications-export'

useTestDatabase()

const MANY = 100_000

// Issue 24, point 5: "Download my data" for a member with 100,000 messages is streamed as it is read, a page of
// EXPORT_PAGE rows at a time, instead of being built whole in memory (as it was: one JSON.stringify of everything).
describe('GET /notifications/export', () => {
  it('streams a member with 100,000 messages page by page: rows written while it runs still arrive, no chunk holds more than a page', async () => {
    const me = await createMember()
    const partner = await createMember({ gender: 'male' })
    const [low, high] = me.profileId < partner.profileId ? [me.profileId, partner.profileId] : [partner.profileId, me.profileId]
    const [c] = await db().insert(conversations).values({ profileLowId: low, profileHighId: high, startedBy: me.profileId }).returning({ id: conversations.id })
    await db()
      .insert(conversationMembers)
      .values([
        { conversationId: c.id, profileId: me.profileId },
        { conversationId: c.id, profileId: partner.profileId },
      ])
    await db().execute(sql`insert into ${messages} (conversation_id, sender_id, client_id, body)
      select ${c.id}, case when g % 2 = 0 then ${me.profileId}::int else ${partner.profileId}::int end, gen_random_uuid(), 'message number ' || g
      from generate_series(1, ${MANY}) g`)

    const context = { viewer: await getViewer(me.userId), sessionToken: null, clientIp: '10.0.0.1' }
    const res = (await loader({ request: new Request('http://localhost/notifications/export'), params: {}, context } as never)) as Response
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(res.body).toBeInstanceOf(ReadableStream)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let chunks = 0
    let largest = 0
    let messageChunks = 0
    let wroteDuring = false
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      const chunk = decoder.decode(value, { stream: true })
      text += chunk
      chunks += 1
      largest = Math.max(largest, chunk.length)
      const rows = chunk.match(/"body":/g)?.length ?? 0
      expect(rows).toBeLessThanOrEqual(EXPORT_PAGE)
      if (rows) messageChunks += 1
      // Once the first page of messages is out, the member writes another one: a paged reader still finds it at the
      // end; an export read whole before writing would not have it.
      if (rows && !wroteDuring) {
        wroteDuring = true
        await db()
          .insert(messages)
          .values({ conversationId: c.id, senderId: me.profileId, clientId: crypto.randomUUID(), body: 'written while the export ran' })
      }
    }
    expect(messageChunks).toBeGreaterThanOrEqual(MANY / EXPORT_PAGE)
    expect(chunks).toBeGreaterThan(MANY / EXPORT_PAGE)
    // A page of short messages is well under a megabyte; the whole file is many times that.
    expect(largest).toBeLessThan(256 * 1024)
    expect(text.length).toBeGreaterThan(10 * 1024 * 1024)
    const data = JSON.parse(text) as { messages: { body: string }[] }
    expect(data.messages).toHaveLength(MANY + 1)
    expect(data.messages[MANY].body).toBe('written while the export ran')
  }, 180_000)

  it('sends a visitor to the login', async () => {
    const context = { viewer: null, sessionToken: null, clientIp: '10.0.0.1' }
    const thrown = await Promise.resolve(loader({ request: new Request('http://localhost/notifications/export'), params: {}, context } as never)).catch(
      (e: unknown) => e,
    )
    expect((thrown as Response).status).toBe(302)
  })
})
