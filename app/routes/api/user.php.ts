import { z } from 'zod'
import { loginCodeSchema, loginSchema } from '#app/features/accounts/accounts.schema'
import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { attemptLogin } from '#app/features/authentication/login.server'
import { loginRefusalMessages, statusFor } from '#app/lib/refusals'
import { startSession } from '#app/features/authentication/session-cookie.server'
import { sessionIdOf } from '#app/features/authentication/sessions.server'
import { userJson } from '#app/features/authentication/user-json.server'
import { getViewer, submitAccountLanguage } from '#app/features/authentication/viewer.server'
import { submitPushSubscription } from '#app/features/notifications/push-subscriptions.server'
import { getSettings } from '#app/features/settings/settings.server'
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '#app/i18n/locales'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { serverIntl } from '#app/i18n/translate.server'
import { setCookieHeader } from '#app/lib/http.server'
import { isTooOften } from '#app/features/settings/write-limits.server'
import type { Route } from './+types/user.php'
import { tooOftenJson } from '../write-limit.server'
import { readFormData } from '#app/lib/form-data.server'

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('application/json')) return ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>
  return Object.fromEntries(await readFormData(request))
}

const languageSchema = z.object({ language: z.string().refine(isLocale) })

/** GET /api/user.php: the current user in property user (null for visitors). */
export async function loader({ context }: Route.LoaderArgs) {
  const s = await getSettings()
  return Response.json({ user: context.viewer ? userJson(context.viewer, s.cdn_prefix) : null })
}

/** POST logs in; PUT {language} saves the language (spec section 7). */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await requestLocale(request, context)
  const t = serverIntl(locale)
  if (request.method === 'PUT') {
    const parsed = languageSchema.safeParse(await readBody(request))
    if (!parsed.success) return Response.json({ error: 'invalid_language' }, { status: 400 })
    // A visitor's choice is only a cookie; a member's is stored on the account.
    const stored = context.viewer ? await submitAccountLanguage(context.viewer.userId, parsed.data.language) : undefined
    if (isTooOften(stored)) return tooOftenJson(request, context, stored.retryAfter)
    return Response.json(
      { ok: true, language: parsed.data.language },
      { headers: { 'Set-Cookie': setCookieHeader(LOCALE_COOKIE, parsed.data.language, LOCALE_COOKIE_MAX_AGE, false) } },
    )
  }
  if (request.method !== 'POST') return Response.json({ error: 'method_not_allowed' }, { status: 405 })
  if (new URL(request.url).searchParams.has('push')) {
    const viewer = requireApiViewer(context)
    const r = await submitPushSubscription(viewer.userId, sessionIdOf(context.sessionToken), () => readBody(request))
    if (isTooOften(r)) return tooOftenJson(request, context, r.retryAfter)
    if (!r.ok && r.error === 'invalid') return Response.json({ error: 'invalid_subscription' }, { status: 400 })
    if (!r.ok) return Response.json({ error: 'authentication_required' }, { status: 403 })
    return Response.json({ ok: true })
  }
  // The first call carries e-mail and password; with a second factor, a second call the challenge and the code.
  const body = await readBody(request)
  const parsed = 'challenge' in body ? loginCodeSchema.safeParse(body) : loginSchema.extend({ code: z.string().max(20).optional() }).safeParse(body)
  if (!parsed.success) return Response.json({ error: 'invalid_request', message: t.formatMessage({ id: 'login.failed' }) }, { status: 400 })
  const r = await attemptLogin({ ...parsed.data, clientIp: context.clientIp })
  if (!r.ok && r.error === 'second_factor_required')
    return Response.json({ error: r.error, challenge: r.challenge, message: t.formatMessage({ id: 'login.codeRequired' }) }, { status: 401 })
  if (!r.ok) {
    const messageId = loginRefusalMessages[r.error]
    const status = statusFor('login', r.error)
    const minutes = r.error === 'blocked' ? r.minutes : undefined
    const headers: HeadersInit = r.error === 'rate_limited' ? { 'Retry-After': String(r.retryAfterS) } : {}
    // 'login_failed' is the answer's name for a wrong e-mail or password (kept from before).
    const error = r.error === 'failed' ? 'login_failed' : r.error
    const date = r.error === 'suspended' ? t.formatDate(r.until, { dateStyle: 'long', timeStyle: 'short' }) : ''
    return Response.json(
      {
        error,
        ...(minutes ? { minutes } : {}),
        ...(r.error === 'suspended' ? { until: r.until } : {}),
        message: t.formatMessage({ id: messageId }, { minutes, date }),
      },
      { status, headers },
    )
  }
  const user = r
  const cookie = await startSession(user.userId, context.sessionToken, { userAgent: request.headers.get('user-agent'), ip: context.clientIp })
  const viewer = await getViewer(user.userId)
  const s = await getSettings()
  return Response.json({ user: viewer ? userJson(viewer, s.cdn_prefix) : null }, { headers: { 'Set-Cookie': cookie } })
}
