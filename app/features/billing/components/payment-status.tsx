import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useRevalidator } from 'react-router'
import { MethodName } from './method-list'
import type { MethodChoice } from './method-list'
import { Icon } from '#app/ui/icon'
import { Toast } from '#app/ui/toast'

/** While the provider has not confirmed, the page asks again every 1.5 s (the webhook usually comes within seconds). */
export function useWaitForPayment(pending: boolean): void {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!pending) return
    const t = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate()
    }, 1500)
    return () => clearInterval(t)
  }, [pending, revalidator])
}

export function PaymentPending() {
  return (
    <div className="alert alert-info d-flex align-items-center gap-3" role="status" aria-live="polite" data-testid="payment-pending">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <FormattedMessage id="payment.pending" />
    </div>
  )
}

/** "Credits added" once per payment, as a toast (spec section 4), and as a lasting line on the page. */
export function PaymentCompleted({ paymentId, credits, fresh }: { paymentId: number; credits: number; fresh: boolean }) {
  const intl = useIntl()
  const [show, setShow] = useState(false)
  useEffect(() => {
    const key = `paymentToast:${paymentId}`
    if (!fresh || sessionStorage.getItem(key)) return
    sessionStorage.setItem(key, '1')
    setShow(true)
  }, [paymentId, fresh])
  return (
    <>
      <div className="alert alert-success" role="status" data-testid="payment-completed">
        <Icon name="check-circle-fill" className="me-2" />
        <FormattedMessage id="payment.completed" values={{ count: credits }} />
      </div>
      <Toast
        container={{ position: 'top-end', className: 'p-3 position-fixed', style: { zIndex: 1080 } }}
        show={show}
        onClose={() => setShow(false)}
        delay={6000}
        autohide
        bg="success"
        data-testid="payment-toast"
      >
        <Toast.Header closeLabel={intl.formatMessage({ id: 'common.close' })}>
          <strong className="me-auto">
            <FormattedMessage id="payment.toastTitle" />
          </strong>
        </Toast.Header>
        <Toast.Body className="text-white">
          <FormattedMessage id="payment.completed" values={{ count: credits }} />
        </Toast.Body>
      </Toast>
    </>
  )
}

/**
 * A failed or cancelled payment with the way on: another method for the same bundle (spec section 4). A stored
 * card that failed offers the card details again or PayPal.
 */
export function PaymentFailed({ bundleId, storedCard, methods }: { bundleId: string; storedCard: boolean; methods: MethodChoice[] }) {
  const offer = storedCard ? methods.filter((m) => m.id === 'creditcard' || m.id === 'paypal') : methods
  return (
    <div className="alert alert-danger" role="alert" data-testid="payment-failed">
      <p className="fw-semibold">
        <FormattedMessage id={storedCard ? 'payment.cardFailed' : 'payment.failed'} />
      </p>
      <p className="mb-2">
        <FormattedMessage id={storedCard ? 'payment.cardFailedHint' : 'payment.retryHint'} />
      </p>
      <div className="d-flex flex-wrap gap-2">
        {offer.map((m) => (
          <Link key={m.id} to={`/credits/${bundleId}/${m.id}`} className="btn btn-sm btn-light border" data-testid={`retry-${m.id}`}>
            <Icon name={m.icon} className="me-1" />
            {storedCard && m.id === 'creditcard' ? <FormattedMessage id="payment.enterCard" /> : <MethodName method={m} />}
          </Link>
        ))}
      </div>
    </div>
  )
}
