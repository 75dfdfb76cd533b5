import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { bus } from '#app/adapters/bus/index.server'
import { canUseChatFeature } from '#app/policies/premium-features'
import { canSeeConversation } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import { conversationMembers, messages, profiles, users } from '#db/schema/index'
import { profileTopic, type Receipt } from './chat-events'

/**
 * Delivery states (sent, delivered, read) of a member's messages, as their partner's side reports them. They are
 * ephemeral signals on the way (published after the commit; a missed one is read again with the page), stored as
 * "up to message id" marks on the partner's conversation row. Read receipts are a Premium chat feature.
 */

async function isPremium(profileId: number): Promise<boolean> {
  const [r] = await db().select({ paidUser: users.paidUser }).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(eq(profiles.id, profileId))
  return !!r && canUseChatFeature(r, 'read_receipts')
}

/** How far `partnerId` got with the messages `viewerId` sent in a conversation, as the viewer may see it. */
export async function receiptFor(conversationId: number, partnerId: number, viewerPremium: boolean): Promise<Receipt> {
  const [r] = await db()
    .select({ deliveredUpTo: conversationMembers.deliveredUpTo, readUpTo: conversationMembers.readUpTo })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, partnerId)))
  return receiptFrom(conversationId, r ?? null, viewerPremium)
}

/** The partner's marks in a conversation, as a JSON subquery for a page that reads them with its other columns. */
export function partnerMarksSql(conversationId: SQL, partnerId: number | SQLWrapper) {
  return sql<PartnerMarks | null>`(select json_build_object('deliveredUpTo', cm.delivered_up_to, 'readUpTo', cm.read_up_to)
    from ${conversationMembers} cm where cm.conversation_id = ${conversationId} and cm.profile_id = ${partnerId})`
}

export interface PartnerMarks {
  deliveredUpTo: number
  readUpTo: number
}

/** The receipt the viewer is shown from the partner's marks: the read mark only for Premium (read receipts). */
export function receiptFrom(conversationId: number, marks: PartnerMarks | null, viewerPremium: boolean): Receipt {
  return { conversationId, deliveredUpTo: Number(marks?.deliveredUpTo ?? 0), readUpTo: viewerPremium ? Number(marks?.readUpTo ?? 0) : null }
}

async function announce(conversationId: number, readerId: number, partnerId: number, marks: { deliveredUpTo: number; readUpTo: number }) {
  // A receipt is a read of the conversation on the partner's side: a member the reader blocked (or who cannot see
  // the conversation any more) does not learn that the reader opened it (canSeeConversation, issue 24 point 3).
  if (!(await canSeeConversation(partnerId, readerId)).ok) return
  const premium = await isPremium(partnerId)
  await bus().publish(profileTopic(partnerId), {
    type: 'receipt',
    receipt: { conversationId, deliveredUpTo: marks.deliveredUpTo, readUpTo: premium ? marks.readUpTo : null },
  })
}

/** The newest message the partner sent that this member may see (0: none), as a subquery. */
function newestFromPartnerSql(conversationId: number, viewerId: number) {
  return sql<number>`(select coalesce(max(m.id), 0) from ${messages} m
    where m.conversation_id = ${conversationId} and m.sender_id <> ${viewerId} and m.delivered)`
}

async function newestFromPartner(conversationId: number, viewerId: number): Promise<number> {
  const [r] = await db()
    .select({ id: newestFromPartnerSql(conversationId, viewerId) })
    .from(sql`(select 1) as one`)
  return Number(r?.id ?? 0)
}

/**
 * Opening a chat sets its unread count to 0 (spec section 4) and marks the partner's messages delivered and read;
 * the partner's open tabs hear of it when anything moved. `lastChatOf`: the viewer's user id, when the opening is
 * also remembered as the member's last opened chat (the chat page), in the same statement.
 */
export async function markConversationRead(conversationId: number, viewerId: number, partnerId?: number, opts: { lastChatOf?: number } = {}): Promise<void> {
  // One statement (issue 26): the newest partner message as a subquery, the read mark before the update from a
  // subquery of RETURNING (which reads the rows as they were when the statement began), and the last opened chat
  // as a data-modifying WITH.
  const upTo = newestFromPartnerSql(conversationId, viewerId)
  const lastChat =
    opts.lastChatOf !== undefined && partnerId !== undefined
      ? sql`with last_chat as (update ${users} set last_chat_profile_id = ${partnerId}, last_chat_at = now() where id = ${opts.lastChatOf} returning 1) `
      : sql``
  const r = await db().execute(sql`${lastChat}update ${conversationMembers} cm
    set unread_count = 0, last_read_at = now(), read_up_to = greatest(cm.read_up_to, ${upTo}), delivered_up_to = greatest(cm.delivered_up_to, ${upTo})
    where cm.conversation_id = ${conversationId} and cm.profile_id = ${viewerId}
    returning ${upTo} as "upTo",
      (select b.read_up_to from ${conversationMembers} b where b.conversation_id = ${conversationId} and b.profile_id = ${viewerId}) as "before"`)
  const [row] = (r as unknown as { rows: { upTo: number | string; before: number | string }[] }).rows
  const marks = row ? { upTo: Number(row.upTo), before: Number(row.before) } : null
  if (marks && marks.upTo > marks.before && partnerId) await announce(conversationId, viewerId, partnerId, { deliveredUpTo: marks.upTo, readUpTo: marks.upTo })
}

/** An open tab of this member received the partner's messages up to `messageId`. */
export async function markDelivered(conversationId: number, viewerId: number, partnerId: number, messageId: number): Promise<void> {
  const upTo = Math.min(messageId, await newestFromPartner(conversationId, viewerId))
  const rows = await db()
    .update(conversationMembers)
    .set({ deliveredUpTo: upTo })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.profileId, viewerId),
        sql`${conversationMembers.deliveredUpTo} < ${upTo}`,
      ),
    )
    .returning({ readUpTo: conversationMembers.readUpTo })
  if (rows[0]) await announce(conversationId, viewerId, partnerId, { deliveredUpTo: upTo, readUpTo: rows[0].readUpTo })
}
