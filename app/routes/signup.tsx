import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { signupSchema } from '#app/features/accounts/accounts.schema'
import { accountLimiters } from '#app/features/accounts/rate-limits.server'
import { startSession } from '#app/features/accounts/session-cookie.server'
import { signup } from '#app/features/accounts/signup.server'
import { getSettings } from '#app/features/settings/settings.server'
import { requestLocale } from '#app/features/settings/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import { FormField, SelectField } from '#app/ui/form-field'
import type { Route } from './+types/signup'

const localeCountry: Record<string, string> = { en: 'GB', nl: 'NL', de: 'DE', it: 'IT', fr: 'FR', es: 'ES', pl: 'PL', da: 'DK', fi: 'FI', nb: 'NO', sv: 'SE' }

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const [s, { locale }] = await Promise.all([getSettings(), requestLocale(request, context)])
  return {
    open: s.signups === 'all',
    minAge: s.minimum_age,
    countries: s.countries,
    defaultCountry: s.geoip_country && s.countries.includes(s.geoip_country) ? s.geoip_country : s.countries.includes(localeCountry[locale]) ? localeCountry[locale] : s.countries[0],
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = await getSettings()
  // Invite-only and trafficsource-only signups arrive with the accounts issue; until then only 'all' is open.
  if (s.signups !== 'all') return data({ result: null, closed: true }, { status: 403 })
  const formData = await request.formData()
  const schema = signupSchema({ minAge: s.minimum_age, countries: s.countries })
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }), closed: false }, { status: 400 })
  const wait = await consume(accountLimiters().signupIp, context.clientIp)
  if (wait > 0) return data({ result: submission.reply({ formErrors: ['signup.tooManyRequests'], hideFields: ['password'] }), closed: false }, { status: 429 })
  const { locale } = await requestLocale(request, context)
  const result = await signup({ ...submission.value, language: locale })
  if (!result.ok) {
    const id = result.error === 'pending_deletion' ? 'validation.emailPendingDeletion' : 'validation.emailTaken'
    return data({ result: submission.reply({ fieldErrors: { email: [id] }, hideFields: ['password'] }), closed: false }, { status: 409 })
  }
  const cookie = await startSession(result.userId, context.sessionToken, request.headers.get('user-agent'))
  throw redirect('/members', { headers: { 'Set-Cookie': cookie } })
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const navigation = useNavigation()
  const schema = signupSchema({ minAge: loaderData.minAge, countries: loaderData.countries })
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { country: loaderData.defaultCountry, gender: 'male', looking_for: 'female' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const regionNames = new Intl.DisplayNames([intl.locale], { type: 'region' })
  if (!loaderData.open || actionData?.closed) {
    return (
      <div className="alert alert-info" role="status">
        <FormattedMessage id="signup.inviteOnly" />
      </div>
    )
  }
  const busy = navigation.state === 'submitting'
  const emailTaken = fields.email.errors?.includes('validation.emailTaken')
  return (
    <div className="row justify-content-center">
      <div className="col-sm-10 col-md-8 col-lg-6">
        <h1 className="h3 mb-4">
          <FormattedMessage id="signup.title" />
        </h1>
        <Form method="post" {...getFormProps(form)}>
          {form.errors?.length ? (
            <div className="alert alert-danger" role="alert">
              {form.errors.map((e) => intl.formatMessage({ id: e })).join(' ')}
            </div>
          ) : null}
          <div className="row">
            <div className="col-6">
              <SelectField label={<FormattedMessage id="field.gender" />} errors={fields.gender.errors} {...getSelectProps(fields.gender)} id="signup-gender">
                <option value="male">{intl.formatMessage({ id: 'gender.male' })}</option>
                <option value="female">{intl.formatMessage({ id: 'gender.female' })}</option>
              </SelectField>
            </div>
            <div className="col-6">
              <SelectField label={<FormattedMessage id="field.lookingFor" />} errors={fields.looking_for.errors} {...getSelectProps(fields.looking_for)} id="signup-looking-for">
                <option value="female">{intl.formatMessage({ id: 'lookingFor.female' })}</option>
                <option value="male">{intl.formatMessage({ id: 'lookingFor.male' })}</option>
              </SelectField>
            </div>
          </div>
          <FormField label={<FormattedMessage id="field.name" />} errors={fields.name.errors} {...getInputProps(fields.name, { type: 'text' })} id="signup-name" autoComplete="nickname" />
          <FormField label={<FormattedMessage id="field.email" />} errors={fields.email.errors} {...getInputProps(fields.email, { type: 'email' })} id="signup-email" autoComplete="email" />
          {emailTaken ? (
            <p className="small">
              <Link to="/login">
                <FormattedMessage id="signup.loginInstead" />
              </Link>
            </p>
          ) : null}
          <FormField label={<FormattedMessage id="field.password" />} errors={fields.password.errors} {...getInputProps(fields.password, { type: 'password' })} id="signup-password" autoComplete="new-password" help={<FormattedMessage id="field.passwordHelp" />} />
          <FormField
            label={<FormattedMessage id="validation.dateOfBirthRequired" values={{ min_age: loaderData.minAge }} />}
            errors={fields.date_of_birth.errors}
            errorValues={{ min_age: loaderData.minAge }}
            {...getInputProps(fields.date_of_birth, { type: 'date' })}
            id="signup-dob"
            autoComplete="bday"
          />
          <SelectField label={<FormattedMessage id="field.country" />} errors={fields.country.errors} {...getSelectProps(fields.country)} id="signup-country">
            {loaderData.countries.map((c) => (
              <option key={c} value={c}>
                {regionNames.of(c)}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            <FormattedMessage id="signup.submit" />
          </button>
          <p className="small text-body-secondary mt-3">
            <FormattedMessage id="signup.adultsOnly" values={{ min_age: loaderData.minAge }} />
          </p>
        </Form>
        <p className="mt-3 text-center">
          <FormattedMessage id="signup.haveAccount" />{' '}
          <Link to="/login">
            <FormattedMessage id="nav.login" />
          </Link>
        </p>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'signup.title')]
}
