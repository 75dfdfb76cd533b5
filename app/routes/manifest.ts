import { getSettings } from '#app/features/settings/settings.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { nicheOf } from '#app/features/niche/niche'
import type { Route } from './+types/manifest'

/** The theme of spec section 9 (app/styles: $primary), niche 1's; other niches bring their own (app/features/niche). */
export const THEME_COLOR = '#cf3f37'

/** The icons made by scripts/make-icons.mjs into public/icons/. */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const

/** The web app manifest of the installable app: opens on the members page, standalone (installed-app mode). */
export function webManifest({ name, lang, themeColor = THEME_COLOR }: { name: string; lang: string; themeColor?: string }) {
  return {
    id: '/',
    name,
    short_name: name.length > 12 ? name.slice(0, 12).trim() : name,
    lang,
    start_url: '/members',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: themeColor,
    background_color: '#ffffff',
    icons: MANIFEST_ICONS,
  }
}

/** GET /manifest.webmanifest: the site name from settings, the language of the request. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, { locale }] = await Promise.all([getSettings(), requestLocale(request, context)])
  return new Response(JSON.stringify(webManifest({ name: settings.name, lang: locale, themeColor: nicheOf(settings.niche).palette.primary })), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600', Vary: 'Cookie' },
  })
}
