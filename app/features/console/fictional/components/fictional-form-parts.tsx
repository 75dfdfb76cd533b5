import type { ComponentProps } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { regionNamesFor } from '#app/lib/intl-cache'

/** The options of one profile value select, labelled by their `${prefix}.${value}` messages. */
export function ValueOptions({ values, prefix }: { values: readonly string[]; prefix: string }) {
  const intl = useIntl()
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {intl.formatMessage({ id: `${prefix}.${v}` })}
        </option>
      ))}
    </>
  )
}

/** The country options, named in the page's language. */
export function CountryOptions({ countries }: { countries: readonly string[] }) {
  const intl = useIntl()
  const regionNames = regionNamesFor(intl.locale)
  return (
    <>
      {countries.map((c) => (
        <option key={c} value={c}>
          {regionNames.of(c) ?? c}
        </option>
      ))}
    </>
  )
}

/** The free text about the fictional profile. */
export function AboutField(props: ComponentProps<'textarea'>) {
  return (
    <div className="mb-3">
      <label htmlFor="fictional-about" className="form-label">
        <FormattedMessage id="profile.aboutMe" />
      </label>
      <textarea {...props} id="fictional-about" className="form-control" rows={5} />
    </div>
  )
}

/** Save (or create), with a spinner while the form is on its way. */
export function FictionalSubmit({ busy, create }: { busy: boolean; create: boolean }) {
  return (
    <button type="submit" className="btn btn-dark" disabled={busy}>
      {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
      <FormattedMessage id={create ? 'admin.fictional.create' : 'admin.save'} />
    </button>
  )
}
