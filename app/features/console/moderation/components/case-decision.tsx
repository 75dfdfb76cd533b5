import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Form } from 'react-router'
import { caseActions, complaintOutcomes, moderationReasons, suspensionDays } from '../rules'

/** Uphold or reverse a contested decision. */
export function AppealDecisionForm({ busy }: { busy: boolean }) {
  return (
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
  )
}

/** A complaint's extra fields: which profile it concerns and how it ended. */
function ComplaintFields({ profileId }: { profileId: number | '' }) {
  const intl = useIntl()
  return (
    <>
      <label className="form-label mb-0" htmlFor="case-profile">
        <FormattedMessage id="admin.case.profileId" />
      </label>
      <input id="case-profile" name="profileId" inputMode="numeric" className="form-control" defaultValue={profileId} />
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
  )
}

interface CaseDecisionProps {
  busy: boolean
  /** A complaint also asks for the profile and the outcome. */
  complaint: boolean
  profileId: number | ''
}

/** Decide a report or a complaint: the action, the reason, the days of a suspension, a note. */
export function CaseDecisionForm({ busy, complaint, profileId }: CaseDecisionProps) {
  const intl = useIntl()
  const [action, setAction] = useState<string>('')
  return (
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
      {complaint ? <ComplaintFields profileId={profileId} /> : null}
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
  )
}
