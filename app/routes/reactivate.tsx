import { FormattedMessage } from 'react-intl'
import { data, Link, redirect } from 'react-router'
import { z } from 'zod'
import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { reactivateAccount, resendReactivation } from '#app/features/accounts/deletion.server'
import { accountLimiters } from '#app/features/authentication/ip-limits.server'
import { startSession } from '#app/features/authentication/session-cookie.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/reactivate'
import { readFormData } from '#app/lib/form-data.server'

/** GET ?token=: the reactivation link of the deletion e-mail, valid for 14 days; logs the member back in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  if (!token) return { failed: false, sent: false }
  const r = await reactivateAccount(token)
  if (!r.ok) return data({ failed: true, sent: false }, { status: 410 })
  const cookie = await startSession(r.userId, context.sessionToken, request.headers.get('user-agent'))
  throw redirect('/members?reactivated=1', { headers: { 'Set-Cookie': cookie } })
}

/** POST {email}: sends a new reactivation link to an account pending deletion. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = z.object({ email: z.email() }).safeParse(Object.fromEntries(await readFormData(request)))
  if ((await consume((await accountLimiters()).resendIp, context.clientIp)) > 0) return data({ failed: false, sent: false, tooMany: true }, { status: 429 })
  // The same answer whether or not the address has an account pending deletion.
  if (parsed.success) await resendReactivation(parsed.data.email)
  return { failed: false, sent: true }
}

export default function Reactivate({ loaderData, actionData }: Route.ComponentProps) {
  const d = actionData ?? loaderData
  return (
    <div className="text-center py-5">
      <h1 className="h3">
        <FormattedMessage id="reactivate.title" />
      </h1>
      {d.failed ? (
        <div className="alert alert-danger" role="alert">
          <FormattedMessage id="error.linkExpired" />
        </div>
      ) : null}
      {d.sent ? (
        <div className="alert alert-success" role="status">
          <FormattedMessage id="reactivate.sent" />
        </div>
      ) : null}
      {actionData && 'tooMany' in actionData ? (
        <div className="alert alert-danger" role="alert">
          <FormattedMessage id="login.tooManyRequests" />
        </div>
      ) : null}
      <p>
        <FormattedMessage id="reactivate.help" />
      </p>
      <Link to="/login" className="btn btn-primary">
        <FormattedMessage id="nav.login" />
      </Link>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'reactivate.title')]
}
