import { FormattedMessage } from 'react-intl'
import { data, NavLink } from 'react-router'
import { requireViewer } from '#app/features/accounts/auth.server'
import { listLikes, type LikesTab } from '#app/features/likes/likes.server'
import { ProfileCardView } from '#app/features/profiles/components/profile-card'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import type { Route } from './+types/likes'

const tabs: LikesTab[] = ['received', 'sent', 'matches']

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const tab = (params.type ?? 'received') as LikesTab
  if (!tabs.includes(tab)) throw data(null, { status: 404 })
  return { tab, entries: await listLikes(viewer.profileId, tab) }
}

export default function Likes({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const { tab, entries } = loaderData
  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="likes.title" />
      </h1>
      <ul className="nav nav-tabs mb-4">
        {tabs.map((t) => (
          <li className="nav-item" key={t}>
            <NavLink to={`/likes/${t}`} className={`nav-link${t === tab ? ' active' : ''}`} aria-current={t === tab ? 'page' : undefined}>
              <FormattedMessage id={`likes.tab.${t}`} />
            </NavLink>
          </li>
        ))}
      </ul>
      {entries.length === 0 ? (
        <div className="alert alert-light border text-center py-5" role="status">
          <i className="bi bi-heart fs-2 d-block mb-2" aria-hidden="true" />
          <FormattedMessage id={`likes.empty.${tab}`} />
        </div>
      ) : (
        <div className="profile-grid">
          {entries.map((e) => (
            <ProfileCardView key={e.profile.id} profile={e.profile} site={root.site} href={`/likes/m/${e.profile.id}`} isNew={e.like_new} />
          ))}
        </div>
      )}
    </>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'likes.title')]
}
