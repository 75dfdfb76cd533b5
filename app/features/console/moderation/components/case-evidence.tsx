import { FormattedMessage, useIntl } from 'react-intl'

type When = string | Date

function useCaseDate() {
  const intl = useIntl()
  return (d: When) => intl.formatDate(d, { dateStyle: 'medium', timeStyle: 'short' })
}

interface ReportProps {
  report: { reporterName: string; reason: string; createdAt: When; details: string | null; contentType: string; imageId: number | null }
  message: { body: string | null } | null
}

/** A report's evidence: the reporter's words and the reported content. */
export function ReportEvidence({ report, message }: ReportProps) {
  const intl = useIntl()
  const date = useCaseDate()
  return (
    <section className="card card-body mb-3" aria-labelledby="words-title">
      <h2 className="h6" id="words-title">
        <FormattedMessage id="admin.case.reporterWords" />
      </h2>
      <p className="mb-1">
        <FormattedMessage
          id="admin.case.reporter"
          values={{
            name: report.reporterName,
            reason: intl.formatMessage({ id: `report.reason.${report.reason}`, defaultMessage: report.reason }),
            date: date(report.createdAt),
          }}
        />
      </p>
      <blockquote className="border-start ps-3 mb-0" data-testid="reporter-words">
        {report.details || <FormattedMessage id="admin.case.noText" />}
      </blockquote>
      <h2 className="h6 mt-3">
        <FormattedMessage id="admin.case.content" /> — <FormattedMessage id={`admin.content.${report.contentType}`} />
      </h2>
      {report.imageId ? (
        <img
          src={`/admin/media/${report.imageId}/match`}
          alt={intl.formatMessage({ id: 'admin.photo.alt' }, { id: report.imageId })}
          width={320}
          height={320}
          className="img-fluid rounded border"
        />
      ) : null}
      {message ? (
        <blockquote className="border-start ps-3" data-testid="message-text">
          {message.body || <FormattedMessage id="admin.case.noText" />}
        </blockquote>
      ) : null}
    </section>
  )
}

interface ComplaintProps {
  complaint: { category: string; createdAt: When; subject: string | null; description: string }
}

/** A complaint's text as the member wrote it. */
export function ComplaintEvidence({ complaint }: ComplaintProps) {
  const date = useCaseDate()
  return (
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
  )
}

interface AppealProps {
  appeal: {
    action: string
    contentType: string
    reason: string
    decidedByName: string | null
    createdAt: When
    note: string | null
    imageId: number | null
    appealText: string | null
  }
  message: { body: string | null } | null
}

/** The contested decision and the member's appeal. */
export function AppealEvidence({ appeal, message }: AppealProps) {
  const intl = useIntl()
  const date = useCaseDate()
  return (
    <section className="card card-body mb-3" aria-labelledby="appeal-title">
      <h2 className="h6" id="appeal-title">
        <FormattedMessage id="admin.case.contested" />
      </h2>
      <p className="mb-1">
        <FormattedMessage id={`admin.decisionAction.${appeal.action}`} /> · <FormattedMessage id={`admin.content.${appeal.contentType}`} /> ·{' '}
        <FormattedMessage id={`admin.reasonName.${appeal.reason}`} /> ·{' '}
        <FormattedMessage id="admin.reports.decidedBy" values={{ name: appeal.decidedByName }} /> · {date(appeal.createdAt)}
      </p>
      {appeal.note ? <p className="small">{appeal.note}</p> : null}
      {appeal.imageId ? (
        <img
          src={`/admin/media/${appeal.imageId}/match`}
          alt={intl.formatMessage({ id: 'admin.photo.alt' }, { id: appeal.imageId })}
          width={320}
          height={320}
          className="img-fluid rounded border mb-2"
        />
      ) : null}
      {message ? <blockquote className="border-start ps-3">{message.body}</blockquote> : null}
      <h2 className="h6 mt-2">
        <FormattedMessage id="admin.case.appealText" />
      </h2>
      <blockquote className="border-start ps-3 mb-0" style={{ whiteSpace: 'pre-wrap' }} data-testid="appeal-text">
        {appeal.appealText}
      </blockquote>
    </section>
  )
}
