import { data } from 'react-router'
import { submitAppeal } from '#app/features/console/moderation/member-appeal.server'
import { statusFor } from '#app/lib/refusals'

/** The Appeal form's post (/notifications and /appeal): the feature's outcome as the form's answer and status. */
export async function appealAction(userId: number, form: FormData) {
  const r = await submitAppeal(userId, { decisionId: form.get('decisionId'), text: form.get('text') })
  if (r.ok) return { appeal: { decisionId: r.decisionId, sent: true } }
  return data({ appeal: { decisionId: r.decisionId, error: r.error, text: r.text } }, { status: statusFor('appeal', r.reason) })
}
