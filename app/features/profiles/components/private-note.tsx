import { FormattedMessage, useIntl } from 'react-intl'
import { Form, useNavigation } from 'react-router'

/**
 * The viewer's private note about the member whose profile this is (setting visible_profile_notes; issue 28): only
 * its author sees it. Saving an empty note deletes it. What was typed stays when the note is refused.
 */
export function PrivateNote({
  name,
  note,
  reply,
}: {
  name: string
  note: string | null
  reply?: { noteSaved?: boolean; noteError?: string; noteText?: string }
}) {
  const intl = useIntl()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'note'
  const error = reply?.noteError
  return (
    <section className="card mb-3" aria-labelledby="private-note-title" data-testid="private-note">
      <div className="card-body">
        <h2 id="private-note-title" className="h6 mb-1">
          <FormattedMessage id="note.title" />
        </h2>
        <p className="small text-body-secondary mb-2" id="private-note-help">
          <FormattedMessage id="note.help" values={{ name }} />
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="note" />
          <textarea
            name="note"
            className={`form-control${error ? ' is-invalid' : ''}`}
            rows={3}
            maxLength={1000}
            defaultValue={reply?.noteText ?? note ?? ''}
            key={note ?? ''}
            aria-label={intl.formatMessage({ id: 'note.label' }, { name })}
            aria-describedby={error ? 'private-note-help private-note-error' : 'private-note-help'}
            aria-invalid={error ? true : undefined}
          />
          {error ? (
            <div className="invalid-feedback" id="private-note-error" role="alert">
              <FormattedMessage id={error} />
            </div>
          ) : null}
          <div className="d-flex gap-2 mt-2">
            <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
              <FormattedMessage id="note.save" />
            </button>
            {note ? (
              <button type="submit" name="delete" value="1" className="btn btn-sm btn-link text-danger" disabled={busy}>
                <FormattedMessage id="note.delete" />
              </button>
            ) : null}
          </div>
        </Form>
        {reply && 'noteSaved' in reply ? (
          <p className="small text-success mb-0 mt-2" role="status">
            <FormattedMessage id={reply.noteSaved ? 'note.saved' : 'note.deleted'} />
          </p>
        ) : null}
      </div>
    </section>
  )
}
