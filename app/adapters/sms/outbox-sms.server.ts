import { desc } from 'drizzle-orm'
import { db } from '#db/client.server'
import { outboxSms } from '#db/schema/index'
import type { SmsSender } from './sms-sender'

/**
 * Without an SMS provider, text messages are kept in the outbox table, readable at /dev/outbox from this machine
 * only. The log names the row's id, never the number or the text (it carries a one-time code).
 */
export function createOutboxSms(log: (msg: string) => void): SmsSender {
  return {
    async send(sms) {
      const [row] = await db().insert(outboxSms).values({ toNumber: sms.to, body: sms.body }).returning({ id: outboxSms.id })
      log(`text message #${row.id} kept in the outbox: see /dev/outbox`)
    },
  }
}

export async function listSmsOutbox(limit: number) {
  const rows = await db()
    .select({ id: outboxSms.id, toNumber: outboxSms.toNumber, body: outboxSms.body, createdAt: outboxSms.createdAt })
    .from(outboxSms)
    .orderBy(desc(outboxSms.id))
    .limit(limit)
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
}
