import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { db } from '#db/client.server'
import { recordEvent } from '#db/events.server'
import { complaints, messages, moderationDecisions, profileImages, profiles, reports } from '#db/schema/index'
import { recordAudit } from '#app/features/console/operators/audit.server'
import { settleMainPhoto } from '#app/features/photos/photos.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { decisionsAbout, insertDecision, listOpenAppeals, removeContent, restrictAccount, type DecidingOperator } from './decisions.server'
import { suspensionEnd, type CaseAction, type ComplaintOutcome, type ContentType, type DecisionAction, type ModerationReason } from './rules'

const reporter = alias(profiles, 'reporter')

/** The queue: open reports and complaints, and appeals, oldest first. */
export async function listQueue() {
  const [openReports, openComplaints, appeals] = await Promise.all([
    db()
      .select({
        id: reports.id,
        targetId: reports.targetId,
        targetName: profiles.name,
        imageId: reports.imageId,
        messageId: reports.messageId,
        reason: reports.reason,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .innerJoin(profiles, eq(profiles.id, reports.targetId))
      .where(eq(reports.status, 'open'))
      .orderBy(asc(reports.createdAt))
      .limit(100),
    db()
      .select({ id: complaints.id, reference: complaints.reference, category: complaints.category, createdAt: complaints.createdAt })
      .from(complaints)
      .where(eq(complaints.status, 'open'))
      .orderBy(asc(complaints.createdAt))
      .limit(100),
    listOpenAppeals(),
  ])
  return { reports: openReports, complaints: openComplaints, appeals }
}

const contentOf = (r: { imageId: number | null; messageId: number | null }): ContentType => (r.imageId ? 'photo' : r.messageId ? 'message' : 'profile')

/** A profile as the operator sees it in a case: texts, status, photos, and the member's history. */
async function memberContext(profileId: number) {
  const [p] = await db()
    .select({
      id: profiles.id,
      userId: profiles.userId,
      name: profiles.name,
      aboutMe: profiles.aboutMe,
      signupReason: profiles.signupReason,
      status: profiles.status,
      isFictional: profiles.isFictional,
      mainImageId: profiles.mainImageId,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
  if (!p) return null
  const [photos, history, earlierReports] = await Promise.all([
    db()
      .select({ id: profileImages.id, status: profileImages.status })
      .from(profileImages)
      .where(eq(profileImages.profileId, profileId))
      .orderBy(asc(profileImages.id)),
    decisionsAbout(profileId),
    db()
      .select({ id: reports.id, reason: reports.reason, status: reports.status, createdAt: reports.createdAt })
      .from(reports)
      .where(eq(reports.targetId, profileId))
      .orderBy(desc(reports.id))
      .limit(50),
  ])
  return { profile: p, photos, history, reports: earlierReports }
}

/** One report with what was reported (the message text only for a message report) and the member's history. */
export async function reportCase(reportId: number) {
  const [r] = await db()
    .select({
      id: reports.id,
      targetId: reports.targetId,
      imageId: reports.imageId,
      messageId: reports.messageId,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporterName: reporter.name,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .where(eq(reports.id, reportId))
  if (!r) return null
  const [member, message] = await Promise.all([
    memberContext(r.targetId),
    r.messageId
      ? db().select({ body: messages.body, kind: messages.kind, createdAt: messages.createdAt }).from(messages).where(eq(messages.id, r.messageId))
      : Promise.resolve([]),
  ])
  return { report: { ...r, contentType: contentOf(r) }, member, message: message[0] ?? null }
}

export interface CaseDecision {
  action: CaseAction
  reason: ModerationReason
  note?: string | null
  days?: number | null
}

export type CaseResult = { ok: true; decisionId: number | null } | { ok: false; error: 'not_found' | 'closed' | 'not_member' }

const actionOf: Record<Exclude<CaseAction, 'dismiss'>, DecisionAction> = { remove: 'content_removed', warn: 'warning', suspend: 'suspension', ban: 'ban' }

/** Applies a measure to a member in the caller's transaction: the content removed or the account restricted, with its statement. */
async function applyMeasure(
  tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0],
  op: DecidingOperator,
  t: { userId: number; profileId: number; contentType: ContentType; imageId: number | null; messageId: number | null; reportId?: number; complaintId?: number },
  d: CaseDecision & { action: Exclude<CaseAction, 'dismiss'> },
): Promise<number> {
  const restore = d.action === 'remove' ? await removeContent(tx, t) : null
  const until = d.action === 'suspend' ? suspensionEnd(d.days ?? 7) : null
  const decisionId = await insertDecision(tx, op, {
    userId: t.userId,
    profileId: t.profileId,
    source: t.complaintId ? 'complaint' : 'report',
    reportId: t.reportId,
    complaintId: t.complaintId,
    imageId: t.imageId,
    messageId: t.messageId,
    contentType: t.contentType,
    action: actionOf[d.action],
    reason: d.reason,
    note: d.note,
    suspendedUntil: until,
    restore,
  })
  if (d.action === 'suspend' || d.action === 'ban') await restrictAccount(tx, { userId: t.userId, profileId: t.profileId, decisionId, until })
  return decisionId
}

/** Decides an open report: dismissed (nobody affected), or a measure with its statement of reasons. */
export async function decideReport(op: DecidingOperator, reportId: number, d: CaseDecision): Promise<CaseResult> {
  const r = await db().transaction(async (tx): Promise<CaseResult & { photoProfile?: number }> => {
    const [rep] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update')
    if (!rep) return { ok: false, error: 'not_found' }
    if (rep.status !== 'open') return { ok: false, error: 'closed' }
    let decisionId: number | null = null
    const contentType = contentOf(rep)
    if (d.action !== 'dismiss') {
      const [p] = await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, rep.targetId))
      if (!p?.userId) return { ok: false, error: 'not_member' }
      decisionId = await applyMeasure(
        tx,
        op,
        { userId: p.userId, profileId: rep.targetId, contentType, imageId: rep.imageId, messageId: rep.messageId, reportId },
        { ...d, action: d.action },
      )
    }
    await tx
      .update(reports)
      .set({ status: 'closed', handledAt: sql`now()`, handledBy: op.id })
      .where(eq(reports.id, reportId))
    await recordAudit(
      {
        operator: op,
        action: `report.${d.action}`,
        target: { type: 'profile', id: rep.targetId },
        reason: d.action === 'dismiss' ? (d.note ?? null) : d.reason,
        details: { reportId, decisionId, days: d.action === 'suspend' ? (d.days ?? 7) : undefined },
      },
      tx,
    )
    return { ok: true, decisionId, photoProfile: contentType === 'photo' && d.action === 'remove' ? rep.targetId : undefined }
  })
  if (!r.ok) return r
  if (r.photoProfile) await settleMainPhoto(r.photoProfile)
  wakeJobRunner()
  return { ok: true, decisionId: r.decisionId }
}

/** One complaint from /complaints, and the member it names when its subject links a profile (/members/{id}). */
export async function complaintCase(complaintId: number) {
  const [c] = await db()
    .select({
      id: complaints.id,
      reference: complaints.reference,
      category: complaints.category,
      subject: complaints.subject,
      description: complaints.description,
      status: complaints.status,
      outcome: complaints.outcome,
      createdAt: complaints.createdAt,
      locale: complaints.locale,
    })
    .from(complaints)
    .where(eq(complaints.id, complaintId))
  if (!c) return null
  const linked = /\/members\/(\d{1,9})\b/.exec(c.subject ?? '') ?? /\/members\/(\d{1,9})\b/.exec(c.description)
  const member = linked ? await memberContext(Number(linked[1])) : null
  return { complaint: c, member }
}

export interface ComplaintDecision extends CaseDecision {
  outcome: ComplaintOutcome
  profileId?: number | null
}

/**
 * Closes a complaint with its outcome (the complainant is mailed it in their language) and, when it names a
 * member and the operator takes a measure, applies it with a statement of reasons.
 */
export async function closeComplaint(op: DecidingOperator, complaintId: number, d: ComplaintDecision): Promise<CaseResult> {
  const r = await db().transaction(async (tx): Promise<CaseResult> => {
    const [c] = await tx.select({ id: complaints.id, status: complaints.status }).from(complaints).where(eq(complaints.id, complaintId)).for('update')
    if (!c) return { ok: false, error: 'not_found' }
    if (c.status !== 'open') return { ok: false, error: 'closed' }
    let decisionId: number | null = null
    if (d.action !== 'dismiss') {
      if (!d.profileId) return { ok: false, error: 'not_member' }
      const [p] = await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, d.profileId))
      if (!p?.userId) return { ok: false, error: 'not_member' }
      const contentType: ContentType = d.action === 'remove' ? 'profile' : 'account'
      decisionId = await applyMeasure(
        tx,
        op,
        { userId: p.userId, profileId: d.profileId, contentType, imageId: null, messageId: null, complaintId },
        { ...d, action: d.action },
      )
    }
    await tx
      .update(complaints)
      .set({ status: 'closed', outcome: d.outcome, handledAt: sql`now()`, handledBy: op.id })
      .where(eq(complaints.id, complaintId))
    await recordEvent(tx, { type: 'complaint.closed', payload: { complaintId } })
    await recordAudit(
      {
        operator: op,
        action: 'complaint.close',
        target: { type: 'complaint', id: complaintId },
        reason: d.note ?? null,
        details: { outcome: d.outcome, measure: d.action, profileId: d.profileId ?? null, decisionId },
      },
      tx,
    )
    return { ok: true, decisionId }
  })
  if (r.ok) wakeJobRunner()
  return r
}

/** An appeal as the console shows it: the contested decision, the member's words, the content and history. */
export async function appealCase(decisionId: number) {
  const [d] = await db()
    .select()
    .from(moderationDecisions)
    .where(and(eq(moderationDecisions.id, decisionId), sql`${moderationDecisions.appealedAt} is not null`))
  if (!d) return null
  const [member, message] = await Promise.all([
    memberContext(d.profileId),
    d.messageId ? db().select({ body: messages.body }).from(messages).where(eq(messages.id, d.messageId)) : Promise.resolve([]),
  ])
  const removedText = d.contentType === 'message' ? String(d.restore?.body ?? message[0]?.body ?? '') : null
  return {
    decision: {
      id: d.id,
      action: d.action as DecisionAction,
      contentType: d.contentType,
      reason: d.reason as ModerationReason,
      note: d.note,
      imageId: d.imageId,
      suspendedUntil: d.suspendedUntil,
      decidedBy: d.decidedBy,
      decidedByName: d.decidedByName,
      createdAt: d.createdAt,
      appealText: d.appealText,
      appealedAt: d.appealedAt,
      appealHandledAt: d.appealHandledAt,
    },
    member,
    messageText: removedText,
  }
}
