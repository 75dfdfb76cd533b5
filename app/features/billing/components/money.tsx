import { useIntl } from 'react-intl'
import { formatMoney } from '../pricing'

/** Money in the page's locale: minor units and a currency in, "€ 9,99" out. */
export function useMoney(): (minor: number, currency: string) => string {
  const intl = useIntl()
  return (minor, currency) => formatMoney(minor, currency, intl.locale)
}

/** A price never breaks across lines ("€14." / "99" on a phone, issue 27): the line breaks beside it instead. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  return <span className="text-nowrap">{useMoney()(minor, currency)}</span>
}
