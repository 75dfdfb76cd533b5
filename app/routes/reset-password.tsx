import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { FormattedMessage } from 'react-intl'
import { data, Form, Link, useNavigation } from 'react-router'
import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { emailSchema } from '#app/features/accounts/accounts.schema'
import { requestPasswordReset } from '#app/features/accounts/password-reset.server'
import { accountLimiters } from '#app/features/authentication/ip-limits.server'
import { pageTitle } from '#app/i18n/meta'
import { FormField } from '#app/ui/form-field'
import { FormErrors } from '#app/ui/form-errors'
import type { Route } from './+types/reset-password'
import { readFormData } from '#app/lib/form-data.server'

const schema = z.object({ email: emailSchema })

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 })
  if ((await consume((await accountLimiters()).resetIp, context.clientIp)) > 0) {
    return data({ result: submission.reply({ formErrors: ['reset.tooMany'] }), sent: false }, { status: 429 })
  }
  const r = await requestPasswordReset(submission.value.email)
  if (r === 'not_found') return data({ result: submission.reply({ fieldErrors: { email: ['reset.notFound'] } }), sent: false }, { status: 404 })
  if (r === 'too_many') return data({ result: submission.reply({ formErrors: ['reset.tooMany'] }), sent: false }, { status: 429 })
  return { result: submission.reply(), sent: true }
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  })
  return (
    <div className="row justify-content-center">
      <div className="col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-3">
          <FormattedMessage id="reset.title" />
        </h1>
        {actionData?.sent ? (
          <div className="alert alert-success" role="status">
            <FormattedMessage id="reset.sent" />
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <p className="text-body-secondary">
              <FormattedMessage id="reset.intro" />
            </p>
            <FormErrors errors={form.errors} />
            <FormField
              label={<FormattedMessage id="field.email" />}
              errors={fields.email.errors}
              {...getInputProps(fields.email, { type: 'email' })}
              id="reset-email"
              autoComplete="email"
            />
            <button type="submit" className="btn btn-primary w-100" disabled={navigation.state === 'submitting'}>
              <FormattedMessage id="reset.submit" />
            </button>
          </Form>
        )}
        <p className="mt-3 text-center">
          <Link to="/login">
            <FormattedMessage id="nav.login" />
          </Link>
        </p>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'reset.title')]
}
