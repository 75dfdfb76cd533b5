import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useLocation } from 'react-router'
import type { LiveProfile } from '#app/features/chat/chat-events'
import { useRealtime } from '#app/features/chat/components/realtime-provider'
import { MatchModal } from './match-modal'
import { Icon } from '#app/ui/icon'
import { Toast } from '#app/ui/toast'

const MATCH_RELOAD_MS = 500

/**
 * What a member hears of likes while the site is open: a mutual like raises the match modal (on both sides, from
 * the `match` socket event), a new like shows a small popup with the profile (app/features/notifications/
 * live-fan-out.server.ts publishes both).
 */
export function LiveMatching({ cdnPrefix }: { cdnPrefix: string }) {
  const intl = useIntl()
  const { subscribe, refresh } = useRealtime()
  const location = useLocation()
  const [match, setMatch] = useState<LiveProfile | null>(null)
  const [liked, setLiked] = useState<LiveProfile | null>(null)

  useEffect(
    () =>
      subscribe((ev) => {
        if (ev.type === 'match') {
          setMatch(ev.profile)
          // Spec section 9: the likes reload 500 ms after a match (the lists and badges then show it).
          setTimeout(refresh, MATCH_RELOAD_MS)
        } else if (ev.type === 'like' && !ev.match && ev.profile) setLiked(ev.profile)
      }),
    [subscribe, refresh],
  )
  // The swipe game shows its own match from the like's answer; the popup stays off the page that lists likes.
  const onLikes = location.pathname.startsWith('/likes')
  return (
    <>
      {location.pathname === '/swipe-game' ? null : <MatchModal profile={match} cdnPrefix={cdnPrefix} onClose={() => setMatch(null)} />}
      <Toast
        container={{ position: 'bottom-end', className: 'p-3 position-fixed' }}
        show={!!liked && !onLikes}
        onClose={() => setLiked(null)}
        delay={8000}
        autohide
        data-testid="new-like-popup"
        aria-live="polite"
      >
        <Toast.Header closeLabel={intl.formatMessage({ id: 'common.close' })}>
          <Icon name="heart-fill" className="text-primary me-2" />
          <strong className="me-auto">
            <FormattedMessage id="newLike.title" />
          </strong>
        </Toast.Header>
        {liked ? (
          <Toast.Body className="d-flex align-items-center gap-2">
            {liked.thumb ? <img src={`${cdnPrefix}/${liked.thumb}`} alt="" className="avatar-md" width={48} height={48} /> : null}
            <span className="me-auto">
              <FormattedMessage id="newLike.body" values={{ name: liked.name, age: liked.age }} />
            </span>
            <Link to={`/members/${liked.id}`} className="btn btn-sm btn-primary" onClick={() => setLiked(null)}>
              <FormattedMessage id="newLike.view" />
            </Link>
          </Toast.Body>
        ) : null}
      </Toast>
    </>
  )
}
