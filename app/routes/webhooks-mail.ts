import crypto from 'node:crypto'
import { applyMailEvents, mailEventsSchema } from '#app/features/notifications/mail-webhooks.server'
import { env } from '#app/lib/env.server'
import type { Route } from './+types/webhooks-mail'

function authorized(header: string | null, secret: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '')
  const expected = Buffer.from(secret)
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

export function loader() {
  return new Response('Not Found', { status: 404 })
}

/**
 * POST /webhooks/mail: the mail provider reports bounces, spam complaints and mail-app unsubscribes
 * (docs/mail-webhooks.md). Authenticated by MAIL_WEBHOOK_SECRET; without one configured the endpoint does not exist.
 */
export async function action({ request }: Route.ActionArgs) {
  const secret = env().MAIL_WEBHOOK_SECRET
  if (!secret) return new Response('Not Found', { status: 404 })
  if (request.method !== 'POST') return Response.json({ error: 'method_not_allowed' }, { status: 405 })
  if (!authorized(request.headers.get('authorization'), secret)) return Response.json({ error: 'unauthorized' }, { status: 401 })
  const body = await request.json().catch(() => null)
  const parsed = mailEventsSchema.safeParse(body)
  if (!parsed.success) return Response.json({ error: 'invalid_request' }, { status: 400 })
  return Response.json({ ok: true, applied: await applyMailEvents(parsed.data) })
}
