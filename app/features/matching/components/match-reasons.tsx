import { FormattedMessage } from 'react-intl'
import type { Proposal } from '../proposals.server'
import { Icon } from '#app/ui/icon'

/** Why a profile is proposed: interests in common, the same region. */
export function MatchReasons({ proposal }: { proposal: Pick<Proposal, 'sharedInterests' | 'sameRegion'> }) {
  if (!proposal.sharedInterests.length && !proposal.sameRegion) return null
  return (
    <p className="small text-success mb-0" data-testid="match-reasons">
      {proposal.sharedInterests.length ? (
        <span className="me-2">
          <Icon name="stars" className="me-1" />
          <FormattedMessage id="matching.interestsInCommon" values={{ count: proposal.sharedInterests.length }} />
        </span>
      ) : null}
      {proposal.sameRegion ? (
        <span>
          <Icon name="geo" className="me-1" />
          <FormattedMessage id="matching.inYourRegion" />
        </span>
      ) : null}
    </p>
  )
}
