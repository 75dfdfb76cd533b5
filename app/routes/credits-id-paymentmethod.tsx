import { randomUUID } from 'node:crypto'
import { FormattedMessage } from 'react-intl'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { findBundle } from '#app/features/billing/bundles.server'
import { priceCheckout } from '#app/features/billing/checkout.server'
import { submitCheckout } from '#app/features/billing/checkout-submit.server'
import { tryTypedCode } from '#app/features/billing/typed-code.server'
import { MethodList, MethodName } from '#app/features/billing/components/method-list'
import { useMoney } from '#app/features/billing/components/money'
import { PriceSummary } from '#app/features/billing/components/price-summary'
import { RefusalAlert } from '#app/features/billing/components/refusal-alert'
import { activeDiscount } from '#app/features/billing/discounts.server'
import { shownDiscount } from '#app/features/billing/shown-discount.server'
import { isDirectDebitAvailable } from '#app/features/billing/direct-debit-availability.server'
import { billingOfViewer } from '#app/features/billing/member-billing.server'
import { methodViews } from '#app/features/billing/offers.server'
import { findPaymentMethod, methodsForCountry } from '#app/features/billing/payment-methods'
import { refusalMessage } from '#app/routes/-helpers/checkout-refusal.server'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { tooOften } from '#app/features/safety/too-often'
import { retryAfterHeader } from '#app/lib/http.server'
import { tooOftenReply } from './write-limit.server'
import type { Route } from './+types/credits-id-paymentmethod'
import { Icon } from '#app/ui/icon'

const paySchema = z.object({ key: z.uuid(), code: z.string().max(40).optional() })

const notFound = () => new Response('Not Found', { status: 404 })

/**
 * /credits/{id}/{paymentmethod?}: without a method, the methods of the member's country for this bundle; with one,
 * the order as it will be charged (discount, fee, VAT) and the button that starts the payment.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const settings = await getSettings()
  const member = billingOfViewer(viewer, settings)
  const bundle = findBundle(settings, member.country, params.id)
  if (!bundle) throw notFound()
  const typed = new URL(request.url).searchParams.get('code')
  if (!params.paymentmethod) {
    const active = typed ? null : await shownDiscount(member)
    const code = typed ?? active?.code ?? null
    return {
      step: 'method' as const,
      bundle,
      code,
      methods: methodViews(settings, member.country, member.currency, bundle.priceMinor),
      currency: member.currency,
    }
  }
  const method = params.paymentmethod
  if (!methodsForCountry(member.country, settings.disabled_payment_methods).some((m) => m.id === method)) throw notFound()
  // Not offered on this site (app/features/billing/direct-debit-availability.server.ts): asked for by its address, it is refused in words.
  if (method === 'sepa_direct_debit' && !isDirectDebitAvailable())
    return data({ step: 'refused' as const, bundle, refusal: refusalMessage({ reason: 'direct_debit_off' }) }, { status: 403 })
  if (method === 'sepa_direct_debit') throw redirect(`/directdebit?${new URLSearchParams({ bundle: bundle.id, ...(typed ? { code: typed } : {}) })}`)
  // A typed code past the limit of refused ones is not looked at (no guessing), as on /credits.
  const tried = await tryTypedCode(
    viewer.userId,
    typed,
    async (withTyped) => {
      const code = (withTyped ? typed : null) ?? (await activeDiscount(member))?.code ?? null
      return { code, priced: await priceCheckout(member, bundle.id, method, code, settings) }
    },
    ({ priced }) => !priced.ok && priced.reason === 'discount',
  )
  const codeWait = tried.tooOften?.retryAfter ?? 0
  const { code } = tried.result
  let { priced } = tried.result
  let codeRefusal = null
  if (!priced.ok && priced.reason === 'discount') {
    codeRefusal = refusalMessage(priced)
    priced = await priceCheckout(member, bundle.id, method, null, settings)
  }
  if (!priced.ok) throw notFound()
  const page = {
    step: 'pay' as const,
    bundle,
    method: { id: method, label: findPaymentMethod(method)?.label, labelId: findPaymentMethod(method)?.labelId },
    quote: priced.quote,
    code: codeRefusal ? null : code,
    typedCode: typed ?? '',
    codeRefusal,
    // The form's key: sending it twice (double click, back and resend) starts one payment.
    checkoutKey: randomUUID(),
    tooOften: codeWait ? tooOften(codeWait) : null,
  }
  return codeWait ? data(page, { status: 429, headers: retryAfterHeader(codeWait) }) : page
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const parsed = paySchema.safeParse(Object.fromEntries(await readFormData(request)))
  if (!parsed.success || !params.paymentmethod) return data({ refusal: refusalMessage({ reason: 'unknown_bundle' }) }, { status: 400 })
  const r = await submitCheckout({
    userId: viewer.userId,
    bundleId: params.id,
    method: params.paymentmethod,
    code: parsed.data.code || null,
    idempotencyKey: parsed.data.key,
    locale: viewer.language,
  })
  if (isTooOften(r)) return tooOftenReply(r.retryAfter, { refusal: null })
  if (r.ok) throw redirect(r.redirectTo)
  const refusal = refusalMessage(r)
  return data({ refusal }, { status: refusal.status })
}

export default function CreditsCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const money = useMoney()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  if (loaderData.step === 'method') {
    const { bundle, code } = loaderData
    return (
      <div className="row justify-content-center">
        <div className="col-lg-7">
          <h1 className="h3 mb-3">
            <FormattedMessage id="credits.chooseMethod" />
          </h1>
          <p className="text-body-secondary">
            <FormattedMessage id="credits.bundleCredits" values={{ count: bundle.credits }} />
          </p>
          <MethodList
            methods={loaderData.methods}
            currency={loaderData.currency}
            linkTo={(m) => `/credits/${bundle.id}/${m}${code ? `?code=${encodeURIComponent(code)}` : ''}`}
          />
          <p className="mt-3">
            <Link to="/credits">
              <FormattedMessage id="credits.otherBundle" />
            </Link>
          </p>
        </div>
      </div>
    )
  }
  if (loaderData.step === 'refused') {
    return (
      <div className="row justify-content-center">
        <div className="col-lg-6">
          <h1 className="h3 mb-3">
            <FormattedMessage id="credits.checkoutTitle" />
          </h1>
          <RefusalAlert refusal={loaderData.refusal} />
          <p>
            <Link to={`/credits/${loaderData.bundle.id}`}>
              <FormattedMessage id="directdebit.otherMethod" />
            </Link>
          </p>
        </div>
      </div>
    )
  }
  const { bundle, quote, method, code, codeRefusal } = loaderData
  return (
    <div className="row justify-content-center">
      <div className="col-lg-6">
        <h1 className="h3 mb-3">
          <FormattedMessage id="credits.checkoutTitle" />
        </h1>
        <div className="card mb-3">
          <div className="card-body">
            <p className="d-flex align-items-center gap-2 mb-3">
              <Icon name={findPaymentMethod(method.id)?.icon ?? 'credit-card'} className="fs-4" />
              <span className="fw-semibold">
                <MethodName method={method} />
              </span>
              <Link to={`/credits/${bundle.id}${code ? `?code=${encodeURIComponent(code)}` : ''}`} className="ms-auto small">
                <FormattedMessage id="credits.changeMethod" />
              </Link>
            </p>
            <PriceSummary quote={quote} code={code} credits={bundle.credits} />
          </div>
        </div>
        {codeRefusal ? <RefusalAlert refusal={codeRefusal} /> : null}
        {loaderData.tooOften ? <TooOftenAlert refusal={loaderData.tooOften} /> : null}
        {actionData?.refusal ? <RefusalAlert refusal={actionData.refusal} /> : null}
        {actionData && 'tooOften' in actionData ? <TooOftenAlert refusal={actionData.tooOften} /> : null}
        <Form method="post">
          <input type="hidden" name="key" value={loaderData.checkoutKey} />
          {code ? <input type="hidden" name="code" value={code} /> : null}
          <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy} aria-busy={busy} data-testid="pay">
            {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="lock-fill" className="me-2" />}
            <FormattedMessage id={busy ? 'credits.paying' : 'credits.pay'} values={{ total: money(quote.totalMinor, quote.currency) }} />
          </button>
        </Form>
        <Form method="get" className="row g-2 align-items-end mt-3">
          <div className="col">
            <label htmlFor="checkout-code" className="form-label small">
              <FormattedMessage id="credits.code" />
            </label>
            <input
              id="checkout-code"
              name="code"
              className="form-control form-control-sm"
              maxLength={40}
              autoComplete="off"
              defaultValue={loaderData.typedCode}
              key={loaderData.typedCode}
              aria-invalid={codeRefusal ? true : undefined}
            />
          </div>
          <div className="col-auto">
            <button type="submit" className="btn btn-sm btn-outline-dark">
              <FormattedMessage id="credits.applyCode" />
            </button>
          </div>
        </Form>
      </div>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'credits.checkoutTitle')]
