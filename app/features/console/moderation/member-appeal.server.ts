import type { RefusalOf } from '#app/lib/refusals'
import { appealDecision } from './decisions.server'
import { appealSchema } from './moderation.schema'

export type AppealOutcome = { ok: true; decisionId: number } | { ok: false; reason: RefusalOf<'appeal'>; decisionId: number; error: string; text: string }

/**
 * The Appeal form of /notifications (app/features/console/moderation/components/account-decisions.tsx): validated,
 * stored once; a refusal carries its reason, the message the form shows and the text (kept when it is refused).
 * The route answers it (app/routes/-helpers/appeal-reply.server.ts).
 */
export async function submitAppeal(userId: number, input: { decisionId: unknown; text: unknown }): Promise<AppealOutcome> {
  const decisionId = Number(input.decisionId) || 0
  const text = String(input.text ?? '').slice(0, 5000)
  const parsed = appealSchema.safeParse({ decisionId, text })
  if (!parsed.success) return { ok: false, reason: 'invalid', decisionId, error: parsed.error.issues[0]?.message ?? 'moderation.appeal.tooShort', text }
  const r = await appealDecision(userId, parsed.data.decisionId, parsed.data.text)
  if (r === 'not_found' || r === 'not_appealable') return { ok: false, reason: r, decisionId, error: 'moderation.appeal.refused', text }
  return { ok: true, decisionId }
}
