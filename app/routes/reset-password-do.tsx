import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage } from 'react-intl'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { newPasswordSchema } from '#app/features/accounts/accounts.schema'
import { resetPassword } from '#app/features/accounts/password-reset.server'
import { hasSecondFactor } from '#app/features/authentication/member-second-factor.server'
import { startSession } from '#app/features/authentication/session-cookie.server'
import { peekToken } from '#app/features/accounts/tokens.server'
import { pageTitle } from '#app/i18n/meta'
import { FormField } from '#app/ui/form-field'
import { FormErrors } from '#app/ui/form-errors'
import type { Route } from './+types/reset-password-do'
import { readFormData } from '#app/lib/form-data.server'

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  return { valid: await peekToken(token, 'password_reset'), token: token ?? '' }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request)
  const submission = parseWithZod(form, { schema: newPasswordSchema })
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: ['password', 'password_repeat'] }), expired: false }, { status: 400 })
  const r = await resetPassword(String(form.get('token') ?? ''), submission.value.password)
  if (!r.ok && r.error === 'common_password')
    return data(
      {
        result: submission.reply({ fieldErrors: { password: ['validation.passwordTooCommon'] }, hideFields: ['password', 'password_repeat'] }),
        expired: false,
      },
      { status: 400 },
    )
  if (!r.ok) return data({ result: submission.reply({ hideFields: ['password', 'password_repeat'] }), expired: true }, { status: 410 })
  // A reset link proves the mailbox, not the second factor: with one on, the member logs in with the new password and a code.
  if (await hasSecondFactor(r.userId)) throw redirect('/login')
  const cookie = await startSession(r.userId, context.sessionToken, { userAgent: request.headers.get('user-agent'), ip: context.clientIp })
  throw redirect('/members', { headers: { 'Set-Cookie': cookie } })
}

export default function ResetPasswordDo({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  })
  if (!loaderData.valid || actionData?.expired) {
    return (
      <div className="text-center py-5">
        <h1 className="h3">
          <FormattedMessage id="reset.title" />
        </h1>
        <div className="alert alert-danger" role="alert">
          <FormattedMessage id="error.linkExpired" />
        </div>
        <Link to="/reset-password" className="btn btn-primary">
          <FormattedMessage id="reset.requestNew" />
        </Link>
      </div>
    )
  }
  return (
    <div className="row justify-content-center">
      <div className="col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-3">
          <FormattedMessage id="reset.newTitle" />
        </h1>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="token" value={loaderData.token} />
          <FormErrors errors={form.errors} />
          <FormField
            label={<FormattedMessage id="field.newPassword" />}
            errors={fields.password.errors}
            {...getInputProps(fields.password, { type: 'password' })}
            id="reset-password"
            autoComplete="new-password"
          />
          <FormField
            label={<FormattedMessage id="field.repeatPassword" />}
            errors={fields.password_repeat.errors}
            {...getInputProps(fields.password_repeat, { type: 'password' })}
            id="reset-password-repeat"
            autoComplete="new-password"
          />
          <button type="submit" className="btn btn-primary w-100" disabled={navigation.state === 'submitting'}>
            <FormattedMessage id="reset.save" />
          </button>
        </Form>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'reset.newTitle')]
}
