import { FormattedMessage } from 'react-intl'

/** A payment made through the sandbox provider: simulated, no money moved (the provider's name on the payment row). */
export const isTestPayment = (p: { provider?: string | null }) => p.provider === 'sandbox'

/** The line on a receipt (printed too) that says the payment was simulated. */
export function TestPaymentNote({ className = '' }: { className?: string }) {
  return (
    <p className={`alert alert-warning small py-2 mb-3 ${className}`} data-testid="test-payment-note">
      <FormattedMessage id="testMode.receipt" />
    </p>
  )
}

/** The short mark beside a simulated payment in a list (the member's transactions, the console's payments). */
export function TestPaymentBadge() {
  return (
    <span className="badge text-bg-warning" data-testid="test-payment-badge">
      <FormattedMessage id="testMode.badge" />
    </span>
  )
}
