import { FormattedMessage } from 'react-intl'

/** The real number of listed profiles (counted by the search; past its cap the text says "more than"). */
export function ProfileCount({ count }: { count: { total: number; capped: boolean } }) {
  if (count.total === 0) return null
  return <FormattedMessage id={count.capped ? 'lander.countCapped' : 'lander.count'} values={{ count: count.total }} />
}
