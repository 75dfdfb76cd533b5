import { and, eq } from 'drizzle-orm'
import { db } from '#db/client.server'
import { conversations, messages, profileImages, profiles, reports } from '#db/schema/index'
import { withWrite } from '#app/features/settings/write-limits.server'
import { messageReportSchema, reportSchema } from './safety.schema'

/** Stores a report for moderation. The image, when given, must belong to the reported profile. */
export async function reportProfile(input: { reporterId: number; targetId: number; reason: string; details?: string; imageId?: number }): Promise<boolean> {
  if (input.reporterId === input.targetId) return false
  const [target] = await db().select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.targetId))
  if (!target) return false
  if (input.imageId) {
    const [img] = await db()
      .select({ id: profileImages.id })
      .from(profileImages)
      .where(and(eq(profileImages.id, input.imageId), eq(profileImages.profileId, input.targetId)))
    if (!img) return false
  }
  await db()
    .insert(reports)
    .values({ reporterId: input.reporterId, targetId: input.targetId, imageId: input.imageId ?? null, reason: input.reason, details: input.details ?? null })
  return true
}

/**
 * Stores a report of one chat message. Only its recipient may report it (the partner of its sender in that
 * conversation, once it was delivered); a second report of the same message by the same member changes nothing.
 */
export async function reportMessage(input: { reporterId: number; messageId: number; reason: string }): Promise<boolean> {
  const [m] = await db()
    .select({ senderId: messages.senderId, delivered: messages.delivered, low: conversations.profileLowId, high: conversations.profileHighId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, input.messageId))
  if (!m || !m.delivered || m.senderId === input.reporterId) return false
  if (m.low !== input.reporterId && m.high !== input.reporterId) return false
  const [dup] = await db()
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, input.reporterId), eq(reports.messageId, input.messageId)))
  if (!dup) await db().insert(reports).values({ reporterId: input.reporterId, targetId: m.senderId, messageId: input.messageId, reason: input.reason })
  return true
}

export type ProfileReportOutcome = { ok: true } | { ok: false; error: 'invalid'; message: string } | { ok: false; error: 'not_found' }

/**
 * A report of a profile as the form sends it (its fields as plain values): takes a report write token first (too
 * often: nothing is checked or stored), then validates and stores it.
 */
export function submitProfileReport(reporterId: number, targetId: number, fields: Record<string, unknown>) {
  return withWrite('report', reporterId, async (): Promise<ProfileReportOutcome> => {
    const parsed = reportSchema.safeParse(fields)
    if (!parsed.success) return { ok: false, error: 'invalid', message: parsed.error.issues[0]?.message ?? 'report.reasonRequired' }
    return (await reportProfile({ reporterId, targetId, ...parsed.data })) ? { ok: true } : { ok: false, error: 'not_found' }
  })
}

export type MessageReportOutcome = { ok: true; messageId: number } | { ok: false; error: 'invalid' | 'not_found' }

/**
 * A report of a received message as the chat's form sends it (plain values): takes a report write token first (too
 * often: nothing is checked or stored), then validates and stores it.
 */
export function submitMessageReport(reporterId: number, fields: { messageId: unknown; reason?: unknown }) {
  return withWrite('report', reporterId, async (): Promise<MessageReportOutcome> => {
    const parsed = messageReportSchema.safeParse(fields)
    if (!parsed.success) return { ok: false, error: 'invalid' }
    return (await reportMessage({ reporterId, ...parsed.data })) ? { ok: true, messageId: parsed.data.messageId } : { ok: false, error: 'not_found' }
  })
}
