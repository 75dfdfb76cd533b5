import { data, type AppLoadContext } from 'react-router'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { tooOften } from '#app/features/safety/too-often'
import { serverIntl } from '#app/i18n/translate.server'
import { retryAfterHeader } from '#app/lib/http.server'
import { statusFor } from '#app/lib/refusals'

/**
 * A page action's answer to a write refused for its rate (app/features/settings/write-limits.server.ts): 429 with
 * Retry-After, and `tooOften` (the text's id and values) for the page to show where the member acted.
 */
export function tooOftenReply<T extends object>(seconds: number, body?: T) {
  return data({ ...(body as T), tooOften: tooOften(seconds) }, { status: statusFor('write', 'too_often'), headers: retryAfterHeader(seconds) })
}

/**
 * The same for a JSON endpoint: `error: 'too_many_requests'`, the wait in `retry_after` and the text in the
 * member's language in `message`, as the endpoints' other refusals carry theirs.
 */
export async function tooOftenJson(request: Request, context: AppLoadContext, seconds: number, extra?: Record<string, unknown>): Promise<Response> {
  const t = serverIntl((await requestLocale(request, context)).locale)
  const m = tooOften(seconds)
  return Response.json(
    { ...extra, error: 'too_many_requests', retry_after: m.retryAfter, message: t.formatMessage({ id: m.id }, m.values) },
    { status: statusFor('write', 'too_often'), headers: retryAfterHeader(seconds) },
  )
}
