import { useState } from 'react'
import Modal from 'react-bootstrap/Modal'
import { FormattedMessage } from 'react-intl'
import { useFetcher, useSearchParams } from 'react-router'

/**
 * The activation reminder (spec section 4): an alert, or a modal when the query flag api_signup_complete is
 * present (smartphone signups). "Send again" posts to /activate/resend.
 */
export function ActivationReminder({ email }: { email: string }) {
  const [params] = useSearchParams()
  const fetcher = useFetcher<{ notice: string }>()
  const [modalOpen, setModalOpen] = useState(params.has('api_signup_complete'))
  const body = (
    <>
      <FormattedMessage id="activate.reminder" values={{ email }} />{' '}
      {fetcher.data ? (
        <strong role="status">
          <FormattedMessage id={fetcher.data.notice} />
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
  if (params.has('api_signup_complete')) {
    return (
      <Modal show={modalOpen} onHide={() => setModalOpen(false)} centered>
        <Modal.Header closeButton>
          <Modal.Title>
            <FormattedMessage id="activate.reminderTitle" />
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{body}</Modal.Body>
      </Modal>
    )
  }
  return (
    <div className="alert alert-warning" role="status" data-testid="activation-reminder">
      {body}
    </div>
  )
}
