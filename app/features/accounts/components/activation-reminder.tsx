import { useEffect, useState, type ReactNode } from 'react'
import { Modal } from '#app/ui/modal'
import { FormattedMessage, useIntl } from 'react-intl'
import { useFetcher, useLocation, useSearchParams } from 'react-router'
import { showActivationReminder } from '../activation-reminder'

export const SIGNUP_COMPLETE_FLAG = 'api_signup_complete'
const notices = new Set(['activate.resent', 'activate.tooMany', 'activate.doneTitle'])

type Viewer = Parameters<typeof showActivationReminder>[0]

/**
 * How the activation reminder shows (spec section 4): as an alert, or as a modal when the query flag
 * api_signup_complete is present. A smartphone signup lands on /complete-signup?api_signup_complete=1
 * (signup-action.server.ts): there the modal is the "check your mailbox" right after signing up, while the alert
 * stays hidden (the confirm step says the same).
 */
export function activationReminderMode(viewer: Viewer, routeIds: string[], search: URLSearchParams): 'modal' | 'alert' | null {
  const modal = search.has(SIGNUP_COMPLETE_FLAG)
  if (!showActivationReminder(viewer, modal ? routeIds.filter((id) => id !== 'complete-signup') : routeIds)) return null
  return modal ? 'modal' : 'alert'
}

/** The outcome of a resend that came back here by redirect (the form without JavaScript). */
function useRedirectNotice(): string | null {
  const [params] = useSearchParams()
  const notice = params.get('notice')
  return notice && notices.has(notice) ? notice : null
}

/** "Send the e-mail again" (POST /activate/resend), then its outcome in place. */
function ReminderBody({ email }: { email: string }) {
  const fetcher = useFetcher<{ notice: string }>()
  const redirectNotice = useRedirectNotice()
  const notice = fetcher.data?.notice ?? redirectNotice
  return (
    <>
      <FormattedMessage id="activate.reminder" values={{ email }} />{' '}
      {notice ? (
        <strong role="status">
          <FormattedMessage id={notice} />
        </strong>
      ) : (
        <fetcher.Form method="post" action="/activate/resend" className="d-inline">
          <button type="submit" className="btn btn-sm btn-warning" disabled={fetcher.state !== 'idle'}>
            <FormattedMessage id="activate.resend" />
          </button>
        </fetcher.Form>
      )}
    </>
  )
}

function ReminderAlert({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert-warning py-2 small" role="status" data-testid="activation-reminder">
      {children}
    </div>
  )
}

/** This page's address without an earlier notice (the resend appends its own). */
function backHere(pathname: string, search: string): string {
  const params = new URLSearchParams(search)
  params.delete('notice')
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/** The reminder in the mode of activationReminderMode (the layouts decide whether and how it shows). */
export function ActivationReminder({ email, mode }: { email: string; mode: 'modal' | 'alert' }) {
  const intl = useIntl()
  const [open, setOpen] = useState(true)
  // The modal is a portal: opened after hydration, so the server's HTML (without it) matches the first render.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const location = useLocation()
  const redirectNotice = useRedirectNotice()
  if (mode === 'alert') {
    return (
      <ReminderAlert>
        <ReminderBody email={email} />
      </ReminderAlert>
    )
  }
  return (
    <>
      {/* Modals exist only in the browser; without JavaScript the reminder is a plain alert whose form comes back here. */}
      <noscript>
        <ReminderAlert>
          <FormattedMessage id="activate.reminder" values={{ email }} />{' '}
          {redirectNotice ? (
            <strong>
              <FormattedMessage id={redirectNotice} />
            </strong>
          ) : (
            <form method="post" action="/activate/resend" className="d-inline">
              <input type="hidden" name="redirectTo" value={backHere(location.pathname, location.search)} />
              <button type="submit" className="btn btn-sm btn-warning">
                <FormattedMessage id="activate.resend" />
              </button>
            </form>
          )}
        </ReminderAlert>
      </noscript>
      <Modal show={open && hydrated} onHide={() => setOpen(false)} centered aria-labelledby="activation-reminder-title" data-testid="activation-reminder-modal">
        <Modal.Header closeButton closeLabel={intl.formatMessage({ id: 'modal.close' })}>
          <Modal.Title id="activation-reminder-title">
            <FormattedMessage id="activate.reminderTitle" />
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ReminderBody email={email} />
        </Modal.Body>
      </Modal>
    </>
  )
}
