import { data } from 'react-router'
import { appealDecision } from './decisions.server'
import { appealSchema } from './moderation.schema'

/**
 * The Appeal form of /notifications (app/features/console/moderation/components/account-decisions.tsx): validated,
 * stored once, answered with what the form shows (the text is kept when it is refused).
 */
export async function submitAppeal(userId: number, form: FormData) {
  const decisionId = Number(form.get('decisionId')) || 0
  const text = String(form.get('text') ?? '').slice(0, 5000)
  const parsed = appealSchema.safeParse({ decisionId, text })
  if (!parsed.success) return data({ appeal: { decisionId, error: parsed.error.issues[0]?.message ?? 'moderation.appeal.tooShort', text } }, { status: 400 })
  const r = await appealDecision(userId, parsed.data.decisionId, parsed.data.text)
  if (r === 'not_found') return data({ appeal: { decisionId, error: 'moderation.appeal.refused', text } }, { status: 404 })
  if (r === 'not_appealable') return data({ appeal: { decisionId, error: 'moderation.appeal.refused', text } }, { status: 409 })
  return { appeal: { decisionId, sent: true } }
}
