import { FormattedMessage, useIntl } from 'react-intl'
import { Form } from 'react-router'
import { bundlesFor } from '#app/features/billing/bundles.server'
import { MethodList } from '#app/features/billing/components/method-list'
import { Money } from '#app/features/billing/components/money'
import { billingCountry } from '#app/features/billing/member-billing.server'
import { methodViews } from '#app/features/billing/offers.server'
import { getSettings } from '#app/features/settings/settings.server'
import { selectedCountry, visitorCountry } from '#app/features/visitors/visitor.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/pricing'
import type { SeoHandle } from '#app/ui/seo-tags'
import { regionNamesFor } from '#app/lib/intl-cache'

/** og:title of the public page (app/ui/seo-tags.tsx). */
export const handle: SeoHandle = { seo: () => ({ titleId: 'pricing.title' }) }

/**
 * /pricing (public): the bundles, what each action costs and the fees of each method, for a country: the one
 * chosen, else the one rule of the members area (issue 28, one currency for one person): the member's own country,
 * or for a visitor the country they are in (offline GeoIP), as signup preselects it; a visitor can switch.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, { locale }] = await Promise.all([getSettings(), requestLocale(request, context)])
  const asked = new URL(request.url).searchParams.get('country')?.toUpperCase()
  const visitor = selectedCountry(visitorCountry(context, settings), locale, settings.countries)
  const fallback = context.viewer?.country ?? visitor ?? settings.domain_language.split('-')[1]
  const { country, currency, vatPercent } = billingCountry(settings, asked && settings.bundle_prices[asked] ? asked : fallback)
  const bundles = bundlesFor(settings, country)
  const minimum = settings.minimum_message_costs[country]
  return {
    country,
    currency,
    vatPercent,
    countries: Object.keys(settings.bundle_prices),
    bundles,
    methods: methodViews(settings, country, currency, bundles[0]?.priceMinor ?? 0),
    costs: { message: Math.max(settings.message_credits, minimum?.costs ?? 0), photo: settings.photo_credits, gift: settings.gift_credits },
    refundDays: settings.refund_days,
    freeConversations: settings.free_conversations,
  }
}

export default function Pricing({ loaderData: d }: Route.ComponentProps) {
  const intl = useIntl()
  const regionNames = regionNamesFor(intl.locale)
  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="pricing.title" />
      </h1>
      <p>
        <FormattedMessage id="pricing.intro" />
      </p>
      <Form method="get" className="row g-2 align-items-end mb-4">
        <div className="col-auto">
          <label htmlFor="pricing-country" className="form-label">
            <FormattedMessage id="pricing.country" />
          </label>
          <select id="pricing-country" name="country" className="form-select" defaultValue={d.country} key={d.country}>
            {d.countries.map((c) => (
              <option key={c} value={c}>
                {regionNames.of(c)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-outline-dark">
            <FormattedMessage id="pricing.show" />
          </button>
        </div>
      </Form>
      <h2 className="h5">
        <FormattedMessage id="pricing.bundles" />
      </h2>
      <div className="table-responsive mb-4">
        <table className="table" data-testid="pricing-bundles">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="transactions.credits" />
              </th>
              <th scope="col" className="text-end">
                <FormattedMessage id="pricing.price" />
              </th>
              <th scope="col" className="text-end">
                <FormattedMessage id="pricing.perCredit" />
              </th>
            </tr>
          </thead>
          <tbody>
            {d.bundles.map((b) => (
              <tr key={b.id}>
                <td>
                  <FormattedMessage id="credits.bundleCredits" values={{ count: b.credits }} />
                  {b.bestValue ? (
                    <span className="badge text-bg-success ms-2">
                      <FormattedMessage id="credits.bestValue" />
                    </span>
                  ) : null}
                </td>
                <td className="text-end">
                  <Money minor={b.priceMinor} currency={b.currency} />
                </td>
                <td className="text-end">
                  <Money minor={Math.round(b.perCreditMinor * 10) / 10} currency={b.currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="small text-body-secondary">
        <FormattedMessage id="pricing.vat" values={{ rate: d.vatPercent }} /> <FormattedMessage id="pricing.noSubscription" />
      </p>
      <h2 className="h5 mt-4">
        <FormattedMessage id="pricing.costs" />
      </h2>
      <ul data-testid="pricing-costs">
        <li>
          <FormattedMessage id="pricing.costMessage" values={{ count: d.costs.message }} />
        </li>
        <li>
          <FormattedMessage id="pricing.costPhoto" values={{ count: d.costs.photo }} />
        </li>
        <li>
          <FormattedMessage id="pricing.costGift" values={{ count: d.costs.gift }} />
        </li>
        <li>
          <FormattedMessage id="pricing.free" values={{ count: d.freeConversations }} />
        </li>
      </ul>
      <h2 className="h5 mt-4">
        <FormattedMessage id="pricing.methods" />
      </h2>
      <MethodList methods={d.methods} currency={d.currency} />
      <p className="small text-body-secondary mt-3">
        <FormattedMessage id="pricing.refunds" values={{ days: d.refundDays }} />
      </p>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'pricing.title')]
