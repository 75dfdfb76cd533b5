import type { ComponentProps } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { FictionalBadge } from '#app/features/profiles/components/fictional-badge'
import { Avatar } from '#app/ui/avatar'
import { formatBadgeCount } from '#app/ui/count-badge'
import { Icon } from '#app/ui/icon'
import { RelativeTime } from '#app/ui/relative-time'
import type { ChatItem } from '../conversations.server'

/** No conversation yet: a way to find someone to write to. */
export function ChatsEmpty() {
  return (
    <div className="alert alert-light border text-center py-5" role="status">
      <Icon name="chat-heart" className="fs-2 d-block mx-auto mb-2" />
      <FormattedMessage id="chats.empty" />
      <div className="mt-3">
        <Link to="/members" className="btn btn-primary">
          <FormattedMessage id="nav.search" />
        </Link>
      </div>
    </div>
  )
}

interface RowProps {
  chat: ChatItem
  site: ComponentProps<typeof FictionalBadge>['site'] & { cdnPrefix: string }
  now: number
  /** Signed-in members may remove the conversation from their list. */
  onRemove: (() => void) | null
}

/** One conversation in the list: the partner, the last message and its time, the unread count, remove. */
export function ChatListRow({ chat: c, site, now, onRemove }: RowProps) {
  const intl = useIntl()
  return (
    <li className="list-group-item list-group-item-action p-0 d-flex align-items-center" data-conversation={c.conversation}>
      <Link to={`/chats/${c.conversation}`} className="d-flex align-items-center gap-3 p-3 text-decoration-none text-body flex-grow-1 min-w-0">
        <Avatar src={c.profile.thumb ? `${site.cdnPrefix}/${c.profile.thumb}` : null} alt="" size="md" />
        <div className="flex-grow-1 min-w-0">
          <div className="d-flex justify-content-between gap-2">
            <strong className="text-break min-w-0">
              {c.profile.name}, {c.profile.age} {c.profile.isFictional ? <FictionalBadge site={site} /> : null}
            </strong>
            <small className="text-body-secondary text-nowrap">
              <RelativeTime iso={c.lastMessageAt} now={now} />
            </small>
          </div>
          <div className="text-truncate text-body-secondary small">
            {c.lastMessageKind === 'gift' ? (
              <>
                <Icon name="gift" className="me-1" />
                <FormattedMessage id="chats.lastGift" />
              </>
            ) : c.lastMessageKind === 'photo' ? (
              <>
                <Icon name="image" className="me-1" />
                <FormattedMessage id="chats.lastPhoto" />
              </>
            ) : (
              c.lastMessage
            )}
          </div>
        </div>
        {c.num_unread_messages > 0 ? (
          <span className="badge rounded-pill badge-unread" data-testid="chat-unread">
            {formatBadgeCount(c.num_unread_messages)}
            <span className="visually-hidden"> {intl.formatMessage({ id: 'nav.unreadMessages' }, { count: c.num_unread_messages })}</span>
          </span>
        ) : null}
      </Link>
      {onRemove ? (
        <button
          type="button"
          className="btn btn-link text-body-secondary me-2"
          onClick={onRemove}
          aria-label={intl.formatMessage({ id: 'chats.remove' }, { name: c.profile.name })}
          data-testid="chat-remove"
        >
          <Icon name="trash" />
        </button>
      ) : null}
    </li>
  )
}
