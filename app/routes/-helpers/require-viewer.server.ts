import type { AppLoadContext } from 'react-router'
import { redirect } from 'react-router'
import type { Viewer } from '#app/features/authentication/viewer.server'

/** The logged-in member or a redirect to /login that comes back here afterwards. */
export function requireViewer(context: AppLoadContext, request: Request): Viewer {
  if (context.viewer) return context.viewer
  const url = new URL(request.url)
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
}

/** For JSON endpoints: spec section 8, a 403 with authentication_required. */
export function requireApiViewer(context: AppLoadContext): Viewer {
  if (context.viewer) return context.viewer
  throw Response.json({ error: 'authentication_required' }, { status: 403 })
}
