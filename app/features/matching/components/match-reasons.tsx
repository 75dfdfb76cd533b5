import { FormattedMessage } from 'react-intl'
import type { Proposal } from '../proposals.server'

/** Why a profile is proposed: interests in common, the same region. */
export function MatchReasons({ proposal }: { proposal: Pick<Proposal, 'sharedInterests' | 'sameRegion'> }) {
  if (!proposal.sharedInterests.length && !proposal.sameRegion) return null
  return (
    <p className="small text-success mb-0" data-testid="match-reasons">
      {proposal.sharedInterests.length ? (
        <span className="me-2">
          <i className="bi bi-stars me-1" aria-hidden="true" />
          <FormattedMessage id="matching.interestsInCommon" values={{ count: proposal.sharedInterests.length }} />
        </span>
      ) : null}
      {proposal.sameRegion ? (
        <span>
          <i className="bi bi-geo me-1" aria-hidden="true" />
          <FormattedMessage id="matching.inYourRegion" />
        </span>
      ) : null}
    </p>
  )
}
