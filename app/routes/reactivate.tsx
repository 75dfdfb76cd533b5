import { FormattedMessage } from 'react-intl'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { reactivateAccount, resendReactivation } from '#app/features/accounts/deletion.server'
import { accountLimiters } from '#app/features/authentication/ip-limits.server'
import { hasSecondFactor } from '#app/features/authentication/member-second-factor.server'
import { startSession } from '#app/features/authentication/session-cookie.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/reactivate'
import { readFormData } from '#app/lib/form-data.server'

/**
 * GET ?token=: the reactivation link of the deletion e-mail (valid for 14 days) shows a button and changes nothing:
 * mail scanners and link previews open every link, and must not undo a deletion or start a session.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  return { failed: false, sent: false, token: token && token.length <= 200 ? token : null }
}

/** POST {token}: reactivates and logs the member back in. POST {email}: sends a new link to an account pending deletion. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request)
  const token = form.get('token')
  if (typeof token === 'string' && token) {
    const r = await reactivateAccount(token)
    if (!r.ok) return data({ failed: true, sent: false, token: null }, { status: 410 })
    // A ban or a running suspension outlives the deletion's undoing: the member is told as at the login, no session.
    if (r.restricted) return data({ failed: false, sent: false, token: null, restricted: true }, { status: 403 })
    // The link proves the mailbox, not the second factor: with one on, the member logs in with it.
    if (await hasSecondFactor(r.userId)) throw redirect('/login')
    const cookie = await startSession(r.userId, context.sessionToken, { userAgent: request.headers.get('user-agent'), ip: context.clientIp })
    throw redirect('/members?reactivated=1', { headers: { 'Set-Cookie': cookie } })
  }
  const parsed = z.object({ email: z.email() }).safeParse(Object.fromEntries(form))
  if ((await consume((await accountLimiters()).resendIp, context.clientIp)) > 0)
    return data({ failed: false, sent: false, token: null, tooMany: true }, { status: 429 })
  // The same answer whether or not the address has an account pending deletion.
  if (parsed.success) await resendReactivation(parsed.data.email)
  return { failed: false, sent: true, token: null }
}

export default function Reactivate({ loaderData, actionData }: Route.ComponentProps) {
  const d = actionData ?? loaderData
  const navigation = useNavigation()
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
      {actionData && 'restricted' in actionData ? (
        <div className="alert alert-danger" role="alert">
          <FormattedMessage id="reactivate.restricted" />
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
      {d.token ? (
        <Form method="post">
          <input type="hidden" name="token" value={d.token} />
          <p>
            <FormattedMessage id="reactivate.confirmHelp" />
          </p>
          <button type="submit" className="btn btn-primary" disabled={navigation.state !== 'idle'}>
            <FormattedMessage id="reactivate.confirm" />
          </button>
        </Form>
      ) : (
        <>
          <p>
            <FormattedMessage id="reactivate.help" />
          </p>
          <Link to="/login" className="btn btn-primary">
            <FormattedMessage id="nav.login" />
          </Link>
        </>
      )}
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'reactivate.title')]
}
