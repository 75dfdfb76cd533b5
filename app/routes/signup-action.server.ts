import { randomUUID } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type AppLoadContext } from 'react-router'
import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { signupSchema } from '#app/features/accounts/accounts.schema'
import { signupAllowed, trackingFromCookies } from '#app/features/accounts/signup-options.server'
import { signup } from '#app/features/accounts/signup.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import { accountLimiters } from '#app/features/authentication/ip-limits.server'
import { startSession } from '#app/features/authentication/session-cookie.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { getSettings } from '#app/features/settings/settings.server'
import { dateFromParts, readFormData } from '#app/lib/form-data.server'

/**
 * The signup form's POST, the action of /signup, /signup-matches and a member's signup page: read the form, validate,
 * create, log in, go to the next steps. The features it calls take plain values.
 *
 * `messageTo`: the member whose signup page it is (/members/{id}/signup). The first message written there is sent
 * as soon as the account exists, through the chat's own send: charged like any message, and held until the e-mail
 * address is confirmed (spec section 4), so the member receives it after activation.
 */
export async function signupAction(request: Request, context: AppLoadContext, opts: { messageTo?: number } = {}) {
  // Someone logged in has an account: a form posted from an old tab must not create a second one.
  if (context.viewer) throw redirect('/members')
  const s = await getSettings()
  const tracking = trackingFromCookies(request.headers.get('cookie'))
  if (!signupAllowed(s.signups, tracking)) return data({ result: null, closed: true }, { status: 403 })
  const formData = dateFromParts(await readFormData(request), 'date_of_birth')
  const submission = parseWithZod(formData, { schema: signupSchema({ minAge: s.minimum_age, countries: s.countries }) })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }), closed: false }, { status: 400 })
  const wait = await consume((await accountLimiters()).signupIp, context.clientIp)
  if (wait > 0) return data({ result: submission.reply({ formErrors: ['signup.tooManyRequests'], hideFields: ['password'] }), closed: false }, { status: 429 })
  const { locale } = await requestLocale(request, context)
  const result = await signup({ ...submission.value, language: locale, tracking })
  if (!result.ok && result.error === 'common_password')
    return data(
      { result: submission.reply({ fieldErrors: { password: ['validation.passwordTooCommon'] }, hideFields: ['password'] }), closed: false },
      { status: 400 },
    )
  if (!result.ok) {
    const id = result.error === 'pending_deletion' ? 'validation.emailPendingDeletion' : 'validation.emailTaken'
    return data({ result: submission.reply({ fieldErrors: { email: [id] }, hideFields: ['password'] }), closed: false }, { status: 409 })
  }
  const cookie = await startSession(result.userId, context.sessionToken, { userAgent: request.headers.get('user-agent'), ip: context.clientIp })
  const body = submission.value.signup_message
  const sent = opts.messageTo && body ? await sendMessage({ senderId: result.profileId, toProfileId: opts.messageTo, clientId: randomUUID(), body }) : null
  const query = new URLSearchParams()
  if (formData.get('mobile') === '1') query.set('api_signup_complete', '1')
  // The account stands either way; the next page says that the message did not go.
  if (sent && !sent.ok) query.set('first_message', 'unsent')
  throw redirect(`/complete-signup${query.size ? `?${query}` : ''}`, { headers: { 'Set-Cookie': cookie } })
}
