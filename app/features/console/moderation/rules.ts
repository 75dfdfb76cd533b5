/**
 * The moderation vocabulary and its pure rules (issue 13, DSA article 17). Shared by the console, the member's
 * /notifications page and the e-mails: a statement of reasons is a list of message ids with values, so it renders
 * in whichever language its reader has.
 */

/** Why a photo is refused. */
export const photoReasons = ['nudity', 'not_a_person', 'copyright', 'minor', 'violence', 'offensive', 'other'] as const
/** Why a report or complaint leads to a measure. */
export const caseReasons = ['fake_profile', 'harassment', 'spam_scam', 'offensive', 'nudity', 'minor', 'illegal', 'other'] as const
export const moderationReasons = [...new Set([...photoReasons, ...caseReasons])] as readonly ModerationReason[]
export type PhotoReason = (typeof photoReasons)[number]
export type ModerationReason = PhotoReason | (typeof caseReasons)[number]

/** Measures an operator takes on a report or complaint; `dismiss` affects nobody and makes no statement. */
export const caseActions = ['dismiss', 'remove', 'warn', 'suspend', 'ban'] as const
export type CaseAction = (typeof caseActions)[number]

/** What a decision row records as its action. */
export type DecisionAction = 'photo_approved' | 'photo_rejected' | 'content_removed' | 'warning' | 'suspension' | 'ban' | 'appeal_upheld' | 'appeal_reversed'
export type ContentType = 'photo' | 'message' | 'profile' | 'account'

/** Suspension lengths offered in the console, in days. */
export const suspensionDays = [1, 3, 7, 30, 90] as const

/** Complaint outcomes the complainant is told in the reply e-mail. */
export const complaintOutcomes = ['action_taken', 'no_violation', 'insufficient_information'] as const
export type ComplaintOutcome = (typeof complaintOutcomes)[number]

export const APPEAL_MIN = 10
export const APPEAL_MAX = 2000

export interface StatementDecision {
  id: number
  action: DecisionAction
  contentType: ContentType
  reason: ModerationReason
  note: string | null
  suspendedUntil: Date | string | null
  createdAt: Date | string
  automated: boolean
  appealOf: number | null
  appealedAt: Date | string | null
}

/**
 * One line of a statement: a label, a message id and its values (dates as ISO strings, formatted by the renderer).
 * The ground (`moderation.ground.<reason>`) names the clause of the terms, or the law for illegal content and minors.
 */
export interface StatementLine {
  labelId: string
  id: string
  values?: Record<string, string | number>
}

/** Approvals tell the outcome; everything else restricts the member and needs a statement of reasons. */
export function isStatement(action: DecisionAction): boolean {
  return action !== 'photo_approved'
}

/** A member may contest a statement once; an appeal's outcome is final in the product (the other routes remain). */
export function canAppeal(d: Pick<StatementDecision, 'action' | 'appealOf' | 'appealedAt'>): boolean {
  return isStatement(d.action) && d.appealOf === null && !d.appealedAt
}

/** The decider may not judge the appeal against their own decision: it goes to a different operator. */
export function mayHandleAppeal(decidedBy: number, operatorId: number): boolean {
  return decidedBy !== operatorId
}

const iso = (d: Date | string | null) => (d === null ? '' : new Date(d).toISOString())

/**
 * The statement of reasons of DSA article 17(3): the facts, the ground, the measure and its length, that a
 * person decided, and how to contest it. Each line a message id under `moderation.statement.*`.
 */
export function statementLines(d: StatementDecision): StatementLine[] {
  const lines: StatementLine[] = [
    { labelId: 'moderation.statement.facts', id: `moderation.facts.${d.contentType}`, values: { date: iso(d.createdAt) } },
    { labelId: 'moderation.statement.reason', id: `moderation.reason.${d.reason}` },
    { labelId: 'moderation.statement.ground', id: `moderation.ground.${d.reason}` },
    {
      labelId: 'moderation.statement.action',
      id: `moderation.action.${d.action}${d.action === 'content_removed' ? `.${d.contentType}` : ''}`,
      values: { until: iso(d.suspendedUntil) },
    },
    { labelId: 'moderation.statement.by', id: d.automated ? 'moderation.by.automated' : 'moderation.by.person' },
    { labelId: 'moderation.statement.redress', id: d.appealOf === null ? 'moderation.redress.appeal' : 'moderation.redress.final' },
  ]
  return lines
}

/** Where a suspension ends: `days` whole days from `now`. */
export function suspensionEnd(days: number, now = new Date()): Date {
  return new Date(now.getTime() + days * 24 * 3600_000)
}

/** Whether a restriction still holds at `now` (a ban has no end). */
export function isRestricted(r: { kind: 'suspended' | 'banned'; until: Date | null } | null | undefined, now = new Date()): boolean {
  if (!r) return false
  return r.kind === 'banned' || (r.until !== null && r.until.getTime() > now.getTime())
}
