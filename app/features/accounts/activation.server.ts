import { and, eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { recordEvent } from '#db/events.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { conversationMembers, messages, profiles, users } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import { grantSignupCredits } from '#app/features/billing/signup-credits.server'
import { sendAccountEmail } from './account-mail.server'
import { consumeToken, tokensIssuedToday } from './tokens.server'
import { restrictionHolds } from '#app/features/authentication/restrictions.server'
import { securityLog } from '#app/lib/security-log.server'

/**
 * Confirms the e-mail address behind an activation link: the account becomes active, the profile listed, and the
 * messages written while unconfirmed are delivered (they count as unread for their recipients from now on). A
 * member banned or suspended before confirming has the address confirmed and nothing more: the profile stays
 * hidden and the held messages held (issue 24, point 8); a suspension's end lists the profile again.
 */
export async function activateAccount(token: string | null): Promise<{ ok: true; userId: number } | { ok: false }> {
  const used = await consumeToken(token, 'activation')
  if (!used) return { ok: false }
  const settings = await getSettings()
  await db().transaction(async (tx) => {
    const [u] = await tx
      .update(users)
      .set({ status: 'active', confirmedAt: sql`coalesce(${users.confirmedAt}, now())` })
      .where(and(eq(users.id, used.userId), eq(users.status, 'not_confirmed')))
      .returning({ id: users.id })
    if (!u) return
    if (await restrictionHolds(tx, u.id)) {
      securityLog('account.restriction_kept', { userId: u.id, reason: 'activation' })
      return
    }
    const [p] = await tx.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, used.userId)).returning({ id: profiles.id })
    if (!p) return
    await tx.execute(sql`
      update ${conversationMembers} cm set unread_count = cm.unread_count + pending.n, hidden = false
      from (select m.conversation_id, count(*)::int as n from ${messages} m
            where m.sender_id = ${p.id} and m.delivered = false group by m.conversation_id) pending
      where cm.conversation_id = pending.conversation_id and cm.profile_id <> ${p.id}`)
    await tx
      .update(messages)
      .set({ delivered: true })
      .where(and(eq(messages.senderId, p.id), eq(messages.delivered, false)))
    await grantSignupCredits(tx, u.id, settings.signup_credits)
    await recordEvent(tx, { type: 'account.activated', payload: { userId: u.id, profileId: p.id } })
  })
  wakeJobRunner()
  return { ok: true, userId: used.userId }
}

/** Sends the activation e-mail again, at most max_activation_emails_per_day times a day. */
export async function resendActivation(userId: number): Promise<'sent' | 'too_many' | 'already_active'> {
  const [u] = await db().select({ status: users.status }).from(users).where(eq(users.id, userId))
  if (!u || u.status !== 'not_confirmed') return 'already_active'
  const s = await getSettings()
  if ((await tokensIssuedToday(userId, 'activation')) >= s.max_activation_emails_per_day) return 'too_many'
  await sendAccountEmail(userId, 'activation')
  return 'sent'
}
