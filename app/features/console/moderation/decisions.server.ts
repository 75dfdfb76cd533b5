import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { db, type Tx } from '#db/client.server'
import { recordEvent } from '#db/events.server'
import { enqueueJobs } from '#db/jobs.server'
import { accountRestrictions, messages, moderationDecisions, profileImages, profiles, users } from '#db/schema/index'
import { revokeSessions } from '#app/features/authentication/revoke-sessions.server'
import { recordAudit } from '#app/features/console/operators/audit.server'
import { settleMainPhoto } from '#app/features/photos/photos.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { canAppeal, mayHandleAppeal, type ContentType, type DecisionAction, type ModerationReason } from './rules'

/** The operator as a decision records them (plain id and name, like the audit log). */
export interface DecidingOperator {
  id: number
  name: string
}

export interface NewDecision {
  userId: number
  profileId: number
  source: 'photo' | 'report' | 'complaint' | 'appeal'
  reportId?: number | null
  complaintId?: number | null
  imageId?: number | null
  messageId?: number | null
  contentType: ContentType
  action: DecisionAction
  reason: ModerationReason
  note?: string | null
  suspendedUntil?: Date | null
  appealOf?: number | null
  restore?: Record<string, unknown> | null
}

/** Stores a decision and its event (the member's e-mail) in the caller's transaction. */
export async function insertDecision(tx: Tx, op: DecidingOperator, d: NewDecision): Promise<number> {
  const [row] = await tx
    .insert(moderationDecisions)
    .values({
      userId: d.userId,
      profileId: d.profileId,
      source: d.source,
      reportId: d.reportId ?? null,
      complaintId: d.complaintId ?? null,
      imageId: d.imageId ?? null,
      messageId: d.messageId ?? null,
      contentType: d.contentType,
      action: d.action,
      reason: d.reason,
      note: d.note?.trim() || null,
      suspendedUntil: d.suspendedUntil ?? null,
      appealOf: d.appealOf ?? null,
      decidedBy: op.id,
      decidedByName: op.name,
      restore: d.restore ?? null,
    })
    .returning({ id: moderationDecisions.id })
  await recordEvent(tx, { type: 'moderation.decided', payload: { decisionId: row.id, userId: d.userId } })
  return row.id
}

/** Hides a piece of content (a photo, a message's text, the profile texts); returns what a reversal puts back. */
export async function removeContent(
  tx: Tx,
  target: { contentType: ContentType; profileId: number; imageId?: number | null; messageId?: number | null },
): Promise<Record<string, unknown>> {
  if (target.contentType === 'photo' && target.imageId) {
    const [img] = await tx
      .update(profileImages)
      .set({ status: 'rejected' })
      .where(and(eq(profileImages.id, target.imageId), eq(profileImages.profileId, target.profileId)))
      .returning({ id: profileImages.id })
    return { imageId: img?.id ?? null }
  }
  if (target.contentType === 'message' && target.messageId) {
    const [m] = await tx.select({ body: messages.body, gift: messages.gift, photo: messages.photo }).from(messages).where(eq(messages.id, target.messageId))
    if (!m) return {}
    await tx.update(messages).set({ body: '', gift: null, photo: null }).where(eq(messages.id, target.messageId))
    return { body: m.body, gift: m.gift, photo: m.photo }
  }
  const [p] = await tx.select({ aboutMe: profiles.aboutMe, signupReason: profiles.signupReason }).from(profiles).where(eq(profiles.id, target.profileId))
  await tx.update(profiles).set({ aboutMe: null, signupReason: null }).where(eq(profiles.id, target.profileId))
  return { aboutMe: p?.aboutMe ?? null, signupReason: p?.signupReason ?? null }
}

/**
 * Suspends (until a date) or bans a member: the restriction row, the profile hidden, every session ended. The
 * login and the viewer layer refuse them while it holds (app/features/authentication); a suspension is lifted by
 * a job at its end.
 */
export async function restrictAccount(tx: Tx, t: { userId: number; profileId: number; decisionId: number; until: Date | null }): Promise<void> {
  const kind = t.until ? ('suspended' as const) : ('banned' as const)
  await tx
    .insert(accountRestrictions)
    .values({ userId: t.userId, kind, until: t.until, decisionId: t.decisionId })
    .onConflictDoUpdate({ target: accountRestrictions.userId, set: { kind, until: t.until, decisionId: t.decisionId, createdAt: sql`now()` } })
  await tx.update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, t.profileId))
  // The sockets close on every process once the decision commits (its caller wakes the job runner).
  await revokeSessions(tx, { userId: t.userId }, 'restricted')
  if (t.until) {
    await enqueueJobs(tx, [
      {
        name: 'moderation.lift-restriction',
        payload: { userId: t.userId, decisionId: t.decisionId },
        delayMs: Math.max(0, t.until.getTime() - Date.now()) + 1000,
      },
    ])
  }
}

/** Ends a restriction (its decision reversed, or its time over): the profile is listed again if the account is active. */
async function liftRestriction(tx: Tx, userId: number, decisionId: number): Promise<boolean> {
  const gone = await tx
    .delete(accountRestrictions)
    .where(and(eq(accountRestrictions.userId, userId), eq(accountRestrictions.decisionId, decisionId)))
    .returning({ userId: accountRestrictions.userId })
  if (!gone.length) return false
  await tx.execute(
    sql`update ${profiles} set status = 'active' where user_id = ${userId} and exists (select 1 from ${users} u where u.id = ${userId} and u.status = 'active')`,
  )
  return true
}

/** The job at a suspension's end. A newer restriction (another decision) stays. */
export async function liftExpiredRestriction(job: { userId: number; decisionId: number }): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [r] = await tx
      .select({ until: accountRestrictions.until, decisionId: accountRestrictions.decisionId })
      .from(accountRestrictions)
      .where(eq(accountRestrictions.userId, job.userId))
    if (!r || r.decisionId !== job.decisionId || !r.until || r.until.getTime() > Date.now()) return false
    return liftRestriction(tx, job.userId, job.decisionId)
  })
}

type DecisionRow = typeof moderationDecisions.$inferSelect

/** Puts back what a decision took away (a reversed appeal). */
async function undoDecision(tx: Tx, d: DecisionRow): Promise<void> {
  const r = d.restore ?? {}
  if (d.action === 'suspension' || d.action === 'ban') await liftRestriction(tx, d.userId, d.id)
  if (d.action === 'photo_rejected' || (d.action === 'content_removed' && d.contentType === 'photo')) {
    if (d.imageId)
      await tx
        .update(profileImages)
        .set({ status: 'active' })
        .where(and(eq(profileImages.id, d.imageId), eq(profileImages.profileId, d.profileId)))
  } else if (d.action === 'content_removed' && d.contentType === 'message' && d.messageId) {
    await tx
      .update(messages)
      .set({ body: String(r.body ?? ''), gift: (r.gift as string | null) ?? null, photo: (r.photo as string | null) ?? null })
      .where(eq(messages.id, d.messageId))
  } else if (d.action === 'content_removed' && d.contentType === 'profile') {
    await tx
      .update(profiles)
      .set({ aboutMe: (r.aboutMe as string | null) ?? null, signupReason: (r.signupReason as string | null) ?? null })
      .where(eq(profiles.id, d.profileId))
  }
}

/** A member's decisions, newest first, for /notifications: the statements and photo outcomes. */
export async function listMemberDecisions(userId: number) {
  const rows = await db()
    .select({
      id: moderationDecisions.id,
      action: moderationDecisions.action,
      contentType: moderationDecisions.contentType,
      reason: moderationDecisions.reason,
      note: moderationDecisions.note,
      suspendedUntil: moderationDecisions.suspendedUntil,
      createdAt: moderationDecisions.createdAt,
      automated: moderationDecisions.automated,
      appealOf: moderationDecisions.appealOf,
      appealedAt: moderationDecisions.appealedAt,
      appealHandledAt: moderationDecisions.appealHandledAt,
    })
    .from(moderationDecisions)
    .where(eq(moderationDecisions.userId, userId))
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
    .limit(50)
  return rows.map((r) => ({
    ...r,
    action: r.action as DecisionAction,
    reason: r.reason as ModerationReason,
    suspendedUntil: r.suspendedUntil?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    appealedAt: r.appealedAt?.toISOString() ?? null,
    appealHandledAt: r.appealHandledAt?.toISOString() ?? null,
  }))
}
export type MemberDecision = Awaited<ReturnType<typeof listMemberDecisions>>[number]

export type AppealResult = 'ok' | 'not_found' | 'not_appealable'

/** The member contests a decision, once: the case returns to the queue as an appeal for another operator. */
export async function appealDecision(userId: number, decisionId: number, text: string): Promise<AppealResult> {
  return db().transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(moderationDecisions)
      .where(and(eq(moderationDecisions.id, decisionId), eq(moderationDecisions.userId, userId)))
      .for('update')
    if (!d) return 'not_found'
    if (!canAppeal({ action: d.action as DecisionAction, appealOf: d.appealOf, appealedAt: d.appealedAt })) return 'not_appealable'
    await tx
      .update(moderationDecisions)
      .set({ appealText: text, appealedAt: sql`now()` })
      .where(eq(moderationDecisions.id, decisionId))
    return 'ok'
  })
}

export type AppealOutcome = 'upheld' | 'reversed'
export type HandleAppealResult = { ok: true; decisionId: number } | { ok: false; error: 'not_found' | 'same_operator' | 'already_handled' }

/**
 * Decides an appeal: only an operator other than the one who took the contested decision (the server refuses
 * the decider). Upheld or reversed, the member gets a new statement; reversing restores what was removed.
 */
export async function handleAppeal(op: DecidingOperator, decisionId: number, outcome: AppealOutcome, note: string | null): Promise<HandleAppealResult> {
  const result = await db().transaction(async (tx): Promise<HandleAppealResult & { photoProfile?: number }> => {
    const [d] = await tx.select().from(moderationDecisions).where(eq(moderationDecisions.id, decisionId)).for('update')
    if (!d || !d.appealedAt) return { ok: false, error: 'not_found' }
    if (d.appealHandledAt) return { ok: false, error: 'already_handled' }
    if (!mayHandleAppeal(d.decidedBy, op.id)) return { ok: false, error: 'same_operator' }
    if (outcome === 'reversed') await undoDecision(tx, d)
    const id = await insertDecision(tx, op, {
      userId: d.userId,
      profileId: d.profileId,
      source: 'appeal',
      reportId: d.reportId,
      complaintId: d.complaintId,
      imageId: d.imageId,
      messageId: d.messageId,
      contentType: d.contentType,
      action: outcome === 'reversed' ? 'appeal_reversed' : 'appeal_upheld',
      reason: d.reason as ModerationReason,
      note,
      appealOf: d.id,
    })
    await tx
      .update(moderationDecisions)
      .set({ appealHandledAt: sql`now()` })
      .where(eq(moderationDecisions.id, d.id))
    await recordAudit(
      {
        operator: op,
        action: `appeal.${outcome === 'reversed' ? 'reverse' : 'uphold'}`,
        target: { type: 'decision', id: d.id },
        reason: note,
        details: { newDecisionId: id, userId: d.userId },
      },
      tx,
    )
    return { ok: true, decisionId: id, photoProfile: d.contentType === 'photo' ? d.profileId : undefined }
  })
  if (result.ok) {
    if (result.photoProfile) await settleMainPhoto(result.photoProfile)
    wakeJobRunner()
    return { ok: true, decisionId: result.decisionId }
  }
  return result
}

/** Appeals waiting for an operator, oldest first. */
export async function listOpenAppeals() {
  return db()
    .select({
      id: moderationDecisions.id,
      profileId: moderationDecisions.profileId,
      name: profiles.name,
      action: moderationDecisions.action,
      contentType: moderationDecisions.contentType,
      reason: moderationDecisions.reason,
      decidedBy: moderationDecisions.decidedBy,
      decidedByName: moderationDecisions.decidedByName,
      appealedAt: moderationDecisions.appealedAt,
    })
    .from(moderationDecisions)
    .innerJoin(profiles, eq(profiles.id, moderationDecisions.profileId))
    .where(and(sql`${moderationDecisions.appealedAt} is not null`, isNull(moderationDecisions.appealHandledAt)))
    .orderBy(moderationDecisions.appealedAt)
    .limit(100)
}

/** Every decision about a profile, newest first (the member's history in the console). */
export async function decisionsAbout(profileId: number) {
  return db()
    .select({
      id: moderationDecisions.id,
      action: moderationDecisions.action,
      contentType: moderationDecisions.contentType,
      reason: moderationDecisions.reason,
      decidedByName: moderationDecisions.decidedByName,
      createdAt: moderationDecisions.createdAt,
      appealedAt: moderationDecisions.appealedAt,
      appealOf: moderationDecisions.appealOf,
    })
    .from(moderationDecisions)
    .where(eq(moderationDecisions.profileId, profileId))
    .orderBy(desc(moderationDecisions.id))
    .limit(50)
}
