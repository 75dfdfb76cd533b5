import type { InputHTMLAttributes, ReactNode } from 'react'
import { useIntl } from 'react-intl'

/** A labelled input with its translated errors; error strings are catalog ids (see *.schema.ts). */
export function FormField({
  label,
  errors,
  errorValues,
  id,
  help,
  ...input
}: {
  label: ReactNode
  errors?: string[]
  errorValues?: Record<string, string | number>
  id: string
  help?: ReactNode
} & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`
  const has = !!errors?.length
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {/* Our own aria attributes come last: the error element is ours, whatever ids a form library suggests. */}
      <input
        {...input}
        id={id}
        className={`form-control${has ? ' is-invalid' : ''}`}
        aria-invalid={has || undefined}
        aria-describedby={has ? errorId : help ? `${id}-help` : undefined}
      />
      {help && !has ? (
        <div className="form-text" id={`${id}-help`}>
          {help}
        </div>
      ) : null}
      <FieldErrors id={errorId} errors={errors} values={errorValues} />
    </div>
  )
}

/** A field's errors under it, translated (error strings are catalog ids), under the id its input describes itself with. */
export function FieldErrors({ id, errors, values }: { id: string; errors?: string[]; values?: Record<string, string | number> }) {
  const intl = useIntl()
  if (!errors?.length) return null
  return (
    <div id={id} className="invalid-feedback d-block">
      {errors.map((e) => intl.formatMessage({ id: e, defaultMessage: intl.formatMessage({ id: 'error.generic' }) }, values)).join(' ')}
    </div>
  )
}

export function SelectField({
  label,
  errors,
  id,
  children,
  ...select
}: { label: ReactNode; errors?: string[]; id: string; children: ReactNode } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const intl = useIntl()
  const has = !!errors?.length
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        {...select}
        id={id}
        className={`form-select${has ? ' is-invalid' : ''}`}
        aria-invalid={has || undefined}
        aria-describedby={has ? `${id}-error` : undefined}
      >
        {children}
      </select>
      {has ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {errors!.map((e) => intl.formatMessage({ id: e })).join(' ')}
        </div>
      ) : null}
    </div>
  )
}

/** A labelled text area with its translated errors and an optional help line, as FormField is for inputs. */
export function TextAreaField({
  label,
  errors,
  id,
  help,
  ...textarea
}: { label: ReactNode; errors?: string[]; id: string; help?: ReactNode } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const has = !!errors?.length
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        className={`form-control${has ? ' is-invalid' : ''}`}
        aria-invalid={has || undefined}
        aria-describedby={has ? `${id}-error` : help ? `${id}-help` : undefined}
      />
      {help && !has ? (
        <div className="form-text" id={`${id}-help`}>
          {help}
        </div>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  )
}
