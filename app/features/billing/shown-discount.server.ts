import { errorText } from '#app/lib/error-text'
import { logger } from '#app/lib/logger.server'
import { activeDiscount, type Discount } from './discounts.server'
import type { MemberBilling } from './member-billing.server'

/**
 * The discount a page shows beside its prices (the credits page, the chat's credit wall, Premium). Spec: a failure to
 * load the welcome discount is silently ignored, so the page shows full prices rather than an error; the failure is
 * logged (without anything of the member). A checkout still checks the discount itself when it is paid.
 */
export async function shownDiscount(member: MemberBilling): Promise<Discount | null> {
  try {
    return await activeDiscount(member)
  } catch (e) {
    logger.warn({ err: errorText(e) }, 'discount not loaded: the page shows full prices')
    return null
  }
}
