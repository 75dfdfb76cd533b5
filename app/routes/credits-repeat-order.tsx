import { randomUUID } from 'node:crypto'
import { FormattedMessage } from 'react-intl'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { lastOrder, priceCheckout } from '#app/features/billing/checkout.server'
import { repeatLastOrder } from '#app/features/billing/checkout-submit.server'
import { MethodName } from '#app/features/billing/components/method-list'
import { PriceSummary } from '#app/features/billing/components/price-summary'
import { RefusalAlert } from '#app/features/billing/components/refusal-alert'
import { billingOfViewer } from '#app/features/billing/member-billing.server'
import { findPaymentMethod } from '#app/features/billing/payment-methods'
import { chargesStoredCard } from '#app/features/billing/stored-card.server'
import { refusalMessage } from '#app/routes/-helpers/checkout-refusal.server'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { tooOftenReply } from './write-limit.server'
import type { Route } from './+types/credits-repeat-order'
import { Icon } from '#app/ui/icon'

/**
 * /credits/repeat-order (Premium only, spec section 6): the last bundle with the last method, in one click. A card
 * payment charges the card used before; a direct debit goes through its mandate form again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  if (!viewer.paidUser) throw redirect('/premium')
  const last = await lastOrder(viewer.userId)
  if (!last) throw redirect('/credits')
  if (last.method === 'sepa_direct_debit') throw redirect(`/directdebit?bundle=${encodeURIComponent(last.bundleId)}`)
  const settings = await getSettings()
  const priced = await priceCheckout(billingOfViewer(viewer, settings), last.bundleId, last.method, null, settings)
  // The bundle or the method is no longer offered: the member chooses again.
  if (!priced.ok) throw redirect('/credits')
  const m = findPaymentMethod(last.method)!
  return {
    bundleId: last.bundleId,
    method: { id: m.id, label: m.label, labelId: m.labelId, icon: m.icon },
    storedCard: await chargesStoredCard(m.id),
    quote: priced.quote,
    credits: priced.bundle.credits,
    key: randomUUID(),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  if (!viewer.paidUser) throw redirect('/premium')
  const r = await repeatLastOrder(viewer.userId, (await readFormData(request)).get('key'), viewer.language)
  if (isTooOften(r)) return tooOftenReply(r.retryAfter, { refusal: null })
  if (r.ok) throw redirect(r.redirectTo)
  if (r.reason === 'nothing_to_repeat') throw redirect('/credits')
  const refusal = refusalMessage(r)
  return data({ refusal }, { status: refusal.status })
}

export default function RepeatOrder({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  return (
    <div className="row justify-content-center">
      <div className="col-lg-6">
        <h1 className="h3 mb-3">
          <FormattedMessage id="credits.repeatOrder" />
        </h1>
        <div className="card mb-3">
          <div className="card-body">
            <p className="d-flex align-items-center gap-2">
              <Icon name={loaderData.method.icon} className="fs-4" />
              <span className="fw-semibold">
                <MethodName method={loaderData.method} />
              </span>
              {loaderData.storedCard ? (
                <span className="small text-body-secondary">
                  <FormattedMessage id="credits.storedCard" />
                </span>
              ) : null}
            </p>
            <PriceSummary quote={loaderData.quote} credits={loaderData.credits} />
          </div>
        </div>
        {actionData?.refusal ? <RefusalAlert refusal={actionData.refusal} /> : null}
        {actionData && 'tooOften' in actionData ? <TooOftenAlert refusal={actionData.tooOften} /> : null}
        <Form method="post">
          <input type="hidden" name="key" value={loaderData.key} />
          <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy} aria-busy={busy} data-testid="repeat-pay">
            {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            <FormattedMessage id="credits.buyAgain" />
          </button>
        </Form>
        <p className="mt-3">
          <Link to="/credits">
            <FormattedMessage id="credits.otherBundle" />
          </Link>
        </p>
      </div>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'credits.repeatOrder')]
