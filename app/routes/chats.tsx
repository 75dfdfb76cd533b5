import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { requireViewer } from '#app/features/accounts/auth.server'
import { listChats } from '#app/features/chat/conversations.server'
import { FictionalBadge } from '#app/features/profiles/components/fictional-badge'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { Avatar } from '#app/ui/avatar'
import { RelativeTime } from '#app/ui/relative-time'
import type { Route } from './+types/chats'

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  return { chats: await listChats(viewer.profileId), now: Date.now() }
}

export default function Chats({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const intl = useIntl()
  const { chats, now } = loaderData
  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="chats.title" />
      </h1>
      {chats.length === 0 ? (
        <div className="alert alert-light border text-center py-5" role="status">
          <i className="bi bi-chat-heart fs-2 d-block mb-2" aria-hidden="true" />
          <FormattedMessage id="chats.empty" />
          <div className="mt-3">
            <Link to="/members" className="btn btn-primary">
              <FormattedMessage id="nav.search" />
            </Link>
          </div>
        </div>
      ) : (
        <ul className="list-group" data-testid="chat-list">
          {chats.map((c) => (
            <li key={c.conversation} className="list-group-item list-group-item-action p-0">
              <Link to={`/chats/${c.conversation}`} className="d-flex align-items-center gap-3 p-3 text-decoration-none text-body">
                <Avatar src={c.profile.thumb ? `${root.site.cdnPrefix}/${c.profile.thumb}` : null} alt="" size="md" />
                <div className="flex-grow-1 min-w-0">
                  <div className="d-flex justify-content-between gap-2">
                    <strong>
                      {c.profile.name}, {c.profile.age} {c.profile.isFictional ? <FictionalBadge site={root.site} /> : null}
                    </strong>
                    <small className="text-body-secondary text-nowrap">
                      <RelativeTime iso={c.lastMessageAt} now={now} />
                    </small>
                  </div>
                  <div className="text-truncate text-body-secondary small">{c.lastMessage}</div>
                </div>
                {c.num_unread_messages > 0 ? (
                  <span className="badge rounded-pill badge-unread" data-testid="chat-unread">
                    {c.num_unread_messages > 99 ? '99+' : c.num_unread_messages}
                    <span className="visually-hidden"> {intl.formatMessage({ id: 'nav.unreadMessages' }, { count: c.num_unread_messages })}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'chats.title')]
}
