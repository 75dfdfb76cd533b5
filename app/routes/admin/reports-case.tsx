import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Link, redirect, useNavigation } from 'react-router'
import { appealCase, closeComplaint, complaintCase, decideReport, reportCase } from '#app/features/console/moderation/cases.server'
import { handleAppeal } from '#app/features/console/moderation/decisions.server'
import { appealOutcomeSchema, caseDecisionSchema } from '#app/features/console/moderation/moderation.schema'
import { type ModerationReason } from '#app/features/console/moderation/rules'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { statusFor } from '#app/lib/refusals'
import { idParam } from '#app/lib/http.server'
import { AppealEvidence, ComplaintEvidence, ReportEvidence } from '#app/features/console/moderation/components/case-evidence'
import { AppealDecisionForm, CaseDecisionForm } from '#app/features/console/moderation/components/case-decision'
import { MemberContext } from '#app/features/console/moderation/components/member-context'
import type { Route } from './+types/reports-case'

export async function loader({ request, params }: Route.LoaderArgs) {
  const operator = await requireOperator(request, 'reports.handle')
  const kind = kindOf(params.kind)
  const id = idParam(params.id)
  if (kind === 'report') {
    const c = await reportCase(id)
    if (!c) throw new Response('Not Found', { status: 404 })
    return { kind, report: c.report, member: c.member, message: c.message, complaint: null, appeal: null, actionable: c.report.status === 'open' }
  }
  if (kind === 'complaint') {
    const c = await complaintCase(id)
    if (!c) throw new Response('Not Found', { status: 404 })
    return { kind, report: null, member: c.member, message: null, complaint: c.complaint, appeal: null, actionable: c.complaint.status === 'open' }
  }
  const c = await appealCase(id)
  if (!c) throw new Response('Not Found', { status: 404 })
  const open = !c.decision.appealHandledAt
  return {
    kind,
    report: null,
    member: c.member,
    message: c.messageText ? { body: c.messageText } : null,
    complaint: null,
    appeal: c.decision,
    actionable: open && c.decision.decidedBy !== operator.id,
    ownDecision: c.decision.decidedBy === operator.id,
  }
}

const kinds = ['report', 'complaint', 'appeal'] as const
function kindOf(v: string | undefined) {
  const k = kinds.find((x) => x === v)
  if (!k) throw new Response('Not Found', { status: 404 })
  return k
}

export async function action({ request, params }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'reports.handle')
  const kind = kindOf(params.kind)
  const id = idParam(params.id)
  const form = await readFormData(request)
  if (kind === 'appeal') {
    const sub = parseWithZod(form, { schema: appealOutcomeSchema })
    if (sub.status !== 'success') return data({ error: 'admin.moderation.actionRequired' }, { status: 400 })
    const r = await handleAppeal(operator, id, sub.value.outcome, sub.value.note ?? null)
    if (!r.ok) return data({ error: `admin.case.error.${r.error}` }, { status: statusFor('moderationCase', r.error) })
    throw redirect('/admin/reports?done=1')
  }
  const sub = parseWithZod(form, { schema: caseDecisionSchema })
  if (sub.status !== 'success') return data({ error: 'admin.moderation.reasonRequired' }, { status: 400 })
  const v = sub.value
  if ((v.action === 'suspend' || v.action === 'ban') && form.get('confirm') !== 'on') return data({ error: 'admin.case.confirmRequired' }, { status: 400 })
  if (v.action === 'suspend' && !v.days) return data({ error: 'admin.case.daysRequired' }, { status: 400 })
  const decision = { action: v.action, reason: v.reason as ModerationReason, note: v.note ?? null, days: v.days ?? null }
  const r =
    kind === 'report'
      ? await decideReport(operator, id, decision)
      : await closeComplaint(operator, id, { ...decision, outcome: v.outcome ?? 'no_violation', profileId: v.profileId ?? null })
  if (!r.ok) return data({ error: `admin.case.error.${r.error}` }, { status: statusFor('moderationCase', r.error) })
  throw redirect('/admin/reports?done=1')
}

/** One case: what was reported, the reporter's words, the member's history, and the decision. */
export default function AdminReportCase({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const { kind, report, complaint, appeal, member, message } = loaderData
  const title =
    kind === 'report'
      ? intl.formatMessage({ id: 'admin.case.title.report' }, { id: report!.id })
      : kind === 'complaint'
        ? intl.formatMessage({ id: 'admin.case.title.complaint' }, { reference: complaint!.reference })
        : intl.formatMessage({ id: 'admin.case.title.appeal' }, { id: appeal!.id })
  return (
    <>
      <p>
        <Link to="/admin/reports">
          <FormattedMessage id="admin.case.back" />
        </Link>
      </p>
      <h1 className="h3 mb-3">{title}</h1>
      {actionData?.error ? (
        <div className="alert alert-danger" role="alert">
          <FormattedMessage id={actionData.error} />
        </div>
      ) : null}
      <div className="row g-4">
        <div className="col-lg-7">
          {report ? <ReportEvidence report={report} message={message} /> : null}
          {complaint ? <ComplaintEvidence complaint={complaint} /> : null}
          {appeal ? <AppealEvidence appeal={appeal} message={message} /> : null}
          {member ? <MemberContext member={member} /> : null}
        </div>
        <div className="col-lg-5">
          <section className="card card-body" aria-labelledby="decide-title">
            <h2 className="h5" id="decide-title">
              <FormattedMessage id="admin.case.decide" />
            </h2>
            {!loaderData.actionable ? (
              <p className="alert alert-secondary mb-0" data-testid="not-actionable">
                <FormattedMessage id={'ownDecision' in loaderData && loaderData.ownDecision ? 'admin.reports.notYours' : 'admin.case.error.closed'} />
              </p>
            ) : kind === 'appeal' ? (
              <AppealDecisionForm busy={busy} />
            ) : (
              <CaseDecisionForm busy={busy} complaint={!!complaint} profileId={member?.profile.id ?? ''} />
            )}
          </section>
        </div>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.reports.title')]
