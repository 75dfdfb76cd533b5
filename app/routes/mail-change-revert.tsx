import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage } from 'react-intl'
import { data, Form, Link, useNavigation } from 'react-router'
import { newPasswordSchema } from '#app/features/accounts/accounts.schema'
import { EMAIL_REVERT_DAYS, revertEmailChange } from '#app/features/accounts/change-account.server'
import { peekToken } from '#app/features/accounts/tokens.server'
import { clearCookieHeader } from '#app/lib/http.server'
import { SESSION_COOKIE } from '#app/features/authentication/sessions.server'
import { pageTitle } from '#app/i18n/meta'
import { FormErrors } from '#app/ui/form-errors'
import { FormField } from '#app/ui/form-field'
import { readFormData } from '#app/lib/form-data.server'
import type { Route } from './+types/mail-change-revert'
import { ResultPanel } from '#app/ui/result-panel'

/**
 * The link in the notice sent to the old address after an e-mail change (issue 24, point 7). A GET only shows the
 * form (mail scanners open every link); the POST restores the old address with a new password and ends every
 * session of the account, this browser's too.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  return { valid: await peekToken(token, 'email_revert'), token: token && token.length <= 200 ? token : '', days: EMAIL_REVERT_DAYS }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request)
  const submission = parseWithZod(form, { schema: newPasswordSchema })
  const hide = { hideFields: ['password', 'password_repeat'] }
  if (submission.status !== 'success') return data({ result: submission.reply(hide), outcome: null }, { status: 400 })
  const outcome = await revertEmailChange(String(form.get('token') ?? ''), submission.value.password)
  if (outcome !== 'ok') return data({ result: submission.reply(hide), outcome }, { status: outcome === 'taken' ? 409 : 410 })
  // Every session ended, this browser's with them: its cookie goes too.
  return data({ result: submission.reply(hide), outcome }, { headers: { 'Set-Cookie': clearCookieHeader(SESSION_COOKIE) } })
}

export default function MailChangeRevert({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  })
  const outcome = actionData?.outcome
  if (outcome === 'ok') {
    return (
      <ResultPanel
        tone="success"
        title={<FormattedMessage id="mailRevert.doneTitle" />}
        action={
          <Link to="/login" className="btn btn-primary">
            <FormattedMessage id="nav.login" />
          </Link>
        }
      >
        <p role="status">
          <FormattedMessage id="mailRevert.doneText" />
        </p>
      </ResultPanel>
    )
  }
  if (!loaderData.valid || outcome === 'invalid' || outcome === 'taken') {
    return (
      <ResultPanel
        tone="danger"
        title={<FormattedMessage id="mailRevert.title" />}
        action={
          <Link to="/reset-password" className="btn btn-primary">
            <FormattedMessage id="reset.requestNew" />
          </Link>
        }
      >
        <p role="alert">
          <FormattedMessage id={outcome === 'taken' ? 'validation.emailTaken' : 'error.linkExpired'} />
        </p>
      </ResultPanel>
    )
  }
  return (
    <div className="row justify-content-center">
      <div className="col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-3">
          <FormattedMessage id="mailRevert.title" />
        </h1>
        <p>
          <FormattedMessage id="mailRevert.help" values={{ days: loaderData.days }} />
        </p>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="token" value={loaderData.token} />
          <FormErrors errors={form.errors} />
          <FormField
            label={<FormattedMessage id="field.newPassword" />}
            errors={fields.password.errors}
            {...getInputProps(fields.password, { type: 'password' })}
            id="revert-password"
            autoComplete="new-password"
          />
          <FormField
            label={<FormattedMessage id="field.repeatPassword" />}
            errors={fields.password_repeat.errors}
            {...getInputProps(fields.password_repeat, { type: 'password' })}
            id="revert-password-repeat"
            autoComplete="new-password"
          />
          <button type="submit" className="btn btn-danger w-100" disabled={navigation.state === 'submitting'}>
            <FormattedMessage id="mailRevert.confirm" />
          </button>
        </Form>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'mailRevert.title')]
}
