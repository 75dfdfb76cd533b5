import { FormattedMessage, useIntl } from 'react-intl'
import { data, Form, Link, useNavigation } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { spentThisMonth } from '#app/features/billing/checkout.server'
import { PaymentsTable, TransactionsEmpty } from '#app/features/billing/components/payments-table'
import { Money } from '#app/features/billing/components/money'
import { PaymentCompleted, PaymentFailed, PaymentPending, useWaitForPayment } from '#app/features/billing/components/payment-status'
import { Receipt } from '#app/features/billing/components/receipt'
import { billingOfViewer } from '#app/features/billing/member-billing.server'
import { methodViews } from '#app/features/billing/offers.server'
import { currencyDigits } from '#app/features/billing/pricing'
import { getSpendLimit, getTransaction, listTransactions, submitSpendLimit } from '#app/features/billing/transactions.server'
import { refundRequestOf, requestRefund } from '#app/features/billing/refund-requests.server'
import { RefundRequest } from '#app/features/billing/components/refund-request'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { tooOftenReply } from './write-limit.server'
import { retryMethods } from '#app/features/billing/retry-methods'
import type { Route } from './+types/transactions'
import { Icon } from '#app/ui/icon'

/** /transactions: every purchase, the month's spending and the member's own limit; /transactions/{id}: one purchase. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const settings = await getSettings()
  const member = billingOfViewer(viewer, settings)
  if (params.id) {
    const payment = await getTransaction(viewer.userId, Number(params.id))
    if (!payment) throw new Response('Not Found', { status: 404 })
    const [company, refundRequest] = await Promise.all([getCompanyInfo(), refundRequestOf(viewer.userId, payment.id)])
    const failed = payment.status === 'failed' || payment.status === 'canceled' || payment.status === 'expired'
    return {
      view: 'detail' as const,
      payment,
      company,
      refundRequest,
      canAskRefund:
        payment.status === 'paid' && payment.refundedMinor < payment.totalMinor && !!payment.refundUntil && Date.parse(payment.refundUntil) > Date.now(),
      retryMethods: failed ? retryMethods(methodViews(settings, member.country, member.currency, payment.listPriceMinor - payment.discountMinor), payment) : [],
      fresh: !!payment.paidAt && Date.now() - Date.parse(payment.paidAt) < 10 * 60_000,
    }
  }
  const [payments, limit, spent] = await Promise.all([
    listTransactions(viewer.userId),
    getSpendLimit(viewer.userId),
    spentThisMonth(viewer.userId, member.currency),
  ])
  return { view: 'list' as const, payments, limit: limit?.currency === member.currency ? limit : null, spent, currency: member.currency }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const form = await readFormData(request)
  if (form.get('intent') === 'refund-request') {
    // Another member's payment (or none) is not found, as its receipt is not.
    if (!(await getTransaction(viewer.userId, Number(params.id)))) throw new Response('Not Found', { status: 404 })
    const reason = String(form.get('reason') ?? '')
    const r = await requestRefund(viewer.userId, Number(params.id), reason)
    if (isTooOften(r)) return tooOftenReply(r.retryAfter, { reason })
    if (!r.ok) {
      const refundError = r.error === 'invalid' ? r.message : `refund.error.${r.error}`
      return data({ refundError, reason }, { status: r.error === 'invalid' ? 400 : 409 })
    }
    return { refundSent: true }
  }
  const member = billingOfViewer(viewer, await getSettings())
  const r = await submitSpendLimit(viewer.userId, form.get('limit'), member.currency)
  if (isTooOften(r)) return tooOftenReply(r.retryAfter)
  if (!r.ok) return data({ error: 'transactions.limitInvalid', value: String(form.get('limit') ?? '') }, { status: 400 })
  return { notice: r.removed ? 'transactions.limitRemoved' : 'transactions.limitSaved' }
}

export default function Transactions({ loaderData, actionData }: Route.ComponentProps) {
  const pending = loaderData.view === 'detail' && (loaderData.payment.status === 'open' || loaderData.payment.status === 'pending')
  useWaitForPayment(pending)
  return loaderData.view === 'detail' ? (
    <Detail data={loaderData} pending={pending} actionData={actionData} />
  ) : (
    <List data={loaderData} actionData={actionData} />
  )
}

export const meta: Route.MetaFunction = ({ matches, params }) => [
  pageTitle(matches, params.id ? 'transactions.detailTitle' : 'transactions.title', { id: params.id ?? '' }),
]

function Detail({
  data: d,
  pending,
  actionData,
}: {
  data: Extract<Route.ComponentProps['loaderData'], { view: 'detail' }>
  pending: boolean
  actionData: Route.ComponentProps['actionData']
}) {
  const p = d.payment
  const failed = p.status === 'failed' || p.status === 'canceled' || p.status === 'expired'
  return (
    <div className="row justify-content-center">
      <div className="col-lg-8">
        <div className="d-flex align-items-center gap-2 mb-3 d-print-none">
          <h1 className="h3 mb-0 me-auto">
            <FormattedMessage id="transactions.detailTitle" values={{ id: p.id }} />
          </h1>
          <button type="button" className="btn btn-outline-dark btn-sm" onClick={() => window.print()}>
            <Icon name="printer" className="me-1" />
            <FormattedMessage id="transactions.print" />
          </button>
        </div>
        {pending ? <PaymentPending /> : null}
        {p.status === 'paid' ? <PaymentCompleted paymentId={p.id} credits={p.credits} fresh={d.fresh} /> : null}
        {p.discountWithdrawn ? (
          <div className="alert alert-warning" role="status" data-testid="discount-withdrawn">
            <FormattedMessage id="transactions.discountWithdrawn" values={{ count: p.credits }} />
          </div>
        ) : null}
        {failed ? <PaymentFailed bundleId={p.bundleId} storedCard={p.storedCard} methods={d.retryMethods} /> : null}
        <Receipt payment={p} company={d.company} />
        <RefundRequest
          request={d.refundRequest}
          canAsk={d.canAskRefund}
          reply={actionData && 'refundError' in actionData ? { refundError: actionData.refundError, reason: actionData.reason } : undefined}
        />
        {actionData && 'tooOften' in actionData ? <TooOftenAlert refusal={actionData.tooOften} className="text-danger small mt-2" /> : null}
        <p className="mt-3 d-print-none">
          <Link to="/transactions">
            <FormattedMessage id="transactions.all" />
          </Link>
        </p>
      </div>
    </div>
  )
}

function List({
  data: d,
  actionData,
}: {
  data: Extract<Route.ComponentProps['loaderData'], { view: 'list' }>
  actionData: Route.ComponentProps['actionData']
}) {
  const intl = useIntl()
  const navigation = useNavigation()
  const share = d.limit ? Math.min(100, Math.round((d.spent / d.limit.monthlyLimitMinor) * 100)) : 0
  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="transactions.title" />
      </h1>
      <section className="card mb-4" aria-labelledby="spend-title">
        <div className="card-body">
          <h2 id="spend-title" className="h5">
            <FormattedMessage id="transactions.spendTitle" />
          </h2>
          <p className="mb-2" data-testid="spent-this-month">
            <FormattedMessage id="transactions.spent" values={{ amount: <Money minor={d.spent} currency={d.currency} /> }} />
            {d.limit ? (
              <>
                {' '}
                <FormattedMessage id="transactions.ofLimit" values={{ limit: <Money minor={d.limit.monthlyLimitMinor} currency={d.currency} /> }} />
              </>
            ) : null}
          </p>
          {d.limit ? (
            <div
              className="progress mb-3"
              role="progressbar"
              aria-label={intl.formatMessage({ id: 'transactions.spendTitle' })}
              aria-valuenow={share}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className={`progress-bar${share >= 90 ? ' bg-danger' : ''}`} style={{ width: `${share}%` }} />
            </div>
          ) : null}
          <Form method="post" className="row g-2 align-items-end">
            <div className="col-auto">
              <label htmlFor="spend-limit" className="form-label">
                <FormattedMessage id="transactions.limitLabel" values={{ currency: d.currency }} />
              </label>
              <input
                id="spend-limit"
                name="limit"
                type="number"
                min={1}
                max={100000}
                step={1}
                inputMode="numeric"
                className={`form-control${actionData && 'error' in actionData ? ' is-invalid' : ''}`}
                defaultValue={
                  actionData && 'value' in actionData ? actionData.value : d.limit ? String(d.limit.monthlyLimitMinor / 10 ** currencyDigits(d.currency)) : ''
                }
                aria-describedby="spend-limit-help"
                aria-invalid={actionData && 'error' in actionData ? true : undefined}
              />
            </div>
            <div className="col-auto">
              <button type="submit" className="btn btn-outline-primary" disabled={navigation.state === 'submitting'}>
                <FormattedMessage id="common.save" />
              </button>
            </div>
            <div id="spend-limit-help" className="form-text col-12">
              <FormattedMessage id="transactions.limitHelp" />
            </div>
          </Form>
          {actionData && 'error' in actionData ? (
            <div className="text-danger small mt-2" role="alert">
              <FormattedMessage id={actionData.error} />
            </div>
          ) : null}
          {actionData && 'tooOften' in actionData ? <TooOftenAlert refusal={actionData.tooOften} className="text-danger small mt-2" /> : null}
          {actionData && 'notice' in actionData ? (
            <div className="text-success small mt-2" role="status">
              <FormattedMessage id={actionData.notice} />
            </div>
          ) : null}
        </div>
      </section>
      {d.payments.length === 0 ? <TransactionsEmpty /> : <PaymentsTable payments={d.payments} />}
    </>
  )
}
