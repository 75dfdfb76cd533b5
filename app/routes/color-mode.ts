import { redirect } from 'react-router'
import { z } from 'zod'
import { safeRedirect } from '#app/features/accounts/accounts.schema'
import { submitColorMode } from '#app/features/authentication/viewer.server'
import { readFormData } from '#app/lib/form-data.server'
import { retryAfterHeader } from '#app/lib/http.server'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { colorModes } from '#app/lib/color-mode'
import { requireViewer } from './-helpers/require-viewer.server'
import type { Route } from './+types/color-mode'

const colorModeForm = z.object({ mode: z.enum(colorModes), redirectTo: z.string().optional() })

// A form post only: the address itself shows nothing.
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

/** Light, dark or the device's pages (the account menu, app/ui/color-mode-menu.tsx): kept on the account. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const parsed = colorModeForm.safeParse(Object.fromEntries(await readFormData(request)))
  if (!parsed.success) throw new Response('Unknown colour mode', { status: 400 })
  const r = await submitColorMode(viewer.userId, parsed.data.mode)
  const back = safeRedirect(parsed.data.redirectTo, '/members')
  // This address has no page to show a refusal on: past the account_change limit the page comes back unchanged
  // (Retry-After says when a change is taken again).
  if (isTooOften(r)) throw redirect(back, { headers: retryAfterHeader(r.retryAfter) })
  throw redirect(back)
}
