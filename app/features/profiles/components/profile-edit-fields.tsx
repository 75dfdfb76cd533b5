import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { PremiumBadge } from '#app/ui/top-nav'
import { FormField, SelectField } from '#app/ui/form-field'
import { sexualities } from '../profile-values'
import { DateOfBirthField } from '#app/ui/date-of-birth-field'
import { regionNamesFor } from '#app/lib/intl-cache'

/** A select's own attributes (as conform's getSelectProps gives them) and its errors. */
type SelectProps = { errors?: string[] } & SelectHTMLAttributes<HTMLSelectElement>

/** An input's own attributes (as conform's getInputProps gives them) and its errors. */
type InputProps = { errors?: string[] } & InputHTMLAttributes<HTMLInputElement>

/** The edit page's title, with the premium badge, and the way to the public profile. */
export function ProfileEditHeader({ premium, profileId }: { premium: boolean; profileId: number }) {
  return (
    <div className="d-flex justify-content-between align-items-center mb-3">
      <h1 className="h3 mb-0">
        <FormattedMessage id="profile.editTitle" />
        {premium ? <PremiumBadge /> : null}
      </h1>
      <Link to={`/members/${profileId}`} className="btn btn-link">
        <FormattedMessage id="profile.viewPublic" />
      </Link>
    </div>
  )
}

export function GenderSelect(props: SelectProps) {
  const intl = useIntl()
  return (
    <SelectField label={<FormattedMessage id="profileField.gender" />} {...props} id="profile-gender">
      <option value="male">{intl.formatMessage({ id: 'profileValue.gender.male' })}</option>
      <option value="female">{intl.formatMessage({ id: 'profileValue.gender.female' })}</option>
    </SelectField>
  )
}

export function SexualitySelect(props: SelectProps) {
  const intl = useIntl()
  return (
    <SelectField label={<FormattedMessage id="profileField.sexuality" />} {...props} id="profile-sexuality">
      {sexualities.map((v) => (
        <option key={v} value={v}>
          {intl.formatMessage({ id: `profileValue.sexuality.${v}` })}
        </option>
      ))}
    </SelectField>
  )
}

/** The countries a member may live in, named in the page's language. */
export function CountrySelect({ countries, ...props }: SelectProps & { countries: readonly string[] }) {
  const intl = useIntl()
  const regionNames = regionNamesFor(intl.locale)
  return (
    <SelectField label={<FormattedMessage id="field.country" />} {...props} id="profile-country">
      {countries.map((c) => (
        <option key={c} value={c}>
          {regionNames.of(c)}
        </option>
      ))}
    </SelectField>
  )
}

export function TattoosSelect(props: SelectProps) {
  const intl = useIntl()
  return (
    <SelectField label={<FormattedMessage id="profileField.tattoos" />} {...props} id="profile-tattoos">
      <option value="">{intl.formatMessage({ id: 'profile.notSaying' })}</option>
      <option value="yes">{intl.formatMessage({ id: 'common.yes' })}</option>
      <option value="no">{intl.formatMessage({ id: 'common.no' })}</option>
    </SelectField>
  )
}

/** The member's own words about themselves. */
export function AboutMeField({ invalid, ...props }: { invalid: boolean } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="mb-3">
      <label htmlFor="profile-about" className="form-label">
        <FormattedMessage id="profile.aboutMe" />
      </label>
      <textarea className={`form-control${invalid ? ' is-invalid' : ''}`} rows={5} maxLength={2000} {...props} id="profile-about" />
    </div>
  )
}

/** Name, date of birth, gender and sexuality, two by two. */
export function ProfileBasicsFields({
  name,
  dateOfBirth,
  gender,
  sexuality,
  minAge,
}: {
  name: InputProps
  dateOfBirth: InputProps
  gender: SelectProps
  sexuality: SelectProps
  minAge: number
}) {
  return (
    <div className="row">
      <div className="col-sm-6">
        <FormField label={<FormattedMessage id="field.name" />} {...name} id="profile-name" />
      </div>
      <div className="col-sm-6">
        {/* Three choices in the member's language's order, as at signup (issue 27), not the browser's date input. */}
        <DateOfBirthField
          id="profile-dob"
          name={dateOfBirth.name ?? 'date_of_birth'}
          label={<FormattedMessage id="field.dateOfBirth" />}
          errors={dateOfBirth.errors}
          errorValues={{ min_age: minAge }}
          defaultValue={typeof dateOfBirth.defaultValue === 'string' ? dateOfBirth.defaultValue : undefined}
        />
      </div>
      <div className="col-sm-6">
        <GenderSelect {...gender} />
      </div>
      <div className="col-sm-6">
        <SexualitySelect {...sexuality} />
      </div>
    </div>
  )
}

/** Country, region and city, side by side. */
export function ProfileLocationFields({
  countries,
  country,
  region,
  city,
}: {
  countries: readonly string[]
  country: SelectProps
  region: InputProps
  city: InputProps
}) {
  return (
    <div className="row">
      <div className="col-sm-4">
        <CountrySelect countries={countries} {...country} />
      </div>
      <div className="col-sm-4">
        <FormField label={<FormattedMessage id="field.region" />} {...region} id="profile-region" />
      </div>
      <div className="col-sm-4">
        <FormField label={<FormattedMessage id="field.city" />} {...city} id="profile-city" />
      </div>
    </div>
  )
}
