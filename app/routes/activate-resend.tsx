import { data, redirect } from 'react-router'
import { resendActivation } from '#app/features/accounts/activation.server'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { safeRedirect } from '#app/features/accounts/accounts.schema'
import type { Route } from './+types/activate-resend'
import { readFormData } from '#app/lib/form-data.server'

export function loader() {
  throw redirect('/members')
}

/** POST: sends the activation e-mail again (limited per day); answers with a notice for the page that asked. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const r = await resendActivation(viewer.userId)
  const notice = r === 'sent' ? 'activate.resent' : r === 'too_many' ? 'activate.tooMany' : 'activate.doneTitle'
  const form = await readFormData(request)
  const back = form.get('redirectTo')
  if (back) throw redirect(`${safeRedirect(back)}${String(back).includes('?') ? '&' : '?'}notice=${notice}`)
  return data({ notice }, { status: r === 'too_many' ? 429 : 200 })
}
