import type { Settings } from '#app/features/settings/defaults'

export interface BundleOffer {
  id: string
  credits: number
  currency: string
  priceMinor: number
  /** Price per credit in minor units (fractional). */
  perCreditMinor: number
  /** The lowest price per credit of the list. */
  bestValue: boolean
}

/** The bundles on sale in a country, with their prices; bundles without a price there are not offered. */
export function bundlesFor(settings: Settings, country: string): BundleOffer[] {
  const list = settings.bundle_prices[country]
  if (!list) return []
  const offers = settings.credit_bundles
    .filter((b) => Number.isInteger(list.prices[b.id]) && b.credits > 0)
    .map((b) => ({
      id: b.id,
      credits: b.credits,
      currency: list.currency,
      priceMinor: list.prices[b.id],
      perCreditMinor: list.prices[b.id] / b.credits,
      bestValue: false,
    }))
  const best = Math.min(...offers.map((o) => o.perCreditMinor))
  return offers.map((o) => ({ ...o, bestValue: offers.length > 1 && o.perCreditMinor === best }))
}

export function findBundle(settings: Settings, country: string, bundleId: string): BundleOffer | undefined {
  return bundlesFor(settings, country).find((b) => b.id === bundleId)
}
