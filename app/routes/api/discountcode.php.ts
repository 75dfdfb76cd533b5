import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { activeDiscount, checkDiscount, WELCOME_CODE } from '#app/features/billing/discounts.server'
import { billingOfViewer } from '#app/features/billing/member-billing.server'
import { discountView } from '#app/features/billing/offers.server'
import { checkTypedCode } from '#app/features/billing/typed-code.server'
import { getSettings } from '#app/features/settings/settings.server'
import { isTooOften } from '#app/features/settings/write-limits.server'
import type { Route } from './+types/discountcode.php'
import { tooOftenJson } from '../write-limit.server'

/**
 * GET /api/discountcode.php (spec section 7): `?code=X` checks a code for the member (with `amount` in minor units
 * and `method` when known); `?welcome=true` gives the welcome discount while it applies; without either, the
 * active discount (time bonus first). Refusals carry the catalog's error code (spec section 5).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context)
  const settings = await getSettings()
  const member = billingOfViewer(viewer, settings)
  const q = new URL(request.url).searchParams
  if (q.get('welcome') === 'true') {
    const r = await checkDiscount({ code: WELCOME_CODE, member }, undefined, settings)
    return r.ok ? Response.json({ discountcode: discountView(r.discount) }) : Response.json({ error: 'not_found' }, { status: 404 })
  }
  const code = q.get('code')
  if (code === null) {
    const d = await activeDiscount(member)
    return Response.json({ discountcode: d ? discountView(d) : null })
  }
  const amount = q.get('amount')
  const orderMinor = amount !== null && /^\d{1,9}$/.test(amount) ? Number(amount) : undefined
  // Refused codes are counted; past the limit no code is looked at, so codes cannot be found by guessing.
  const r = await checkTypedCode(
    viewer.userId,
    () => checkDiscount({ code, member, orderMinor, method: q.get('method') ?? undefined }, undefined, settings),
    (c) => !c.ok,
  )
  if (isTooOften(r)) return tooOftenJson(request, context, r.retryAfter)
  if (r.ok)
    return Response.json({
      discountcode: { ...discountView(r.discount), minimum_order_value: r.discount.minimumOrderMinor, paymentmethods: r.discount.paymentMethods },
    })
  return Response.json(
    { error: r.error, minimum_order_value: r.minimumMinor ?? null, currency: r.currency ?? null },
    { status: r.error === 'used' ? 409 : r.error === 'not_found' ? 404 : 422 },
  )
}
