import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import type { ProfileCard } from '#app/features/profiles/profile-types'
import { Avatar } from '#app/ui/avatar'
import { Icon } from '#app/ui/icon'
import { regionNamesFor } from '#app/lib/intl-cache'

/** The chat's header: back, the partner (or "typing…"), one's balance and whether the chat is live. */
export function ChatHeader({
  partner,
  cdnPrefix,
  typing,
  credits,
  live,
  children,
}: {
  partner: ProfileCard
  cdnPrefix: string
  typing: boolean
  credits: number
  live: boolean
  /** At the end: the language dropdown. */
  children?: ReactNode
}) {
  const intl = useIntl()
  const regionNames = regionNamesFor(intl.locale)
  return (
    <header className="d-flex align-items-center gap-2 p-2 border-bottom bg-white">
      <Link to="/chats" className="btn btn-link text-body" aria-label={intl.formatMessage({ id: 'chat.back' })}>
        <Icon name="arrow-left" className="fs-5" />
      </Link>
      <Avatar src={partner.thumb ? `${cdnPrefix}/${partner.thumb}` : null} alt="" size="md" />
      <div className="me-auto min-w-0">
        <h1 className="h6 mb-0 text-truncate">
          <Link to={`/members/${partner.id}`} className="text-body">
            {partner.name}, {partner.age}
          </Link>
        </h1>
        <small className="d-block text-truncate text-body-secondary" aria-live="polite" data-testid="chat-subtitle">
          {typing ? (
            <FormattedMessage id="chat.typing" values={{ name: partner.name }} />
          ) : (
            [partner.city, regionNames.of(partner.country)].filter(Boolean).join(', ')
          )}
        </small>
      </div>
      {/* Rendered by the server too (the loader's balance): appearing after hydration, it shifted the header. */}
      {!partner.isFictional ? (
        <span className="small text-body-secondary text-end chat-balance" data-testid="chat-balance">
          <FormattedMessage id="chat.balance" values={{ credits }} />
        </span>
      ) : null}
      {/* As wide as the wider of its two words (the other one hidden in ::after), so going live moves nothing. */}
      <span
        className={`badge status-badge ${live ? 'text-bg-success' : 'text-bg-secondary'}`}
        data-alt={intl.formatMessage({ id: live ? 'chat.offline' : 'chat.live' })}
        data-testid="socket-status"
      >
        <FormattedMessage id={live ? 'chat.live' : 'chat.offline'} />
      </span>
      {children}
    </header>
  )
}
