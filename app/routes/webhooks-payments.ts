import { z } from 'zod'
import { paymentProvider } from '#app/adapters/payments/index.server'
import { ProviderError } from '#app/adapters/payments/provider'
import { syncPayment } from '#app/features/billing/payment-sync.server'
import { readFormData } from '#app/lib/form-data.server'
import type { Route } from './+types/webhooks-payments'

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/)

export function loader() {
  return new Response('Not Found', { status: 404 })
}

/**
 * POST /webhooks/payments/{provider}: the provider says "something changed about payment {id}" (a form with only
 * the id, as Mollie sends it). We fetch the payment from the provider and book what it says (payment-sync), so a
 * forged, repeated or out-of-order call changes nothing it should not. Any answer but 2xx makes the provider try
 * again later: 503 when our database or the provider is away, 404 for a payment we do not know (yet).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const provider = await paymentProvider()
  if (params.provider !== provider.name) return new Response('Not Found', { status: 404 })
  const form = await readFormData(request)
  const id = idSchema.safeParse(form.get('id'))
  if (!id.success) return new Response('Bad Request', { status: 400 })
  try {
    const r = await syncPayment(provider, id.data)
    if (r === 'unknown') return new Response('Not Found', { status: 404 })
    return new Response('OK', { status: 200 })
  } catch (e) {
    if (e instanceof ProviderError && e.status === 404) return new Response('Not Found', { status: 404 })
    if (e instanceof ProviderError) return new Response('Service Unavailable', { status: 503, headers: { 'Retry-After': '30' } })
    throw e
  }
}
