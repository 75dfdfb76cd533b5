import { useState, type FormEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { BundleList } from '#app/features/billing/components/bundle-list'
import { DiscountNotice } from '#app/features/billing/components/discount-notice'
import { MethodList } from '#app/features/billing/components/method-list'
import { Money } from '#app/features/billing/components/money'
import { messageCost } from '#app/features/chat/message-cost'
import { lastOrder } from '#app/features/billing/checkout.server'
import { billingOfViewer } from '#app/features/billing/member-billing.server'
import { methodViews, offersFor } from '#app/features/billing/offers.server'
import { tryTypedCode } from '#app/features/billing/typed-code.server'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { retryAfterHeader } from '#app/lib/http.server'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { tooOften } from '#app/features/safety/too-often'
import type { Route } from './+types/credits'
import { Icon } from '#app/ui/icon'

/** /credits: the bundles of the member's country, the discount that applies, and the methods to pay with. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const settings = await getSettings()
  const member = billingOfViewer(viewer, settings)
  const code = new URL(request.url).searchParams.get('code')
  // Codes typed in: refused ones are counted, and past the limit a code is not even looked at (no guessing).
  const tried = await tryTypedCode(
    viewer.userId,
    code,
    (withCode) => offersFor(member, settings, withCode ? code : null),
    (o) => !!o.codeError,
  )
  const offers = tried.result
  const codeWait = tried.tooOften?.retryAfter ?? 0
  const cheapest = offers.bundles[0]?.discountedMinor ?? 0
  const page = {
    ...offers,
    tooOften: codeWait ? tooOften(codeWait) : null,
    typedCode: code ?? '',
    methods: methodViews(settings, member.country, member.currency, cheapest),
    // What one message costs here, and each package's fee by method: the total is said before "Continue" (issue 28).
    messageCredits: messageCost(settings, 'text', member.country),
    fees: Object.fromEntries(
      offers.bundles.map((b) => [
        b.id,
        Object.fromEntries(methodViews(settings, member.country, member.currency, b.discountedMinor).map((m) => [m.id, m.feeMinor])),
      ]),
    ),
    credits: viewer.credits,
    paidUser: viewer.paidUser,
    repeat: viewer.paidUser ? await lastOrder(viewer.userId) : null,
  }
  return codeWait ? data(page, { status: 429, headers: retryAfterHeader(codeWait) }) : page
}

/** Without JavaScript too: the chosen bundle and method lead to the checkout page of that pair. */
export async function action({ request, context }: Route.ActionArgs) {
  requireViewer(context, request)
  const parsed = choice.safeParse(Object.fromEntries(await readFormData(request)))
  if (!parsed.success) return { error: 'credits.chooseBoth' }
  const { bundle, method, code } = parsed.data
  if (method === 'sepa_direct_debit') throw redirect(`/directdebit?${new URLSearchParams({ bundle, ...(code ? { code } : {}) })}`)
  throw redirect(`/credits/${bundle}/${method}${code ? `?${new URLSearchParams({ code })}` : ''}`)
}

const choice = z.object({ bundle: z.string().regex(/^[\w-]{1,20}$/), method: z.string().regex(/^[\w-]{1,30}$/), code: z.string().max(40).optional() })

export default function Credits({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const { bundles, methods, discount, codeError, currency } = loaderData
  // Nothing is chosen for the member (issue 28); once both are, the total with the method's fee shows.
  const [chosen, setChosen] = useState<{ bundle?: string; method?: string }>({})
  const onChoice = (e: FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget)
    setChosen({ bundle: form.get('bundle')?.toString(), method: form.get('method')?.toString() })
  }
  const bundle = bundles.find((b) => b.id === chosen.bundle)
  const fee = bundle && chosen.method ? loaderData.fees[bundle.id]?.[chosen.method] : undefined
  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-3">
        <h1 className="h3 mb-0 me-auto">
          <FormattedMessage id="credits.title" />
        </h1>
        <span className="text-body-secondary" data-testid="credits-balance">
          <FormattedMessage id="credits.balance" values={{ count: loaderData.credits }} />
        </span>
        {loaderData.repeat ? (
          <Link to="/credits/repeat-order" className="btn btn-outline-primary btn-sm">
            <Icon name="arrow-repeat" className="me-1" />
            <FormattedMessage id="credits.repeatOrder" />
          </Link>
        ) : null}
      </div>
      <p className="text-body-secondary">
        <FormattedMessage id={loaderData.paidUser ? 'credits.introPremium' : 'credits.intro'} />{' '}
        <strong data-testid="message-price">
          <FormattedMessage id="credits.messagePrice" values={{ count: loaderData.messageCredits }} />
        </strong>
      </p>
      {discount ? <DiscountNotice discount={discount} /> : null}
      {loaderData.tooOften ? <TooOftenAlert refusal={loaderData.tooOften} /> : null}
      {codeError ? (
        <div className="alert alert-danger" role="alert" data-testid="code-error">
          <FormattedMessage id={`discount.error.${codeError.error}`} />
        </div>
      ) : null}
      <Form method="post" onChange={onChoice}>
        {discount ? <input type="hidden" name="code" value={discount.code} /> : null}
        <fieldset className="mb-4">
          <legend className="h5">
            <FormattedMessage id="credits.chooseBundle" />
          </legend>
          <BundleList bundles={bundles} name="bundle" messageCredits={loaderData.messageCredits} />
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h5">
            <FormattedMessage id="credits.chooseMethod" />
          </legend>
          <MethodList methods={methods} currency={currency} name="method" />
        </fieldset>
        {actionData?.error ? (
          <div className="alert alert-danger" role="alert">
            <FormattedMessage id={actionData.error} />
          </div>
        ) : null}
        {bundle && fee !== undefined ? (
          <p className="fs-5" data-testid="credits-total" aria-live="polite">
            <FormattedMessage
              id={fee > 0 ? 'credits.totalWithFee' : 'credits.total'}
              values={{
                total: <Money minor={bundle.discountedMinor + fee} currency={bundle.currency} />,
                fee: <Money minor={fee} currency={bundle.currency} />,
              }}
            />
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-lg" data-testid="credits-continue">
          <FormattedMessage id="credits.continue" />
        </button>
      </Form>
      <Form method="get" className="row g-2 align-items-end mt-4" aria-label={intl.formatMessage({ id: 'credits.code' })}>
        <div className="col-auto">
          <label htmlFor="discount-code" className="form-label">
            <FormattedMessage id="credits.code" />
          </label>
          <input
            id="discount-code"
            name="code"
            className="form-control"
            maxLength={40}
            autoComplete="off"
            defaultValue={loaderData.typedCode}
            key={loaderData.typedCode}
            aria-invalid={codeError ? true : undefined}
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-outline-dark">
            <FormattedMessage id="credits.applyCode" />
          </button>
        </div>
      </Form>
      <p className="small text-body-secondary mt-4">
        <Link to="/pricing">
          <FormattedMessage id="credits.pricingLink" />
        </Link>{' '}
        ·{' '}
        <Link to="/transactions">
          <FormattedMessage id="nav.transactions" />
        </Link>
      </p>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'credits.title')]
