import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage } from 'react-intl'
import { data, Link } from 'react-router'
import { can } from '#app/features/console/operators/permissions'
import { forbidden, requireOperator } from '#app/routes/-helpers/require-operator.server'
import { intentPermissions } from '#app/features/console/support/intent-permissions'
import { type SupportReply } from '#app/features/console/support/components/action-form'
import { MemberActions, RefundForm } from '#app/features/console/support/components/member-actions'
import { AccountPanel, FlagsPanel, LedgerPanel, PaymentsPanel, ReportsPanel, SessionsPanel } from '#app/features/console/support/components/member-panels'
import { memberDetail } from '#app/features/console/support/member-detail.server'
import {
  adjustCredits,
  eraseOnRequest,
  liftLoginLockout,
  logOutEverywhere,
  newAdjustmentKey,
  supportRefund,
  supportResendActivation,
  type ActionOutcome,
} from '#app/features/console/support/support-actions.server'
import { eraseConfirmation, supportActionSchema } from '#app/features/console/support/support.schema'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { statusFor } from '#app/lib/refusals'
import type { Route } from './+types/members-id'

export async function loader({ request, params }: Route.LoaderArgs) {
  const operator = await requireOperator(request, 'members.view')
  const detail = await memberDetail(memberId(params.id))
  if (!detail) throw new Response('Not Found', { status: 404 })
  const may = Object.fromEntries(Object.entries(intentPermissions).map(([intent, permission]) => [intent, can(operator.role, permission)])) as Record<
    keyof typeof intentPermissions,
    boolean
  >
  return { detail, may: { ...may, export: can(operator.role, 'members.export') }, adjustmentKey: newAdjustmentKey() }
}

function memberId(raw: string | undefined): number {
  const id = Number(raw)
  if (!/^\d{1,9}$/.test(raw ?? '') || !Number.isSafeInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 })
  return id
}

export async function action({ request, params }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'members.view')
  const userId = memberId(params.id)
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  if (!(intent in intentPermissions)) throw new Response('Bad Request', { status: 400 })
  // Each action has its own permission: a moderator may look, never act.
  if (!can(operator.role, intentPermissions[intent as keyof typeof intentPermissions])) throw forbidden()
  const fields = Object.fromEntries(
    [...form.entries()].filter(([k, v]) => typeof v === 'string' && k !== 'confirm').map(([k, v]) => [k, String(v).slice(0, 500)]),
  )
  const submission = parseWithZod(form, { schema: supportActionSchema })
  const reply = (r: Omit<SupportReply, 'intent' | 'fields'>, status = 200) => data<SupportReply>({ intent, fields, ...r }, { status })
  if (submission.status !== 'success') {
    const fieldErrors = Object.fromEntries(Object.entries(submission.error ?? {}).flatMap(([k, v]) => (v?.length ? [[k, v[0]]] : [])))
    // A stale or missing form key (the page was open too long, or forged) asks for a fresh page.
    return reply({ ok: false, code: 'key' in fieldErrors ? 'stale' : 'invalid', fieldErrors }, 400)
  }
  const v = submission.value
  const who = { id: operator.id, name: operator.name }
  let out: ActionOutcome<string>
  switch (v.intent) {
    case 'resend-activation':
      out = await supportResendActivation(who, userId)
      break
    case 'lift-lockout':
      out = await liftLoginLockout(who, userId, v.reason)
      break
    case 'logout-everywhere':
      out = await logOutEverywhere(who, userId, v.reason)
      break
    case 'adjust-credits':
      out = await adjustCredits(who, userId, v)
      // The same form sent twice: booked once, and that is what the operator wanted.
      if (!out.ok && out.code === 'duplicate') return reply({ ok: true, code: 'credits_duplicate', values: out.values })
      break
    case 'refund':
      out = await supportRefund(who, userId, v.paymentId, v.reason)
      break
    case 'erase':
      if (v.typed !== eraseConfirmation(userId)) return reply({ ok: false, code: 'invalid', fieldErrors: { typed: 'admin.support.error.typed' } }, 400)
      out = await eraseOnRequest(who, userId, v.reason)
      break
  }
  return reply({ ok: out.ok, code: out.code, values: out.values }, out.ok ? 200 : statusFor('support', out.code))
}

/** One member for support: what their account looks like, and what support may do about it. */
export default function AdminMember({ loaderData }: Route.ComponentProps) {
  const { detail: d, may, adjustmentKey } = loaderData
  const a = d.account
  const canAct = Object.values(may).some(Boolean)
  return (
    <>
      <nav aria-label="breadcrumb">
        <ol className="breadcrumb small">
          <li className="breadcrumb-item">
            <Link to="/admin/members">
              <FormattedMessage id="admin.members.title" />
            </Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            #{a.id}
          </li>
        </ol>
      </nav>
      <h1 className="h3 mb-1">
        {a.name ?? <FormattedMessage id="admin.members.noProfile" />}{' '}
        <small className="text-body-secondary fs-6">
          #{a.id}
          {a.profileId ? ` · P${a.profileId}` : ''}
        </small>
      </h1>
      <p className="text-body-secondary text-break">{a.email}</p>
      <div className="row">
        <div className={canAct ? 'col-xl-8' : 'col-12'}>
          <AccountPanel d={d} />
          <FlagsPanel d={d} />
          <LedgerPanel d={d} />
          <PaymentsPanel d={d} refundForm={may.refund ? (p) => <RefundForm p={p} /> : undefined} />
          <SessionsPanel d={d} />
          <ReportsPanel d={d} />
        </div>
        {canAct ? (
          <div className="col-xl-4">
            <MemberActions d={d} may={may} adjustmentKey={adjustmentKey} />
          </div>
        ) : null}
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.member.title')]
