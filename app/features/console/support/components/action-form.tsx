import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useActionData, useFetcher } from 'react-router'

/** What the member page's action answers (app/routes/admin/members-id.tsx). */
export interface SupportReply {
  intent: string
  ok: boolean
  code: string
  values?: Record<string, string | number>
  fieldErrors?: Record<string, string>
  fields?: Record<string, string>
}

/**
 * One support action as its own form: its own pending state and answer, the typed values kept when it is refused,
 * cleared when it succeeded. Works without JavaScript (a plain post; the answer comes back as the page's action data).
 */
export function ActionForm({
  intent,
  title,
  children,
  submitLabel,
  variant = 'btn-dark',
  testId,
  subject,
}: {
  intent: string
  title: ReactNode
  children?: (reply: SupportReply | undefined) => ReactNode
  submitLabel: ReactNode
  variant?: string
  testId: string
  subject?: string
}) {
  const fetcher = useFetcher<SupportReply>({ key: `support-${intent}-${subject ?? ''}` })
  const page = useActionData<SupportReply>()
  const reply = fetcher.data ?? (page?.intent === intent && (page.fields?.subject ?? '') === (subject ?? '') ? page : undefined)
  const busy = fetcher.state !== 'idle'
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) form.current?.reset()
  }, [fetcher.state, fetcher.data])
  const headingId = `${testId}-title`
  return (
    <section className="border rounded p-3 mb-3" aria-labelledby={headingId} data-testid={testId}>
      <h3 className="h6" id={headingId}>
        {title}
      </h3>
      <fetcher.Form method="post" ref={form} noValidate>
        <input type="hidden" name="intent" value={intent} />
        {subject ? <input type="hidden" name="subject" value={subject} /> : null}
        {children?.(reply)}
        {reply ? <ReplyAlert reply={reply} /> : null}
        <button type="submit" className={`btn btn-sm ${variant}`} disabled={busy} aria-busy={busy}>
          {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </fetcher.Form>
    </section>
  )
}

/**
 * The answer of an action whose form is gone once it succeeded (a refund makes the payment no longer refundable, so
 * the page's revalidation removes its form): read from the form's keyed fetcher. It stays mounted beside the form
 * (shown only once the form is gone): a keyed fetcher that no mounted component uses any more is deleted with its
 * answer, and mounting this only when the form went left that to the order of React's effects.
 */
export function ActionReply({ intent, subject, shown }: { intent: string; subject?: string; shown: boolean }) {
  const fetcher = useFetcher<SupportReply>({ key: `support-${intent}-${subject ?? ''}` })
  return shown && fetcher.data ? <ReplyAlert reply={fetcher.data} /> : null
}

function ReplyAlert({ reply }: { reply: SupportReply }) {
  return (
    <div className={`alert py-2 small ${reply.ok ? 'alert-success' : 'alert-danger'}`} role={reply.ok ? 'status' : 'alert'}>
      <FormattedMessage id={`admin.support.result.${reply.code}`} values={reply.values} />
    </div>
  )
}

/** A labelled input of an action form, with its error from the server and the value typed before it. */
export function ActionField({
  reply,
  name,
  label,
  id: fieldId,
  type = 'text',
  help,
  required = true,
  ...rest
}: { reply: SupportReply | undefined; name: string; id: string; label: ReactNode; type?: string; help?: ReactNode; required?: boolean } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'name' | 'id'
>) {
  const intl = useIntl()
  const error = reply?.fieldErrors?.[name]
  const describedBy = [help ? `${fieldId}-help` : null, error ? `${fieldId}-error` : null].filter(Boolean).join(' ') || undefined
  if (type === 'checkbox')
    return (
      <div className="form-check mb-2">
        <input
          {...rest}
          id={fieldId}
          name={name}
          type="checkbox"
          key={reply?.ok ? 'cleared' : 'kept'}
          defaultChecked={false}
          className={`form-check-input${error ? ' is-invalid' : ''}`}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          required={required}
        />
        <label className="form-check-label" htmlFor={fieldId}>
          {label}
        </label>
        {error ? (
          <div id={`${fieldId}-error`} className="invalid-feedback">
            {intl.formatMessage({ id: error })}
          </div>
        ) : null}
      </div>
    )
  return (
    <div className="mb-2">
      <label className="form-label small mb-1" htmlFor={fieldId}>
        {label}
      </label>
      <input
        {...rest}
        id={fieldId}
        name={name}
        type={type}
        key={reply?.ok ? 'cleared' : 'kept'}
        defaultValue={reply && !reply.ok ? reply.fields?.[name] : undefined}
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        aria-invalid={!!error}
        aria-describedby={describedBy}
        required={required}
      />
      {help ? (
        <div id={`${fieldId}-help`} className="form-text">
          {help}
        </div>
      ) : null}
      {error ? (
        <div id={`${fieldId}-error`} className="invalid-feedback">
          {intl.formatMessage({ id: error })}
        </div>
      ) : null}
    </div>
  )
}
