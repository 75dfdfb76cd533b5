import type { SelectHTMLAttributes } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { SelectField } from '#app/ui/form-field'
import { regionNamesFor } from '#app/lib/intl-cache'

/** A select's own attributes (as conform's getSelectProps gives them) and its errors. */
type SelectProps = { errors?: string[] } & SelectHTMLAttributes<HTMLSelectElement>

/** The signup form's gender and looking-for selects, side by side. */
export function SignupGenderFields({ gender, lookingFor, idPrefix }: { gender: SelectProps; lookingFor: SelectProps; idPrefix: string }) {
  const intl = useIntl()
  return (
    <div className="row">
      <div className="col-6">
        <SelectField label={<FormattedMessage id="field.gender" />} {...gender} id={`${idPrefix}-gender`}>
          <option value="male">{intl.formatMessage({ id: 'gender.male' })}</option>
          <option value="female">{intl.formatMessage({ id: 'gender.female' })}</option>
        </SelectField>
      </div>
      <div className="col-6">
        <SelectField label={<FormattedMessage id="field.lookingFor" />} {...lookingFor} id={`${idPrefix}-looking-for`}>
          <option value="female">{intl.formatMessage({ id: 'lookingFor.female' })}</option>
          <option value="male">{intl.formatMessage({ id: 'lookingFor.male' })}</option>
        </SelectField>
      </div>
    </div>
  )
}

/** The countries a new member may choose, named in the page's language. */
export function SignupCountrySelect({ countries, idPrefix, ...props }: SelectProps & { countries: readonly string[]; idPrefix: string }) {
  const intl = useIntl()
  const regionNames = regionNamesFor(intl.locale)
  return (
    <SelectField label={<FormattedMessage id="field.country" />} {...props} id={`${idPrefix}-country`}>
      {countries.map((c) => (
        <option key={c} value={c}>
          {regionNames.of(c)}
        </option>
      ))}
    </SelectField>
  )
}
