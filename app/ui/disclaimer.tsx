import { FormattedMessage } from 'react-intl'

/**
 * The disclaimer under the footer (spec section 2: the default and lander layouts each have one). The lander's
 * speaks about the profiles shown on a marketing page; both say what a visitor must know before signing up.
 */
export function Disclaimer({ kind, siteName, minimumAge }: { kind: 'default' | 'lander'; siteName: string; minimumAge: number }) {
  return (
    <div className="container pb-4 small text-body-secondary" data-testid={`disclaimer-${kind}`}>
      <p className="mb-0">
        <FormattedMessage id={`disclaimer.${kind}`} values={{ name: siteName, age: minimumAge }} />
      </p>
    </div>
  )
}
