import type { Settings } from '#app/features/settings/defaults'
import { bundlesFor } from './bundles.server'
import { checkDiscount, type Discount, type DiscountError } from './discounts.server'
import { shownDiscount } from './shown-discount.server'
import type { MemberBilling } from './member-billing.server'
import { isDirectDebitAvailable } from './direct-debit-availability.server'
import { methodsForCountry } from './payment-methods'
import { methodFeeMinor, quote } from './pricing'
import type { IconName } from '#app/ui/icon-names'

/** A discount as pages show it (dates as strings for the client). */
export interface DiscountView {
  code: string
  kind: Discount['kind']
  percentage: number
  endsAt: string | null
}

export const discountView = (d: Discount): DiscountView => ({ code: d.code, kind: d.kind, percentage: d.percentage, endsAt: d.endsAt?.toISOString() ?? null })

export interface MethodView {
  id: string
  label?: string
  labelId?: string
  icon: IconName
  /** The fee on the given price, for "fee shown before paying". */
  feeMinor: number
  /** For the card payment: the card brands it takes, named beside it instead of as choices of their own. */
  brands?: string[]
}

/** Card brands that are the one card payment (the provider's card form takes them all): one choice, not four. */
const foldedCardBrands = ['visa', 'mastercard', 'maestro']

export function methodViews(settings: Settings, country: string, currency: string, priceMinor: number): MethodView[] {
  const offered = methodsForCountry(country, settings.disabled_payment_methods).filter((m) => m.id !== 'sepa_direct_debit' || isDirectDebitAvailable())
  const views: MethodView[] = offered.map((m) => ({
    id: m.id,
    label: m.label,
    labelId: m.labelId,
    icon: m.icon,
    feeMinor: methodFeeMinor(priceMinor, currency, settings.payment_method_fees[m.id] ?? (m.card ? settings.payment_method_fees.creditcard : undefined)),
  }))
  // Issue 28: Visa, Mastercard and Maestro are the card payment, shown as its brands. A brand the operator priced
  // differently, or offered where the card payment is switched off, stays a choice of its own.
  const card = views.find((v) => v.id === 'creditcard')
  if (!card) return views
  const folded = views.filter((v) => foldedCardBrands.includes(v.id) && v.feeMinor === card.feeMinor)
  card.brands = folded.map((v) => v.label!)
  return views.filter((v) => !folded.includes(v))
}

/**
 * The bundles on offer to a member with the discount that applies (the code they typed, else the active one):
 * list price, price after discount, per-credit price and the best-value mark.
 */
export async function offersFor(member: MemberBilling, settings: Settings, typedCode?: string | null) {
  let discount: Discount | null = null
  let codeError: { error: DiscountError; minimumMinor?: number; currency?: string } | null = null
  if (typedCode?.trim()) {
    const r = await checkDiscount({ code: typedCode, member }, undefined, settings)
    if (r.ok) discount = r.discount
    else codeError = { error: r.error, minimumMinor: r.minimumMinor, currency: r.currency }
  }
  discount ??= await shownDiscount(member)
  const bundles = bundlesFor(settings, member.country).map((b) => {
    const applies = !!discount && !(discount.minimumOrderMinor && b.priceMinor < discount.minimumOrderMinor)
    const q = quote({
      listPriceMinor: b.priceMinor,
      currency: b.currency,
      discountPercentage: applies ? discount!.percentage : 0,
      vatPercent: member.vatPercent,
    })
    return { ...b, discountedMinor: q.priceMinor }
  })
  return { bundles, discount: discount ? discountView(discount) : null, codeError, country: member.country, currency: member.currency }
}
