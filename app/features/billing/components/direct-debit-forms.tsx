import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage, useIntl } from 'react-intl'
import { Form } from 'react-router'
import { FormErrors } from '#app/ui/form-errors'
import { FormField } from '#app/ui/form-field'
import { directDebitSchema, otpSchema } from '../direct-debit.schema'

type Values = Record<string, string | number>

/**
 * Step 1 of /directdebit: bank account, address and mobile number, and the SEPA mandate the member authorises
 * by ticking its box. What was typed comes back with the errors (Conform's lastResult), with or without JavaScript.
 */
export function DirectDebitDetailsForm({
  country,
  formKey,
  company,
  price,
  lastResult,
  errorValues,
  busy,
}: {
  country: string
  formKey: string
  company: string
  price: string
  lastResult?: SubmissionResult<string[]> | null
  errorValues?: Values
  busy: boolean
}) {
  const schema = directDebitSchema(country)
  const [form, fields] = useForm({
    id: 'directdebit-details',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const intl = useIntl()
  const authErrors = fields.authorize.errors
  const field = (name: Exclude<keyof typeof fields, 'authorize'>, labelId: string, extra: Record<string, unknown> = {}, type: 'text' | 'tel' = 'text') => {
    const { key, ...props } = getInputProps(fields[name], { type })
    return <FormField key={key} label={<FormattedMessage id={labelId} />} errors={fields[name].errors} {...props} id={`dd-${name}`} required {...extra} />
  }
  return (
    <Form method="post" {...getFormProps(form)} aria-describedby={form.errors?.length ? 'dd-form-error' : undefined}>
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="key" value={formKey} />
      <FormErrors errors={form.errors} values={errorValues} id="dd-form-error" />
      {field('account_holder', 'directdebit.accountHolder', { autoComplete: 'name', maxLength: 100 })}
      {field('iban', 'directdebit.iban', { autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters', maxLength: 42 })}
      <div className="row">
        <div className="col-8">{field('street', 'directdebit.street', { autoComplete: 'address-line1', maxLength: 100 })}</div>
        <div className="col-4">{field('house_number', 'directdebit.houseNumber', { maxLength: 20 })}</div>
      </div>
      <div className="row">
        <div className="col-4">{field('zip', 'directdebit.zip', { autoComplete: 'postal-code', maxLength: 12 })}</div>
        <div className="col-8">{field('city', 'directdebit.city', { autoComplete: 'address-level2', maxLength: 80 })}</div>
      </div>
      {field('phone', 'directdebit.phone', { autoComplete: 'tel', inputMode: 'tel', help: <FormattedMessage id="directdebit.phoneHelp" /> }, 'tel')}
      <fieldset className="mb-3">
        <legend className="h6">
          <FormattedMessage id="directdebit.mandateTitle" />
        </legend>
        <div className="form-check">
          <input
            type="checkbox"
            name={fields.authorize.name}
            id="dd-authorize"
            className={`form-check-input${authErrors?.length ? ' is-invalid' : ''}`}
            defaultChecked={fields.authorize.initialValue === 'on'}
            aria-invalid={authErrors?.length ? true : undefined}
            aria-describedby={authErrors?.length ? 'dd-authorize-error' : undefined}
            required
          />
          <label className="form-check-label small" htmlFor="dd-authorize">
            <FormattedMessage id="directdebit.authorize" values={{ company, price }} />
          </label>
          {authErrors?.length ? (
            <div id="dd-authorize-error" className="invalid-feedback d-block">
              {authErrors.map((e) => intl.formatMessage({ id: e })).join(' ')}
            </div>
          ) : null}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        <FormattedMessage id="directdebit.submit" />
      </button>
    </Form>
  )
}

/** Step 2: the SMS code (spec: otp), and a second form that asks for a new code. */
export function DirectDebitCodeForm({
  mandateId,
  lastResult,
  errorValues,
  attemptsLeft,
  busy,
}: {
  mandateId: number
  lastResult?: SubmissionResult<string[]> | null
  errorValues?: Values
  /** After a wrong code: the tries before the mandate is dropped. */
  attemptsLeft?: number
  busy: boolean
}) {
  const [form, fields] = useForm({
    id: 'directdebit-code',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: otpSchema }),
    shouldValidate: 'onSubmit',
  })
  const { key, ...otpProps } = getInputProps(fields.otp, { type: 'text' })
  return (
    <>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="mandate" value={mandateId} />
        <FormErrors errors={form.errors} values={errorValues} />
        <FormField
          key={key}
          label={<FormattedMessage id="directdebit.otp" />}
          errors={fields.otp.errors}
          {...otpProps}
          id="dd-otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
        />
        {attemptsLeft !== undefined ? (
          <p className="small text-body-secondary" role="status">
            <FormattedMessage id="directdebit.attemptsLeft" values={{ count: attemptsLeft }} />
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          <FormattedMessage id="directdebit.confirm" />
        </button>
      </Form>
      <Form method="post" className="mt-3 text-center">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="mandate" value={mandateId} />
        <button type="submit" className="btn btn-link" disabled={busy}>
          <FormattedMessage id="directdebit.resend" />
        </button>
      </Form>
    </>
  )
}
