import { useEffect, useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Link, NavLink } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { useRealtime } from '#app/features/chat/components/realtime-provider'
import { listLikes, type LikesTab } from '#app/features/likes/likes.server'
import { LikeBackButton } from '#app/features/likes/components/like-back-button'
import { cardPriority, ProfileCardView } from '#app/features/profiles/components/profile-card'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { LiveAnnouncer, useAnnouncer } from '#app/ui/live-announcer'
import type { Route } from './+types/likes'
import { Icon } from '#app/ui/icon'

const tabs: LikesTab[] = ['received', 'sent', 'matches']

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const tab = (params.type ?? 'received') as LikesTab
  if (!tabs.includes(tab)) throw data(null, { status: 404 })
  return { tab, entries: await listLikes(viewer.profileId, tab) }
}

/**
 * The likes page. Rendered from the loader (also without JavaScript); a `like` event on the socket (likes.server.ts)
 * reloads it, so a new like or match appears at once, marked New, and is announced in a polite live region.
 */
export default function Likes({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const intl = useIntl()
  const { subscribe, refresh } = useRealtime()
  const [message, announce] = useAnnouncer()
  const { tab, entries } = loaderData
  // Likes that arrived and are not on the page yet: their reload announces what it added.
  const pending = useRef(0)
  const previous = useRef(loaderData)

  useEffect(
    () =>
      subscribe((ev) => {
        if (ev.type !== 'like') return
        pending.current += 1
        refresh()
      }),
    [subscribe, refresh],
  )

  useEffect(() => {
    const before = previous.current
    previous.current = loaderData
    if (!pending.current || before === loaderData) return
    pending.current = 0
    // Another tab shows other people: nothing on this page is new then.
    if (before.tab !== loaderData.tab || loaderData.tab === 'sent') return
    const known = new Set(before.entries.map((e) => e.profile.id))
    const added = loaderData.entries.filter((e) => !known.has(e.profile.id))
    if (!added.length) return
    const names = intl.formatList(added.map((e) => e.profile.name))
    announce(intl.formatMessage({ id: loaderData.tab === 'matches' ? 'live.newMatch' : 'live.newLike' }, { name: names, count: added.length }))
  }, [loaderData, announce, intl])

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          <FormattedMessage id="likes.title" />
        </h1>
        <Link to="/swipe-game" className="btn btn-sm btn-primary" data-testid="link-swipe-game">
          <Icon name="hand-index-thumb" className="me-1" />
          <FormattedMessage id="matching.playSwipe" />
        </Link>
        <Link to="/match-finder" className="btn btn-sm btn-outline-dark" data-testid="link-match-finder">
          <Icon name="grid-3x3-gap" className="me-1" />
          <FormattedMessage id="finder.title" />
        </Link>
      </div>
      <LiveAnnouncer message={message} testId="likes-announcer" />
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
          <Icon name="heart" className="fs-2 d-block mx-auto mb-2" />
          <FormattedMessage id={`likes.empty.${tab}`} />
        </div>
      ) : (
        <div className="profile-grid" data-testid="likes-grid">
          {entries.map((e, i) => (
            <ProfileCardView
              key={e.profile.id}
              profile={e.profile}
              site={root.site}
              href={`/likes/m/${e.profile.id}`}
              isNew={e.like_new}
              priority={cardPriority(i)}
              footer={tab === 'received' ? <LikeBackButton profileId={e.profile.id} name={e.profile.name} likedBack={e.likedBack} /> : undefined}
            />
          ))}
        </div>
      )}
    </>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'likes.title')]
}
