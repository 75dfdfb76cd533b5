import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { BundleList } from '#app/features/billing/components/bundle-list'
import { DiscountNotice } from '#app/features/billing/components/discount-notice'
import { billingOfViewer } from '#app/features/billing/member-billing.server'
import { offersFor } from '#app/features/billing/offers.server'
import { premiumUplift } from '#app/features/billing/premium-uplift.server'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/premium'
import { Icon } from '#app/ui/icon'

/** /premium: what Premium gives (spec section 6), the 'higher chance' claim as measured, and the bundles that give it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const settings = await getSettings()
  const [offers, uplift] = await Promise.all([offersFor(billingOfViewer(viewer, settings), settings), premiumUplift()])
  return { ...offers, paidUser: viewer.paidUser, maxPhotos: settings.max_photos_premium, uplift }
}

export default function Premium({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="text-center mb-4">
        <Icon name="gem" className="display-4 text-warning" />
        <h1 className="h2 mt-2">
          <FormattedMessage id={loaderData.paidUser ? 'premium.youArePremium' : 'premium.title'} />
        </h1>
        {/* The spec's claim only as far as our own data supports it (issue 28), with how it is measured. */}
        {loaderData.uplift ? (
          <>
            <p className="lead mb-1" data-testid="premium-claim">
              <FormattedMessage id="premium.claim" values={{ percentage: loaderData.uplift.percentage }} />
            </p>
            <p className="small text-body-secondary" data-testid="premium-claim-how">
              <FormattedMessage
                id="premium.claimHow"
                values={{ days: loaderData.uplift.windowDays, premium: loaderData.uplift.premiumMembers, free: loaderData.uplift.freeMembers }}
              />
            </p>
          </>
        ) : (
          <p className="lead" data-testid="premium-claim">
            <FormattedMessage id="premium.claimNeutral" />
          </p>
        )}
      </div>
      <ul className="row g-3 list-unstyled mb-4">
        {benefits.map((b) => (
          <li key={b.id} className="col-sm-6 col-lg-4 d-flex gap-2">
            <Icon name={b.icon} className="text-primary fs-4" />
            <span>
              <FormattedMessage id={b.id} values={{ count: loaderData.maxPhotos }} />
            </span>
          </li>
        ))}
      </ul>
      {/* The time bonus has the members area's banner with its countdown: said once (issue 27). */}
      {loaderData.discount && loaderData.discount.kind !== 'time_bonus' ? <DiscountNotice discount={loaderData.discount} /> : null}
      <h2 className="h4 mb-3">
        <FormattedMessage id={loaderData.paidUser ? 'credits.title' : 'premium.choose'} />
      </h2>
      <BundleList
        bundles={loaderData.bundles}
        linkTo={(id) => `/credits/${id}${loaderData.discount ? `?code=${encodeURIComponent(loaderData.discount.code)}` : ''}`}
      />
      <p className="small text-body-secondary mt-3">
        <FormattedMessage id="premium.note" />{' '}
        <Link to="/pricing">
          <FormattedMessage id="credits.pricingLink" />
        </Link>
      </p>
    </>
  )
}

const benefits = [
  { icon: 'images', id: 'premium.benefit.photos' },
  { icon: 'camera', id: 'premium.benefit.ownPhotos' },
  { icon: 'chat-heart', id: 'premium.benefit.chat' },
  { icon: 'arrow-repeat', id: 'premium.benefit.repeat' },
  { icon: 'gem', id: 'premium.benefit.badge' },
] as const

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'premium.title')]
