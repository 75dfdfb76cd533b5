import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link, useLocation } from 'react-router'
import { useLanderRoot } from './lander-root'

/**
 * The signup call to action of every lander. It keeps the tracking query of the visit (`/signup?network=…`, as the
 * swipe lander does) and follows the `signups` setting: when signup is closed to this visitor (root loader:
 * signupOptions → signupAllowed) it shows the signup page's invite-only notice instead of a button.
 */
export function LanderSignupCta({
  children,
  className = 'btn btn-primary btn-lg',
  noticeClassName = 'alert alert-info mb-0',
  testId = 'lander-signup-link',
}: {
  children?: ReactNode
  className?: string
  noticeClassName?: string
  testId?: string
}) {
  const open = useSignupOpen()
  const href = useSignupHref()
  if (!open) {
    return (
      <p className={noticeClassName} role="status" data-testid="lander-invite-only">
        <FormattedMessage id="signup.inviteOnly" />
      </p>
    )
  }
  return (
    <Link to={href} className={className} data-testid={testId}>
      {children ?? <FormattedMessage id="lander.cta.signup" />}
    </Link>
  )
}

/** Whether this visitor may sign up now (the root loader's signup options; null for members, who never see landers). */
export function useSignupOpen(): boolean {
  return !!useLanderRoot().signup?.open
}

/** /signup with the visit's query (tracking: network, ref, sub1..3 and their aliases). */
export function useSignupHref(): string {
  return `/signup${useLocation().search}`
}

/** A secondary link for members who already have an account. */
export function LanderLoginLink({ className = 'link-dark' }: { className?: string }) {
  return (
    <Link to="/login" className={className}>
      <FormattedMessage id="lander.cta.login" />
    </Link>
  )
}
