import { z } from 'zod'
import { APPEAL_MAX, APPEAL_MIN, caseActions, complaintOutcomes, moderationReasons, photoReasons, suspensionDays } from './rules'

const optionalNote = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(1000, 'admin.moderation.noteTooLong').optional(),
)

/** A photo decision from the queue. */
export const photoDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), imageId: z.coerce.number().int().positive() }),
  z.object({
    decision: z.literal('reject'),
    imageId: z.coerce.number().int().positive(),
    reason: z.enum(photoReasons, { error: 'admin.moderation.reasonRequired' }),
    note: optionalNote,
  }),
])

/** A decision on a report or a complaint. */
export const caseDecisionSchema = z.object({
  action: z.enum(caseActions, { error: 'admin.moderation.actionRequired' }),
  reason: z.enum(moderationReasons as unknown as [string, ...string[]], { error: 'admin.moderation.reasonRequired' }),
  note: optionalNote,
  days: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce
      .number()
      .int()
      .refine((n) => (suspensionDays as readonly number[]).includes(n))
      .optional(),
  ),
  outcome: z.enum(complaintOutcomes).optional(),
  profileId: z.preprocess((v) => (v === '' || v === undefined ? undefined : v), z.coerce.number().int().positive().optional()),
})

/** An appeal outcome. */
export const appealOutcomeSchema = z.object({ outcome: z.enum(['upheld', 'reversed']), note: optionalNote })

/** The member's appeal: once, with their words. */
export const appealSchema = z.object({
  decisionId: z.coerce.number().int().positive(),
  text: z.string({ error: 'moderation.appeal.tooShort' }).trim().min(APPEAL_MIN, 'moderation.appeal.tooShort').max(APPEAL_MAX, 'moderation.appeal.tooLong'),
})
