import { FormattedMessage, useIntl } from 'react-intl'

interface Props {
  member: {
    profile: { id: number; name: string; aboutMe: string | null; signupReason: string | null; status: string; isFictional: boolean }
    photos: { id: number; status: string }[]
    history: { id: number; action: string; reason: string; decidedByName: string; createdAt: Date | string; appealedAt: Date | string | null }[]
    reports: { id: number; reason: string; status: string; createdAt: Date | string }[]
  }
}

/** The reported member in a case: profile texts, photos, earlier decisions and reports. */
export function MemberContext({ member }: Props) {
  const intl = useIntl()
  const date = (d: Date | string) => intl.formatDate(d, { dateStyle: 'medium' })
  const { profile, photos, history, reports } = member
  return (
    <section className="card card-body" aria-labelledby="member-title" data-testid="member-context">
      <h2 className="h6" id="member-title">
        <FormattedMessage id="admin.case.member" values={{ name: profile.name, id: profile.id }} />{' '}
        <span className="badge text-bg-light border">{profile.status}</span>
      </h2>
      <h3 className="h6 small text-body-secondary">
        <FormattedMessage id="admin.case.profileText" />
      </h3>
      <p className="small" style={{ whiteSpace: 'pre-wrap' }}>
        {[profile.signupReason, profile.aboutMe].filter(Boolean).join('\n\n') || <FormattedMessage id="admin.case.noText" />}
      </p>
      {photos.length ? (
        <ul className="list-inline">
          {photos.map((p) => (
            <li key={p.id} className="list-inline-item">
              <img
                src={`/admin/media/${p.id}/thumb`}
                width={64}
                height={64}
                className="rounded border"
                alt={intl.formatMessage({ id: 'admin.photo.otherAlt' }, { id: p.id, status: intl.formatMessage({ id: `admin.photoStatus.${p.status}` }) })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <h3 className="h6 small text-body-secondary">
        <FormattedMessage id="admin.case.history" />
      </h3>
      {history.length === 0 && reports.length === 0 ? (
        <p className="small mb-0">
          <FormattedMessage id="admin.case.noHistory" />
        </p>
      ) : (
        <ul className="small mb-0" data-testid="member-history">
          {history.map((h) => (
            <li key={`d${h.id}`}>
              D-{h.id} · {date(h.createdAt)} · <FormattedMessage id={`admin.decisionAction.${h.action}`} /> ·{' '}
              <FormattedMessage id={`admin.reasonName.${h.reason}`} /> · <FormattedMessage id="admin.reports.decidedBy" values={{ name: h.decidedByName }} />
            </li>
          ))}
          {reports.map((r) => (
            <li key={`r${r.id}`}>
              <FormattedMessage id="admin.case.title.report" values={{ id: r.id }} /> · {date(r.createdAt)} ·{' '}
              {intl.formatMessage({ id: `report.reason.${r.reason}`, defaultMessage: r.reason })} · <FormattedMessage id={`admin.reportStatus.${r.status}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
