import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage } from 'react-intl'
import { data, Form, Link } from 'react-router'
import { can } from '#app/features/console/operators/permissions'
import { forbidden, requireOperator } from '#app/routes/-helpers/require-operator.server'
import { intentPermissions } from '#app/features/console/support/intent-permissions'
import { ActionField, ActionForm, type SupportReply } from '#app/features/console/support/components/action-form'
import {
  AccountPanel,
  FlagsPanel,
  LedgerPanel,
  Panel,
  PaymentsPanel,
  ReportsPanel,
  SessionsPanel,
} from '#app/features/console/support/components/member-panels'
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
import { Icon } from '#app/ui/icon'

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
          <PaymentsPanel
            d={d}
            refundForm={
              may.refund
                ? (p) => (
                    <ActionForm
                      intent="refund"
                      subject={String(p.id)}
                      testId={`refund-${p.id}`}
                      title={<FormattedMessage id="admin.support.refund" values={{ id: p.id }} />}
                      submitLabel={<FormattedMessage id="admin.support.refundSubmit" />}
                      variant="btn-outline-danger"
                    >
                      {(r) => (
                        <>
                          <input type="hidden" name="paymentId" value={p.id} />
                          <ActionField
                            reply={r}
                            id={`refund-${p.id}-reason`}
                            name="reason"
                            label={<FormattedMessage id="admin.support.reason" />}
                            maxLength={500}
                          />
                          <ActionField
                            reply={r}
                            id={`refund-${p.id}-confirm`}
                            name="confirm"
                            type="checkbox"
                            label={<FormattedMessage id="admin.support.refundConfirm" />}
                          />
                        </>
                      )}
                    </ActionForm>
                  )
                : undefined
            }
          />
          <SessionsPanel d={d} />
          <ReportsPanel d={d} />
        </div>
        {canAct ? (
          <div className="col-xl-4">
            <Panel id="member-actions" title={<FormattedMessage id="admin.support.actions" />}>
              {may['resend-activation'] && d.activation.pending ? (
                <ActionForm
                  intent="resend-activation"
                  testId="action-resend"
                  title={<FormattedMessage id="admin.support.resend" />}
                  submitLabel={<FormattedMessage id="admin.support.resendSubmit" />}
                >
                  {() => (
                    <p className="small text-body-secondary">
                      <FormattedMessage id="admin.support.resendHelp" values={{ sent: d.activation.sentToday, max: d.activation.maxPerDay }} />
                    </p>
                  )}
                </ActionForm>
              ) : null}
              {may['lift-lockout'] ? (
                <ActionForm
                  intent="lift-lockout"
                  testId="action-lockout"
                  title={<FormattedMessage id="admin.support.lockout" />}
                  submitLabel={<FormattedMessage id="admin.support.lockoutSubmit" />}
                >
                  {(r) => <ActionField reply={r} id="lockout-reason" name="reason" label={<FormattedMessage id="admin.support.reason" />} maxLength={500} />}
                </ActionForm>
              ) : null}
              {may['logout-everywhere'] ? (
                <ActionForm
                  intent="logout-everywhere"
                  testId="action-logout"
                  title={<FormattedMessage id="admin.support.logout" />}
                  submitLabel={<FormattedMessage id="admin.support.logoutSubmit" />}
                  variant="btn-outline-danger"
                >
                  {(r) => (
                    <>
                      <ActionField reply={r} id="logout-reason" name="reason" label={<FormattedMessage id="admin.support.reason" />} maxLength={500} />
                      <ActionField
                        reply={r}
                        id="logout-confirm"
                        name="confirm"
                        type="checkbox"
                        label={<FormattedMessage id="admin.support.logoutConfirm" values={{ n: d.sessions.length }} />}
                      />
                    </>
                  )}
                </ActionForm>
              ) : null}
              {may['adjust-credits'] ? (
                <ActionForm
                  intent="adjust-credits"
                  testId="action-credits"
                  title={<FormattedMessage id="admin.support.credits" />}
                  submitLabel={<FormattedMessage id="admin.support.creditsSubmit" />}
                >
                  {(r) => (
                    <>
                      <input type="hidden" name="key" value={adjustmentKey} />
                      <ActionField
                        reply={r}
                        id="credits-delta"
                        name="delta"
                        type="number"
                        inputMode="numeric"
                        step={1}
                        label={<FormattedMessage id="admin.support.delta" />}
                        help={<FormattedMessage id="admin.support.deltaHelp" values={{ balance: a.credits }} />}
                      />
                      <ActionField reply={r} id="credits-reason" name="reason" label={<FormattedMessage id="admin.support.reason" />} maxLength={500} />
                    </>
                  )}
                </ActionForm>
              ) : null}
              {may.export ? (
                <section className="border rounded p-3 mb-3" aria-labelledby="export-title" data-testid="action-export">
                  <h3 className="h6" id="export-title">
                    <FormattedMessage id="admin.support.export" />
                  </h3>
                  <p className="small text-body-secondary">
                    <FormattedMessage id="admin.support.exportHelp" />
                  </p>
                  <Form method="post" action={`/admin/members/${a.id}/export`} reloadDocument>
                    <button type="submit" className="btn btn-sm btn-outline-dark">
                      <Icon name="download" className="me-2" />
                      <FormattedMessage id="admin.support.exportSubmit" />
                    </button>
                  </Form>
                </section>
              ) : null}
              {may.erase && a.status !== 'pending_deletion' && a.status !== 'deleted' ? (
                <ActionForm
                  intent="erase"
                  testId="action-erase"
                  title={<FormattedMessage id="admin.support.erase" />}
                  submitLabel={<FormattedMessage id="admin.support.eraseSubmit" />}
                  variant="btn-danger"
                >
                  {(r) => (
                    <>
                      <p className="small text-body-secondary">
                        <FormattedMessage id="admin.support.eraseHelp" />
                      </p>
                      <ActionField reply={r} id="erase-reason" name="reason" label={<FormattedMessage id="admin.support.reason" />} maxLength={500} />
                      <ActionField
                        reply={r}
                        id="erase-typed"
                        name="typed"
                        autoComplete="off"
                        label={<FormattedMessage id="admin.support.eraseTyped" values={{ text: <code>{eraseConfirmation(a.id)}</code> }} />}
                      />
                    </>
                  )}
                </ActionForm>
              ) : null}
            </Panel>
          </div>
        ) : null}
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.member.title')]
