import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Form, useNavigation } from 'react-router'
import { complaintCategories } from '#app/features/safety/complaint-categories'
import { complaintSchema } from '#app/features/safety/complaints.schema'
import { submitComplaint } from '#app/features/safety/complaints.server'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { retryAfterHeader } from '#app/lib/http.server'
import { statusFor } from '#app/lib/refusals'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { FormErrors } from '#app/ui/form-errors'
import { FormField } from '#app/ui/form-field'
import type { Route } from './+types/complaints'
import type { SeoHandle } from '#app/ui/seo-tags'

/** og:title of the public page (app/ui/seo-tags.tsx). */
export const handle: SeoHandle = { seo: () => ({ titleId: 'complaints.title' }) }

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.viewer?.email ?? '' }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: complaintSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), reference: null }, { status: 400 })
  const { locale } = await requestLocale(request, context)
  // Per address (visitors file complaints too), counted by the feature before anything is stored.
  const r = await submitComplaint(context.clientIp, { ...submission.value, locale, reporterProfileId: context.viewer?.profileId ?? null })
  if (isTooOften(r)) {
    return data(
      { result: submission.reply({ formErrors: ['complaints.tooMany'] }), reference: null },
      { status: statusFor('write', 'too_often'), headers: retryAfterHeader(r.retryAfter) },
    )
  }
  const { reference } = r
  return { result: submission.reply({ resetForm: true }), reference }
}

/**
 * Complaints (spec section 2), also the notice channel for illegal content: usable without an account, answered
 * with a reference number and a confirmation e-mail. What was typed is kept when something is missing.
 */
export default function Complaints({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: complaintSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const descriptionErrorId = `${fields.description.id}-error`
  return (
    <div className="row justify-content-center">
      <div className="col-md-9 col-lg-7">
        <h1 className="h3 mb-3">
          <FormattedMessage id="complaints.title" />
        </h1>
        {actionData?.reference ? (
          <div className="alert alert-success" role="status" data-testid="complaint-filed">
            <FormattedMessage id="complaints.filed" values={{ reference: <strong>{actionData.reference}</strong> }} />
          </div>
        ) : null}
        <p className="text-body-secondary">
          <FormattedMessage id="complaints.intro" />
        </p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          <div className="mb-3">
            <label htmlFor={fields.category.id} className="form-label">
              <FormattedMessage id="complaints.category" />
            </label>
            <select
              {...getSelectProps(fields.category)}
              className={`form-select${fields.category.errors ? ' is-invalid' : ''}`}
              aria-describedby={fields.category.errors ? `${fields.category.id}-error` : undefined}
            >
              <option value="">{intl.formatMessage({ id: 'complaints.choose' })}</option>
              {complaintCategories.map((c) => (
                <option key={c} value={c}>
                  {intl.formatMessage({ id: `complaints.category.${c}` })}
                </option>
              ))}
            </select>
            {fields.category.errors ? (
              <div id={`${fields.category.id}-error`} className="invalid-feedback">
                <FormattedMessage id={fields.category.errors[0]} />
              </div>
            ) : null}
          </div>
          <FormField
            label={<FormattedMessage id="complaints.subject" />}
            help={<FormattedMessage id="complaints.subjectHelp" />}
            errors={fields.subject.errors}
            {...getInputProps(fields.subject, { type: 'text' })}
            id={fields.subject.id}
            maxLength={300}
          />
          <div className="mb-3">
            <label htmlFor={fields.description.id} className="form-label">
              <FormattedMessage id="complaints.description" />
            </label>
            <textarea
              {...getTextareaProps(fields.description)}
              rows={6}
              maxLength={5000}
              className={`form-control${fields.description.errors ? ' is-invalid' : ''}`}
              aria-describedby={fields.description.errors ? descriptionErrorId : undefined}
            />
            {fields.description.errors ? (
              <div id={descriptionErrorId} className="invalid-feedback">
                <FormattedMessage id={fields.description.errors[0]} />
              </div>
            ) : null}
          </div>
          <FormField
            label={<FormattedMessage id="complaints.email" />}
            errors={fields.email.errors}
            {...getInputProps(fields.email, { type: 'email' })}
            id={fields.email.id}
            autoComplete="email"
          />
          <button type="submit" className="btn btn-primary" disabled={navigation.state === 'submitting'}>
            <FormattedMessage id="complaints.submit" />
          </button>
        </Form>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'complaints.title')]
}
