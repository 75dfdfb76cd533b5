import { useIntl } from 'react-intl'
import { formatMoney } from '../pricing'

/** Money in the page's locale: minor units and a currency in, "€ 9,99" out. */
export function useMoney(): (minor: number, currency: string) => string {
  const intl = useIntl()
  return (minor, currency) => formatMoney(minor, currency, intl.locale)
}

export function Money({ minor, currency }: { minor: number; currency: string }) {
  return <>{useMoney()(minor, currency)}</>
}
