import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { appealCase, closeComplaint, complaintCase, decideReport, reportCase } from '#app/features/console/moderation/cases.server'
import { handleAppeal } from '#app/features/console/moderation/decisions.server'
import { appealOutcomeSchema, caseDecisionSchema } from '#app/features/console/moderation/moderation.schema'
import { caseActions, complaintOutcomes, moderationReasons, suspensionDays, type ModerationReason } from '#app/features/console/moderation/rules'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { statusFor } from '#app/lib/refusals'
import { idParam } from '#app/lib/http.server'
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
  return { kind, report: null, member: c.member, message: c.messageText ? { body: c.messageText } : null, complaint: null, appeal: c.decision, actionable: open && c.decision.decidedBy !== operator.id, ownDecision: c.decision.decidedBy === operator.id }
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
  const r = kind === 'report' ? await decideReport(operator, id, decision) : await closeComplaint(operator, id, { ...decision, outcome: v.outcome ?? 'no_violation', profileId: v.profileId ?? null })
  if (!r.ok) return data({ error: `admin.case.error.${r.error}` }, { status: statusFor('moderationCase', r.error) })
  throw redirect('/admin/reports?done=1')
}

/** One case: what was reported, the reporter's words, the member's history, and the decision. */
export default function AdminReportCase({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const [action, setAction] = useState<string>('')
  const { kind, report, complaint, appeal, member, message } = loaderData
  const date = (d: string | Date) => intl.formatDate(d, { dateStyle: 'medium', timeStyle: 'short' })
  const title =
    kind === 'report' ? intl.formatMessage({ id: 'admin.case.title.report' }, { id: report!.id }) : kind === 'complaint' ? intl.formatMessage({ id: 'admin.case.title.complaint' }, { reference: complaint!.reference }) : intl.formatMessage({ id: 'admin.case.title.appeal' }, { id: appeal!.id })
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
          {report ? (
            <section className="card card-body mb-3" aria-labelledby="words-title">
              <h2 className="h6" id="words-title">
                <FormattedMessage id="admin.case.reporterWords" />
              </h2>
              <p className="mb-1">
                <FormattedMessage id="admin.case.reporter" values={{ name: report.reporterName, reason: intl.formatMessage({ id: `report.reason.${report.reason}`, defaultMessage: report.reason }), date: date(report.createdAt) }} />
              </p>
              <blockquote className="border-start ps-3 mb-0" data-testid="reporter-words">
                {report.details || <FormattedMessage id="admin.case.noText" />}
              </blockquote>
              <h2 className="h6 mt-3">
                <FormattedMessage id="admin.case.content" /> — <FormattedMessage id={`admin.content.${report.contentType}`} />
              </h2>
              {report.imageId ? <img src={`/admin/media/${report.imageId}/match`} alt={intl.formatMessage({ id: 'admin.photo.alt' }, { id: report.imageId })} width={320} height={320} className="img-fluid rounded border" /> : null}
              {message ? (
                <blockquote className="border-start ps-3" data-testid="message-text">
                  {message.body || <FormattedMessage id="admin.case.noText" />}
                </blockquote>
              ) : null}
            </section>
          ) : null}
          {complaint ? (
            <section className="card card-body mb-3" aria-labelledby="complaint-title">
              <h2 className="h6" id="complaint-title">
                <FormattedMessage id="admin.case.complaintText" />
              </h2>
              <p className="mb-1">
                <FormattedMessage id={`complaints.category.${complaint.category}`} /> · {date(complaint.createdAt)}
              </p>
              {complaint.subject ? <p className="mb-1 text-break">{complaint.subject}</p> : null}
              <blockquote className="border-start ps-3 mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                {complaint.description}
              </blockquote>
            </section>
          ) : null}
          {appeal ? (
            <section className="card card-body mb-3" aria-labelledby="appeal-title">
              <h2 className="h6" id="appeal-title">
                <FormattedMessage id="admin.case.contested" />
              </h2>
              <p className="mb-1">
                <FormattedMessage id={`admin.decisionAction.${appeal.action}`} /> · <FormattedMessage id={`admin.content.${appeal.contentType}`} /> · <FormattedMessage id={`admin.reasonName.${appeal.reason}`} /> ·{' '}
                <FormattedMessage id="admin.reports.decidedBy" values={{ name: appeal.decidedByName }} /> · {date(appeal.createdAt)}
              </p>
              {appeal.note ? <p className="small">{appeal.note}</p> : null}
              {appeal.imageId ? <img src={`/admin/media/${appeal.imageId}/match`} alt={intl.formatMessage({ id: 'admin.photo.alt' }, { id: appeal.imageId })} width={320} height={320} className="img-fluid rounded border mb-2" /> : null}
              {message ? <blockquote className="border-start ps-3">{message.body}</blockquote> : null}
              <h2 className="h6 mt-2">
                <FormattedMessage id="admin.case.appealText" />
              </h2>
              <blockquote className="border-start ps-3 mb-0" style={{ whiteSpace: 'pre-wrap' }} data-testid="appeal-text">
                {appeal.appealText}
              </blockquote>
            </section>
          ) : null}
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
              <Form method="post" className="d-grid gap-2">
                <label className="form-label mb-0" htmlFor="appeal-note">
                  <FormattedMessage id="admin.moderation.note" />
                </label>
                <textarea id="appeal-note" name="note" className="form-control" rows={2} maxLength={1000} />
                <div className="d-flex gap-2">
                  <button type="submit" name="outcome" value="upheld" className="btn btn-dark" disabled={busy}>
                    <FormattedMessage id="admin.case.uphold" />
                  </button>
                  <button type="submit" name="outcome" value="reversed" className="btn btn-outline-success" disabled={busy}>
                    <FormattedMessage id="admin.case.reverse" />
                  </button>
                </div>
              </Form>
            ) : (
              <Form method="post" className="d-grid gap-2">
                <fieldset>
                  <legend className="form-label">
                    <FormattedMessage id="admin.case.action" />
                  </legend>
                  {caseActions.map((a) => (
                    <div className="form-check" key={a}>
                      <input className="form-check-input" type="radio" name="action" id={`action-${a}`} value={a} required onChange={() => setAction(a)} />
                      <label className="form-check-label" htmlFor={`action-${a}`}>
                        <FormattedMessage id={`admin.action.${a}`} />
                      </label>
                    </div>
                  ))}
                </fieldset>
                <label className="form-label mb-0" htmlFor="case-reason">
                  <FormattedMessage id="admin.case.reason" />
                </label>
                <select id="case-reason" name="reason" className="form-select" required defaultValue="">
                  <option value="" disabled>
                    {intl.formatMessage({ id: 'admin.moderation.choose' })}
                  </option>
                  {moderationReasons.map((r) => (
                    <option key={r} value={r}>
                      {intl.formatMessage({ id: `admin.reasonName.${r}` })}
                    </option>
                  ))}
                </select>
                <label className="form-label mb-0" htmlFor="case-days">
                  <FormattedMessage id="admin.case.days" />
                </label>
                <select id="case-days" name="days" className="form-select" defaultValue="7">
                  {suspensionDays.map((d) => (
                    <option key={d} value={d}>
                      {intl.formatMessage({ id: 'admin.case.daysValue' }, { count: d })}
                    </option>
                  ))}
                </select>
                {complaint ? (
                  <>
                    <label className="form-label mb-0" htmlFor="case-profile">
                      <FormattedMessage id="admin.case.profileId" />
                    </label>
                    <input id="case-profile" name="profileId" inputMode="numeric" className="form-control" defaultValue={member?.profile.id ?? ''} />
                    <label className="form-label mb-0" htmlFor="case-outcome">
                      <FormattedMessage id="admin.case.outcome" />
                    </label>
                    <select id="case-outcome" name="outcome" className="form-select" defaultValue="no_violation">
                      {complaintOutcomes.map((o) => (
                        <option key={o} value={o}>
                          {intl.formatMessage({ id: `admin.outcome.${o}` })}
                        </option>
                      ))}
                    </select>
                  </>
                ) : null}
                <label className="form-label mb-0" htmlFor="case-note">
                  <FormattedMessage id="admin.moderation.note" />
                </label>
                <textarea id="case-note" name="note" className="form-control" rows={2} maxLength={1000} />
                <div className="form-check">
                  <input className="form-check-input" type="checkbox" name="confirm" id="case-confirm" required={action === 'suspend' || action === 'ban'} />
                  <label className="form-check-label" htmlFor="case-confirm">
                    <FormattedMessage id="admin.case.confirm" />
                  </label>
                </div>
                <button type="submit" className="btn btn-dark" disabled={busy}>
                  {busy ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
                  <FormattedMessage id="admin.case.submit" />
                </button>
              </Form>
            )}
          </section>
        </div>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.reports.title')]
