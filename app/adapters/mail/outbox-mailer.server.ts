import { db } from '#db/client.server'
import { desc } from 'drizzle-orm'
import { outboxEmails } from '#db/schema/index'
import type { Mailer } from './mailer'

/**
 * Without SMTP, e-mails are kept in the outbox table, readable at /dev/outbox from this machine only. The log
 * names the e-mail's id, never its address or links.
 */
export function createOutboxMailer(log: (msg: string) => void): Mailer {
  return {
    async send(mail) {
      const [row] = await db()
        .insert(outboxEmails)
        .values({ toAddress: mail.to, subject: mail.subject, html: mail.html, text: mail.text, kind: mail.kind })
        .returning({ id: outboxEmails.id })
      log(`e-mail #${row.id} (${mail.kind}) kept in the outbox: see /dev/outbox`)
    },
  }
}

export async function listOutbox(limit: number) {
  const rows = await db()
    .select({
      id: outboxEmails.id,
      toAddress: outboxEmails.toAddress,
      subject: outboxEmails.subject,
      text: outboxEmails.text,
      kind: outboxEmails.kind,
      createdAt: outboxEmails.createdAt,
    })
    .from(outboxEmails)
    .orderBy(desc(outboxEmails.id))
    .limit(limit)
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
}
