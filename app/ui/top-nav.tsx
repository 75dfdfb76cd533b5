import { useEffect, useRef, type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Form, Link, NavLink, useLocation } from 'react-router'
import type { Locale } from '#app/i18n/locales'
import { Avatar } from './avatar'
import { CountBadge } from './count-badge'
import { LanguageDropdown } from './language-dropdown'
import { LiveAnnouncer, useAnnouncer } from './live-announcer'
import { Icon } from './icon'
import { ColorModeMenu } from './color-mode-menu'
import type { ColorMode } from '#app/lib/color-mode'
import type { IconName } from './icon-names'

export interface NavViewer {
  profileId: number
  name: string
  thumb: string | null
  paidUser: boolean
  credits: number
  colorMode?: ColorMode
}

/** Spec section 2: paying members see their credits when 10 or fewer, amber above 0 and red at 0. */
export function creditsBadgeVariant(v: { paidUser: boolean; credits: number }): 'warning' | 'danger' | null {
  if (!v.paidUser || v.credits > 10) return null
  return v.credits > 0 ? 'warning' : 'danger'
}

/** Top navigation of spec section 2, for the screens that exist. */
export function TopNav(props: {
  viewer: NavViewer | null
  unread: number
  newLikes: number
  locale: Locale
  languages: readonly Locale[]
  siteName: string
  mediaPrefix: string
}) {
  const intl = useIntl()
  const { viewer } = props
  const message = useAnnouncedRises(props.unread, props.newLikes)
  return (
    <header className="border-bottom bg-white sticky-top">
      {viewer ? <LiveAnnouncer message={message} testId="nav-announcer" /> : null}
      <a href="#main" className="visually-hidden-focusable position-absolute p-2">
        <FormattedMessage id="nav.skipToContent" />
      </a>
      <nav className="container d-flex align-items-center gap-0 gap-sm-2 py-2" aria-label={intl.formatMessage({ id: 'nav.main' })}>
        <Link to={viewer ? '/members' : '/'} className="navbar-brand fw-bold text-primary me-auto fs-4">
          <Icon name="heart-fill" className="me-1" />
          {/* On the narrowest phones a member's navigation needs the room: the name stays for screen readers. */}
          <span className={viewer ? 'd-none d-sm-inline' : undefined}>{props.siteName}</span>
          {viewer ? <span className="visually-hidden d-sm-none">{props.siteName}</span> : null}
        </Link>
        {viewer ? (
          <>
            {/* From md up these are links in the header; below md the same links are the bottom tab bar (app.scss). */}
            <div className="member-tabs" data-testid="member-tabs">
              <NavItem to="/members" icon="search" labelId="nav.search" shortLabelId="nav.searchShort" />
              <NavItem to="/chats" icon="chat-dots" labelId="nav.messages" testId="nav-messages">
                <CountBadge count={props.unread} variant="unread" labelId="nav.unreadMessages" />
              </NavItem>
              <NavItem to="/likes" icon="heart" labelId="nav.likes" testId="nav-likes">
                <CountBadge count={props.newLikes} labelId="nav.newLikes" />
              </NavItem>
              {viewer.paidUser ? (
                <NavItem to="/credits" icon="coin" labelId="nav.credits" testId="nav-credits">
                  <CreditsBadge viewer={viewer} />
                </NavItem>
              ) : (
                <NavItem
                  to="/premium"
                  icon="gem"
                  labelId="nav.getPremium"
                  shortLabelId="nav.premiumShort"
                  testId="nav-premium"
                  extraClass=" text-primary fw-semibold"
                />
              )}
            </div>
            <AccountMenu viewer={viewer} mediaPrefix={props.mediaPrefix} />
          </>
        ) : (
          <>
            <Link to="/login" className="btn btn-primary btn-sm">
              <FormattedMessage id="nav.login" />
            </Link>
            {/* A member's language switch is in the footer (Footer's languageSwitch), so the phone's header has room. */}
            <LanguageDropdown current={props.locale} available={props.languages} />
          </>
        )}
      </nav>
    </header>
  )
}

/** The badges change by themselves (socket, polling); a rise is read out, without moving the focus. */
function useAnnouncedRises(unread: number, newLikes: number): string {
  const intl = useIntl()
  const [message, announce] = useAnnouncer()
  const before = useRef({ unread, newLikes })
  useEffect(() => {
    const was = before.current
    before.current = { unread, newLikes }
    const news: string[] = []
    if (unread > was.unread) news.push(intl.formatMessage({ id: 'nav.unreadMessages' }, { count: unread }))
    if (newLikes > was.newLikes) news.push(intl.formatMessage({ id: 'nav.newLikes' }, { count: newLikes }))
    if (news.length) announce(news.join('. '))
  }, [unread, newLikes, announce, intl])
  return message
}

/**
 * One link of the member's navigation, with its label always shown: beside the icon in the header (md up), under it
 * in the phone's tab bar, where the count badge is drawn on the icon's corner (app.scss .member-tabs).
 */
function NavItem(props: {
  to: string
  icon: IconName
  labelId: string
  /** A tab's quarter of a phone holds about 14 characters: the shorter label there ("Search" for "Search members"). */
  shortLabelId?: string
  testId?: string
  extraClass?: string
  children?: ReactNode
}) {
  return (
    <NavLink to={props.to} className={`nav-link member-tab px-1 px-sm-2${props.extraClass ?? ''}`} data-testid={props.testId}>
      <Icon name={props.icon} />
      {props.shortLabelId ? (
        <>
          <span className="member-tab-label d-none d-md-inline">
            <FormattedMessage id={props.labelId} />
          </span>
          <span className="member-tab-label d-md-none">
            <FormattedMessage id={props.shortLabelId} />
          </span>
        </>
      ) : (
        <span className="member-tab-label">
          <FormattedMessage id={props.labelId} />
        </span>
      )}
      {/* After the label, so the link's name begins with it ("Messages, 2 unread"); drawn on the icon in the tab bar. */}
      {props.children}
    </NavLink>
  )
}

/** The member's own menu under their picture: profile, transactions, settings, log out. */
function AccountMenu({ viewer, mediaPrefix }: { viewer: NavViewer; mediaPrefix: string }) {
  // The menu closes once a choice in it has taken the member somewhere (a page, or back here after a colour mode):
  // the layout stays mounted, and an open <details> would stay open on the next page.
  const menu = useRef<HTMLDetailsElement>(null)
  const { key } = useLocation()
  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [key])
  return (
    <details ref={menu} className="lang-menu position-relative" data-testid="account-menu">
      <summary className="btn btn-link text-decoration-none text-body d-flex align-items-center gap-1 px-1">
        <Avatar src={viewer.thumb ? `${mediaPrefix}/${viewer.thumb}` : null} alt="" />
        <span className="d-none d-sm-inline">{viewer.name}</span>
        {viewer.paidUser ? <PremiumBadge /> : null}
        <span className="visually-hidden">
          <FormattedMessage id="nav.accountMenu" />
        </span>
      </summary>
      <div className="lang-menu-list dropdown-menu shadow">
        <Link to="/profile" className="dropdown-item">
          <Icon name="person" className="me-2" />
          <FormattedMessage id="nav.myProfile" />
        </Link>
        <Link to="/transactions" className="dropdown-item">
          <Icon name="receipt" className="me-2" />
          <FormattedMessage id="nav.transactions" />
        </Link>
        <Link to="/notifications" className="dropdown-item">
          <Icon name="gear" className="me-2" />
          <FormattedMessage id="nav.settings" />
        </Link>
        <ColorModeMenu mode={viewer.colorMode ?? 'auto'} />
        <Form method="post" action="/logout">
          <button type="submit" className="dropdown-item">
            <Icon name="box-arrow-right" className="me-2" />
            <FormattedMessage id="nav.logout" />
          </button>
        </Form>
      </div>
    </details>
  )
}

function CreditsBadge({ viewer }: { viewer: NavViewer }) {
  const intl = useIntl()
  const variant = creditsBadgeVariant(viewer)
  if (!variant) return null
  return (
    <span className={`badge rounded-pill ms-1 text-bg-${variant}`} data-testid="badge-credits">
      {viewer.credits}
      <span className="visually-hidden"> {intl.formatMessage({ id: 'nav.creditsLeft' }, { count: viewer.credits })}</span>
    </span>
  )
}

/** The Premium mark beside a Premium member's name: in the top bar, on their card and their page (spec section 6). */
export function PremiumBadge() {
  const intl = useIntl()
  return (
    <span className="badge rounded-pill text-bg-warning ms-1" title={intl.formatMessage({ id: 'premium.badge' })} data-testid="premium-badge">
      <Icon name="gem" />
      <span className="visually-hidden">{intl.formatMessage({ id: 'premium.badge' })}</span>
    </span>
  )
}
