import { FormattedMessage, useIntl } from 'react-intl'
import { Form, useNavigation } from 'react-router'
import { APPEAL_MAX, canAppeal, isStatement, statementLines, type ContentType, type DecisionAction, type ModerationReason } from '../rules'

export interface AccountDecision {
  id: number
  action: DecisionAction
  contentType: ContentType
  reason: ModerationReason
  note: string | null
  suspendedUntil: string | null
  createdAt: string
  automated: boolean
  appealOf: number | null
  appealedAt: string | null
  appealHandledAt: string | null
}

export interface AppealFeedback {
  decisionId: number
  error?: string
  text?: string
  sent?: boolean
}

/**
 * "Decisions about your account" on /notifications: each moderation outcome, and for each restriction the
 * statement of reasons (DSA article 17) with an Appeal form, usable once.
 */
export function AccountDecisions({ decisions, feedback }: { decisions: AccountDecision[]; feedback?: AppealFeedback | null }) {
  const intl = useIntl()
  const navigation = useNavigation()
  const date = (iso: string) => (iso ? intl.formatDate(iso, { dateStyle: 'long', timeStyle: 'short' }) : '')
  if (!decisions.length) return null
  return (
    <section className="mb-5" aria-labelledby="decisions-title" id="decisions" data-testid="account-decisions">
      <h2 id="decisions-title" className="h5">
        <FormattedMessage id="moderation.decisions.title" />
      </h2>
      <p className="text-body-secondary">
        <FormattedMessage id="moderation.decisions.help" />
      </p>
      <ul className="list-unstyled d-grid gap-3">
        {decisions.map((d) => {
          const fb = feedback?.decisionId === d.id ? feedback : null
          const busy = navigation.state === 'submitting' && Number(navigation.formData?.get('decisionId')) === d.id
          if (!isStatement(d.action)) {
            return (
              <li key={d.id} className="alert alert-success mb-0" data-testid="decision">
                <FormattedMessage id="moderation.photoApproved" values={{ date: date(d.createdAt) }} />
              </li>
            )
          }
          return (
            <li key={d.id}>
              <article className="card" aria-labelledby={`decision-${d.id}`} data-testid="decision">
                <div className="card-body">
                  <h3 className="h6" id={`decision-${d.id}`}>
                    <FormattedMessage id="moderation.decisions.reference" values={{ id: d.id, date: date(d.createdAt) }} />
                  </h3>
                  <dl className="mb-2">
                    {statementLines(d).map((l) => (
                      <div key={l.labelId} className="mb-1">
                        <dt className="small text-body-secondary">
                          <FormattedMessage id={l.labelId} />
                        </dt>
                        <dd className="mb-0">
                          <FormattedMessage id={l.id} values={{ date: date(String(l.values?.date ?? '')), until: date(String(l.values?.until ?? '')) }} />
                        </dd>
                      </div>
                    ))}
                    {d.note ? (
                      <div>
                        <dt className="small text-body-secondary">
                          <FormattedMessage id="moderation.statement.note" />
                        </dt>
                        <dd className="mb-0">{d.note}</dd>
                      </div>
                    ) : null}
                  </dl>
                  {fb?.sent ? (
                    <div className="alert alert-success mb-0" role="status">
                      <FormattedMessage id="moderation.appeal.sent" />
                    </div>
                  ) : d.appealedAt ? (
                    <p className="small mb-0 text-body-secondary" data-testid="appeal-state">
                      <FormattedMessage
                        id={d.appealHandledAt ? 'moderation.appeal.handled' : 'moderation.appeal.pending'}
                        values={{ date: date(d.appealedAt) }}
                      />
                    </p>
                  ) : canAppeal(d) ? (
                    <details open={!!fb?.error}>
                      <summary className="btn btn-outline-dark btn-sm">
                        <FormattedMessage id="moderation.appeal.button" />
                      </summary>
                      <Form method="post" className="mt-2" noValidate>
                        <input type="hidden" name="intent" value="appeal" />
                        <input type="hidden" name="decisionId" value={d.id} />
                        <label htmlFor={`appeal-${d.id}`} className="form-label">
                          <FormattedMessage id="moderation.appeal.label" />
                        </label>
                        <textarea
                          id={`appeal-${d.id}`}
                          name="text"
                          rows={4}
                          maxLength={APPEAL_MAX}
                          className={`form-control${fb?.error ? ' is-invalid' : ''}`}
                          defaultValue={fb?.text ?? ''}
                          aria-describedby={`appeal-${d.id}-help${fb?.error ? ` appeal-${d.id}-error` : ''}`}
                          aria-invalid={fb?.error ? true : undefined}
                        />
                        {fb?.error ? (
                          <div className="invalid-feedback" id={`appeal-${d.id}-error`}>
                            <FormattedMessage id={fb.error} />
                          </div>
                        ) : null}
                        <div className="form-text" id={`appeal-${d.id}-help`}>
                          <FormattedMessage id="moderation.appeal.help" />
                        </div>
                        <button type="submit" className="btn btn-primary mt-2" disabled={busy}>
                          {busy ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
                          <FormattedMessage id="moderation.appeal.submit" />
                        </button>
                      </Form>
                    </details>
                  ) : null}
                </div>
              </article>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
