import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { FormattedMessage } from 'react-intl'
import { Form, Link, useNavigation } from 'react-router'
import { FormField, TextAreaField } from '#app/ui/form-field'
import { DateOfBirthField } from '#app/ui/date-of-birth-field'
import { FormErrors } from '#app/ui/form-errors'
import { SIGNUP_MESSAGE_MAX, signupSchema } from '../accounts.schema'
import type { SignupOptions } from '../signup-options.server'
import { SignupCountrySelect, SignupGenderFields } from './signup-fields'
import { clearSignupDraft, useSignupDraft } from './use-signup-draft'

/** The signup form used by /signup, /signup-matches and the signup modal. It posts to /signup. */
export function SignupForm({
  options,
  lastResult,
  closed,
  onBusyChange,
  idPrefix = 'signup',
  action = '/signup',
  messageTo,
}: {
  options: SignupOptions
  lastResult?: SubmissionResult<string[]> | null
  closed?: boolean
  onBusyChange?: (busy: boolean) => void
  /** Distinct ids when the page form and the modal form could both be in the document. */
  idPrefix?: string
  /** Where the form posts: /signup, or a member's signup page (/members/{id}/signup), which also sends the first message. */
  action?: string
  /** The member a first message may be written to (spec: the signup draft's signup_message). */
  messageTo?: { name: string }
}) {
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const schema = signupSchema({ minAge: options.minAge, countries: options.countries })
  const [form, fields] = useForm({
    id: `${idPrefix}-form`,
    lastResult,
    defaultValue: { country: options.defaultCountry, gender: options.defaultGender, looking_for: options.defaultLookingFor },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting' && navigation.formAction === action
  // The parent's latest callback, told only when `busy` changes (an inline callback would otherwise call it on every render).
  const onBusy = useRef(onBusyChange)
  onBusy.current = onBusyChange
  useEffect(() => onBusy.current?.(busy), [busy])
  useSignupDraft(formRef, Boolean(lastResult))

  if (!options.open || closed) {
    return (
      <div className="alert alert-info" role="status">
        <FormattedMessage id="signup.inviteOnly" />
      </div>
    )
  }
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      ref={formRef}
      onSubmit={(e) => {
        form.onSubmit(e)
        if (!e.defaultPrevented) clearSignupDraft()
      }}
    >
      <MobileFlag />
      <FormErrors errors={form.errors} />
      <SignupGenderFields
        gender={{ errors: fields.gender.errors, ...getSelectProps(fields.gender) }}
        lookingFor={{ errors: fields.looking_for.errors, ...getSelectProps(fields.looking_for) }}
        idPrefix={idPrefix}
      />
      <FormField
        label={<FormattedMessage id="field.name" />}
        errors={fields.name.errors}
        {...getInputProps(fields.name, { type: 'text' })}
        id={`${idPrefix}-name`}
        autoComplete="nickname"
      />
      <FormField
        label={<FormattedMessage id="field.email" />}
        errors={fields.email.errors}
        {...getInputProps(fields.email, { type: 'email' })}
        id={`${idPrefix}-email`}
        autoComplete="email"
      />
      <EmailErrorHints errors={fields.email.errors ?? []} />
      <FormField
        label={<FormattedMessage id="field.passwordLabel" />}
        errors={fields.password.errors}
        {...getInputProps(fields.password, { type: 'password' })}
        id={`${idPrefix}-password`}
        autoComplete="new-password"
        help={<FormattedMessage id="field.passwordHelp" />}
      />
      <DateOfBirthField
        key={fields.date_of_birth.key}
        id={`${idPrefix}-dob`}
        name={fields.date_of_birth.name}
        label={<FormattedMessage id="validation.dateOfBirthRequired" values={{ min_age: options.minAge }} />}
        errors={fields.date_of_birth.errors}
        errorValues={{ min_age: options.minAge }}
        defaultValue={typeof fields.date_of_birth.initialValue === 'string' ? fields.date_of_birth.initialValue : undefined}
      />
      <SignupCountrySelect countries={options.countries} idPrefix={idPrefix} errors={fields.country.errors} {...getSelectProps(fields.country)} />
      {messageTo ? (
        <FirstMessageField
          memberName={messageTo.name}
          {...getTextareaProps(fields.signup_message)}
          id={`${idPrefix}-message`}
          errors={fields.signup_message.errors}
        />
      ) : null}
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
        <FormattedMessage id="signup.submit" />
      </button>
      <p className="small text-body-secondary mt-3 mb-0">
        <FormattedMessage id="signup.adultsOnly" values={{ min_age: options.minAge }} />
      </p>
    </Form>
  )
}

/** Tells the action that the form was sent from a phone-sized window (the activation reminder then comes as a modal). */
function MobileFlag() {
  return (
    <input
      type="hidden"
      name="mobile"
      value=""
      ref={(el) => {
        if (el) el.value = window.innerWidth < 576 ? '1' : ''
      }}
    />
  )
}

/** The first message to the member whose signup page this is (app/routes/signup-action.server.ts sends it). */
function FirstMessageField({
  memberName,
  ...field
}: { memberName: string; id: string; errors?: string[] } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <TextAreaField
      label={<FormattedMessage id="signup.firstMessageLabel" values={{ name: memberName }} />}
      {...field}
      rows={3}
      maxLength={SIGNUP_MESSAGE_MAX}
      help={<FormattedMessage id="signup.firstMessageHelp" values={{ name: memberName }} />}
    />
  )
}

/** An address already in use: a way to log in instead, or to reactivate an account whose deletion is pending. */
function EmailErrorHints({ errors }: { errors: string[] }) {
  return (
    <>
      {errors.includes('validation.emailTaken') ? (
        <p className="small">
          <Link to="/login">
            <FormattedMessage id="signup.loginInstead" />
          </Link>
        </p>
      ) : null}
      {errors.includes('validation.emailPendingDeletion') ? (
        <p className="small">
          <button type="submit" formAction="/reactivate" formNoValidate className="btn btn-link p-0 align-baseline">
            <FormattedMessage id="reactivate.send" />
          </button>
        </p>
      ) : null}
    </>
  )
}
