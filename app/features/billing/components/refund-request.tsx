import { FormattedDate, FormattedMessage } from 'react-intl'
import { Form, useNavigation } from 'react-router'
import type { RefundRequestView } from '#app/features/billing/refund-request-types'

/** What the receipt's action answered to a refund request: an error id and what was typed, or nothing. */
export interface RefundRequestReply {
  refundError?: string
  reason?: string
}

/**
 * Under the receipt (issue 28): the member's refund request and its outcome, or, while the payment can still be
 * refunded, the form that files one. The form keeps what was typed when it is sent back with an error.
 */
export function RefundRequest({ request, canAsk, reply }: { request: RefundRequestView | null; canAsk: boolean; reply?: RefundRequestReply }) {
  const navigation = useNavigation()
  if (request) {
    const on = (iso: string) => <FormattedDate value={iso} dateStyle="long" />
    return (
      <section
        className={`alert ${request.status === 'declined' ? 'alert-warning' : request.status === 'refunded' ? 'alert-success' : 'alert-info'} mt-3 d-print-none`}
        role="status"
        data-testid="refund-request"
      >
        {request.status === 'open' ? <FormattedMessage id="refund.open" values={{ date: on(request.createdAt) }} /> : null}
        {request.status === 'refunded' ? <FormattedMessage id="refund.refunded" values={{ date: on(request.decidedAt ?? request.createdAt) }} /> : null}
        {request.status === 'declined' ? (
          <>
            <FormattedMessage id="refund.declined" values={{ date: on(request.decidedAt ?? request.createdAt) }} />
            {request.answer ? (
              <figure className="mb-0 mt-2">
                <figcaption className="small fw-semibold">
                  <FormattedMessage id="refund.answer" />
                </figcaption>
                <blockquote className="mb-0 text-break" data-testid="refund-answer">
                  {request.answer}
                </blockquote>
              </figure>
            ) : null}
          </>
        ) : null}
      </section>
    )
  }
  if (!canAsk) return null
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'refund-request'
  const error = reply?.refundError
  return (
    <details className="card mt-3 d-print-none" open={!!error} data-testid="refund-form">
      <summary className="card-header fw-semibold">
        <FormattedMessage id="refund.askTitle" />
      </summary>
      <Form method="post" className="card-body">
        <input type="hidden" name="intent" value="refund-request" />
        <label htmlFor="refund-reason" className="form-label">
          <FormattedMessage id="refund.reasonLabel" />
        </label>
        <textarea
          id="refund-reason"
          name="reason"
          className={`form-control${error ? ' is-invalid' : ''}`}
          rows={4}
          maxLength={1000}
          required
          minLength={10}
          defaultValue={reply?.reason ?? ''}
          aria-describedby={error ? 'refund-reason-help refund-reason-error' : 'refund-reason-help'}
          aria-invalid={error ? true : undefined}
        />
        {error ? (
          <div className="invalid-feedback" id="refund-reason-error" role="alert">
            <FormattedMessage id={error} />
          </div>
        ) : null}
        <div className="form-text" id="refund-reason-help">
          <FormattedMessage id="refund.reasonHelp" />
        </div>
        <button type="submit" className="btn btn-outline-primary mt-3" disabled={sending}>
          {sending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          <FormattedMessage id="refund.submit" />
        </button>
      </Form>
    </details>
  )
}
