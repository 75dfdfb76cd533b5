import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'

/** What the last change of an operator came to: saved, or the refusal's message. */
export function OperatorChangeAlerts({ changed, changeError }: { changed: string | null | undefined; changeError: string | null | undefined }) {
  return (
    <>
      {changed ? (
        <div className="alert alert-success" role="status">
          <FormattedMessage id="admin.saved" />
        </div>
      ) : null}
      {changeError ? (
        <div className="alert alert-danger" role="alert">
          <FormattedMessage id={changeError} />
        </div>
      ) : null}
    </>
  )
}

/** The card around the form that creates a new operator account. */
export function NewOperatorCard({ children }: { children: ReactNode }) {
  return (
    <section className="card" aria-labelledby="new-operator-title">
      <div className="card-body">
        <h2 className="h5" id="new-operator-title">
          <FormattedMessage id="admin.operators.create" />
        </h2>
        <p className="text-body-secondary small">
          <FormattedMessage id="admin.operators.createHelp" />
        </p>
        {children}
      </div>
    </section>
  )
}
