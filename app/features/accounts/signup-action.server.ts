import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type AppLoadContext } from 'react-router'
import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { requestLocale } from '#app/features/settings/request-locale.server'
import { getSettings } from '#app/features/settings/settings.server'
import { signupSchema } from './accounts.schema'
import { accountLimiters } from './rate-limits.server'
import { startSession } from './session-cookie.server'
import { signupAllowed, trackingOf } from './signup-options.server'
import { signup } from './signup.server'
import { readFormData } from '#app/lib/form-data.server'

/** The signup form's POST, shared by /signup and /signup-matches: validate, create, log in, go to the next steps. */
export async function handleSignup(request: Request, context: AppLoadContext) {
  const s = await getSettings()
  const tracking = trackingOf(request)
  if (!signupAllowed(s.signups, tracking)) return data({ result: null, closed: true }, { status: 403 })
  const formData = await readFormData(request)
  const submission = parseWithZod(formData, { schema: signupSchema({ minAge: s.minimum_age, countries: s.countries }) })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }), closed: false }, { status: 400 })
  const wait = await consume((await accountLimiters()).signupIp, context.clientIp)
  if (wait > 0) return data({ result: submission.reply({ formErrors: ['signup.tooManyRequests'], hideFields: ['password'] }), closed: false }, { status: 429 })
  const { locale } = await requestLocale(request, context)
  const result = await signup({ ...submission.value, language: locale, tracking })
  if (!result.ok) {
    const id = result.error === 'pending_deletion' ? 'validation.emailPendingDeletion' : 'validation.emailTaken'
    return data({ result: submission.reply({ fieldErrors: { email: [id] }, hideFields: ['password'] }), closed: false }, { status: 409 })
  }
  const cookie = await startSession(result.userId, context.sessionToken, request.headers.get('user-agent'))
  const mobile = formData.get('mobile') === '1'
  throw redirect(`/complete-signup${mobile ? '?api_signup_complete=1' : ''}`, { headers: { 'Set-Cookie': cookie } })
}
