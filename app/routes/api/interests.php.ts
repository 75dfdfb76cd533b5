import { listInterests } from '#app/features/content/interests.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { serverIntl } from '#app/i18n/translate.server'
import type { Route } from './+types/interests.php'

/** GET /api/interests.php: the interest topics with icon and name in the request's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await requestLocale(request, context)
  const t = serverIntl(locale)
  const rows = await listInterests()
  return Response.json(
    { interests: rows.map((r) => ({ ...r, name: t.formatMessage({ id: `interest.${r.slug}` }) })) },
    { headers: { 'Cache-Control': 'public, max-age=300', Vary: 'Cookie' } },
  )
}
