import { z } from 'zod'
import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { lookUpPlace, submitOwnPosition } from '#app/features/profiles/own-position.server'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { readFormData } from '#app/lib/form-data.server'
import type { Route } from './+types/geocode.php'
import { tooOftenJson } from '../write-limit.server'

const position = z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) })
const noStore = { 'Cache-Control': 'no-store' }

/**
 * GET /api/geocode.php?lat&lon (spec section 7): the place (country, region, city) for the browser's position, from
 * offline data; false when nothing served is near. A lookup only: a GET never stores anything, so a link or an
 * image on another site cannot set a member's place (issue 24, point 4).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiViewer(context)
  const url = new URL(request.url)
  const parsed = position.safeParse({ lat: url.searchParams.get('lat'), lon: url.searchParams.get('lon') })
  if (!parsed.success) return Response.json({ error: 'invalid_position', result: false }, { status: 400 })
  return Response.json({ result: (await lookUpPlace(parsed.data)) ?? false }, { headers: noStore })
}

/**
 * POST /api/geocode.php {lat, lon}: the same answer, and the place becomes the member's (the centre of their town's
 * grid cell is stored, never the position). A profile edit: counted against the member's write limit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireApiViewer(context)
  if (request.method !== 'POST') return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'GET, POST' } })
  const type = request.headers.get('content-type') ?? ''
  const body = type.includes('application/json') ? await request.json().catch(() => ({})) : Object.fromEntries(await readFormData(request))
  const parsed = position.safeParse(body ?? {})
  if (!parsed.success) return Response.json({ error: 'invalid_position', result: false }, { status: 400 })
  const r = await submitOwnPosition(viewer.profileId, parsed.data)
  if (isTooOften(r)) return tooOftenJson(request, context, r.retryAfter, { result: false })
  return Response.json({ result: r ?? false }, { headers: noStore })
}
