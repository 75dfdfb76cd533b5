import { FormattedDate, FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { Icon } from '#app/ui/icon'
import { findPaymentMethod } from '../payment-methods'
import type { listTransactions } from '../transactions.server'
import { MethodName } from './method-list'
import { Money } from './money'
import { isTestPayment, TestPaymentBadge } from './test-payment'

type Payment = Awaited<ReturnType<typeof listTransactions>>[number]

/** No payment yet: the way to the credits. */
export function TransactionsEmpty() {
  return (
    <div className="text-center text-body-secondary py-5" data-testid="transactions-empty">
      <Icon name="receipt" className="fs-1 d-block mx-auto mb-2" />
      <p>
        <FormattedMessage id="transactions.empty" />
      </p>
      <Link to="/credits" className="btn btn-primary">
        <FormattedMessage id="nav.credits" />
      </Link>
    </div>
  )
}

/** The member's payments, newest first, each linking to its receipt. */
export function PaymentsTable({ payments }: { payments: Payment[] }) {
  return (
    <div className="table-responsive">
      <table className="table align-middle" data-testid="transactions-table">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="transactions.date" />
            </th>
            <th scope="col">
              <FormattedMessage id="transactions.credits" />
            </th>
            <th scope="col">
              <FormattedMessage id="transactions.method" />
            </th>
            <th scope="col" className="text-end">
              <FormattedMessage id="credits.total" />
            </th>
            <th scope="col">
              <FormattedMessage id="transactions.status" />
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => {
            const m = findPaymentMethod(p.method)
            return (
              <tr key={p.id}>
                <td>
                  <Link to={`/transactions/${p.id}`}>
                    <FormattedDate value={p.createdAt} dateStyle="medium" />
                  </Link>
                </td>
                <td>{p.credits}</td>
                <td>{m ? <MethodName method={m} /> : p.method}</td>
                <td className="text-end">
                  <Money minor={p.totalMinor} currency={p.currency} />
                </td>
                <td>
                  <span className={`badge text-bg-${p.status === 'paid' ? 'success' : p.status === 'open' || p.status === 'pending' ? 'secondary' : 'danger'}`}>
                    <FormattedMessage id={`payment.status.${p.status}`} />
                  </span>
                  {isTestPayment(p) ? (
                    <>
                      {' '}
                      <TestPaymentBadge />
                    </>
                  ) : null}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
