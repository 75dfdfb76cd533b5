import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { DiscountNotice } from '#app/features/billing/components/discount-notice'
import type { DiscountView } from '#app/features/billing/offers.server'
import type { Wall } from '../chat-session'

/**
 * Why the message did not go out, with the way forward: buying credits (with the discount that applies now) or
 * Premium for more conversations. What was typed stays in the box.
 */
export function ChatWall({
  wall,
  name,
  freeConversations,
  discount,
}: {
  wall: Exclude<Wall, 'premium'>
  name: string
  freeConversations: number
  discount: DiscountView | null
}) {
  return (
    <div className="alert alert-warning m-2 mb-0" role="alert" data-testid="credit-wall">
      <p className="mb-2">
        {wall === 'credits' ? (
          <FormattedMessage id="chat.errorNoCredits" values={{ name }} />
        ) : (
          <FormattedMessage id="chat.errorFreeConversations" values={{ count: freeConversations }} />
        )}
      </p>
      {discount ? <DiscountNotice discount={discount} /> : null}
      <Link to={wall === 'credits' ? '/credits' : '/premium'} className="btn btn-primary btn-sm">
        <FormattedMessage id={wall === 'credits' ? 'chat.buyCredits' : 'nav.getPremium'} />
      </Link>
    </div>
  )
}
