import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage } from 'react-intl'
import { data, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { changeEmailSchema, changePasswordSchema } from '#app/features/accounts/accounts.schema'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { changePassword, changeUsername, requestEmailChange } from '#app/features/accounts/change-account.server'
import { AccountForms, DeleteAccount, deletionReasonIds, SessionsList } from '#app/features/accounts/components/account-settings'
import { SecondFactorSettings } from '#app/features/accounts/components/second-factor-settings'
import { secondFactorAction, secondFactorState } from '#app/features/accounts/second-factor-settings.server'
import { requestAccountDeletion } from '#app/features/accounts/deletion.server'
import { verifyLogin } from '#app/features/authentication/login.server'
import { endSessionWithPassword } from '#app/features/authentication/end-session.server'
import { clearCookieHeader, formId } from '#app/lib/http.server'
import { SESSION_COOKIE, destroyAllSessions, listSessions, storedSessionId } from '#app/features/authentication/sessions.server'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { grantRetentionDiscount } from '#app/features/billing/discounts.server'
import { getPrivacy, setPrivacy } from '#app/features/profiles/privacy.server'
import { NotificationSettingsForm } from '#app/features/notifications/components/notification-settings'
import { BlockedMembers, PrivacySettings } from '#app/features/notifications/components/settings-sections'
import { parseNotificationSettings } from '#app/features/notifications/notification-settings.schema'
import { formFields } from '#app/lib/form-fields'
import { getNotificationSettings, notificationsDisabled, saveNotificationSettings } from '#app/features/notifications/preferences.server'
import { requestNotificationsAgain } from '#app/features/notifications/reenable.server'
import { getSettings } from '#app/features/settings/settings.server'
import { listBlocked, unblockMember } from '#app/features/safety/block.server'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import type { Route } from './+types/notifications'
import { readFormData } from '#app/lib/form-data.server'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { submitSettingsPost } from '#app/features/accounts/settings-post.server'
import { tooOftenReply } from './write-limit.server'
import { AccountDecisions } from '#app/features/console/moderation/components/account-decisions'
import { listMemberDecisions } from '#app/features/console/moderation/decisions.server'
import { appealAction } from '#app/routes/-helpers/appeal-reply.server'
import { Icon } from '#app/ui/icon'
import { ResultToast } from '#app/ui/result-toast'

/** Settings (the account menu's "Settings", spec section 2): notifications, privacy, account, blocked members. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const [privacy, blocked, sessions, company, notifications, disabled, settings, decisions] = await Promise.all([
    getPrivacy(viewer.profileId),
    listBlocked(viewer.profileId),
    listSessions(viewer.userId, context.sessionToken),
    getCompanyInfo(),
    getNotificationSettings(viewer.userId),
    notificationsDisabled(viewer.userId),
    getSettings(),
    listMemberDecisions(viewer.userId),
  ])
  const secondFactor = await secondFactorState(viewer.userId, viewer.email)
  return {
    secondFactor,
    decisions,
    privacy,
    blocked,
    sessions,
    email: viewer.email,
    name: viewer.name,
    discount: company.delete_discount,
    notifications,
    disabled,
    pushKey: settings.push_public_key,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const form = await readFormData(request)
  const r = await submitSettingsPost(viewer.userId, form.get('intent'), () => settingsAction(viewer, form, context.sessionToken))
  if (isTooOften(r)) return tooOftenReply(r.retryAfter)
  return r
}

async function settingsAction(viewer: { userId: number; profileId: number; email: string }, form: FormData, sessionToken: string | null) {
  const intent = form.get('intent')
  if (intent === 'appeal') return appealAction(viewer.userId, form)
  if (typeof intent === 'string' && intent.startsWith('totp-'))
    return secondFactorAction(viewer.userId, { intent, code: form.get('code'), password: form.get('password') })
  if (intent === 'notifications') {
    await saveNotificationSettings(viewer.userId, parseNotificationSettings(formFields(form)))
    return { notice: 'notify.saved' }
  }
  if (intent === 'notifications_enable') {
    const r = await requestNotificationsAgain(viewer.userId)
    return { notice: r === 'enabled' ? 'notify.enabled' : 'notify.enableConfirmSent' }
  }
  if (intent === 'privacy') {
    await setPrivacy(viewer.profileId, { invisible: form.get('invisible') === 'on', privacyMode: form.get('privacy_mode') === 'on' })
    return { notice: 'settings.saved' }
  }
  if (intent === 'retention') {
    const granted = await grantRetentionDiscount(viewer.userId)
    return granted ? { notice: 'account.retentionThanks', granted: { code: granted.code, percentage: granted.percentage } } : null
  }
  if (intent === 'unblock') {
    await unblockMember(viewer.profileId, formId(form.get('profileId')))
    return { notice: 'settings.unblocked' }
  }
  const fail = (errors: Record<string, string[]>, status = 400) =>
    data({ intent: String(intent), errors, values: { email: String(form.get('email') ?? ''), name: String(form.get('name') ?? '') } }, { status })
  if (intent === 'email') {
    const sub = parseWithZod(form, { schema: changeEmailSchema })
    if (sub.status !== 'success') return fail(Object.fromEntries(Object.entries(sub.error ?? {}).map(([k, v]) => [k, v ?? []])))
    const r = await requestEmailChange(viewer.userId, sub.value.email, sub.value.password)
    if (r === 'wrong_password') return fail({ password: ['validation.oldPasswordWrong'] })
    if (r === 'taken') return fail({ email: ['validation.emailTaken'] }, 409)
    if (r === 'same') return fail({ email: ['validation.newEmailInvalid'] })
    return { notice: 'account.emailSent' }
  }
  if (intent === 'password') {
    const sub = parseWithZod(form, { schema: changePasswordSchema })
    if (sub.status !== 'success') return fail(Object.fromEntries(Object.entries(sub.error ?? {}).map(([k, v]) => [k, v ?? []])))
    const r = await changePassword(viewer.userId, sub.value.old_password, sub.value.password, sessionToken ? storedSessionId(sessionToken) : undefined)
    if (r === 'wrong_password') return fail({ old_password: ['validation.oldPasswordWrong'] })
    if (r === 'common_password') return fail({ password: ['validation.passwordTooCommon'] })
    return { notice: 'account.passwordChanged' }
  }
  if (intent === 'username') {
    const r = await changeUsername(viewer.userId, form.get('name'))
    return r.ok ? { notice: 'account.usernameChanged' } : fail({ name: r.errors })
  }
  if (intent === 'end_session') {
    const handle = String(form.get('session') ?? '')
    const r = await endSessionWithPassword(viewer.userId, handle, String(form.get('password') ?? ''), sessionToken)
    if (r === 'ended_current') throw redirect('/login', { headers: { 'Set-Cookie': clearCookieHeader(SESSION_COOKIE) } })
    if (r === 'wrong_password') return data({ endSession: { session: handle, errors: ['validation.passwordWrong'] } }, { status: 400 })
    return { notice: r === 'ended' ? 'account.sessionEnded' : 'account.sessionGone' }
  }
  if (intent === 'logout_all') {
    await destroyAllSessions(viewer.userId)
    throw redirect('/login', { headers: { 'Set-Cookie': clearCookieHeader(SESSION_COOKIE) } })
  }
  if (intent === 'delete') {
    const sub = z.object({ reason: z.enum(deletionReasonIds), password: z.string().min(1) }).safeParse(Object.fromEntries(form))
    if (!sub.success) return fail({ '': ['account.deleteReasonRequired'] })
    if (!(await verifyLogin(viewer.email, sub.data.password))) return fail({ password: ['validation.oldPasswordWrong'] })
    await requestAccountDeletion(viewer.userId, sub.data.reason)
    throw redirect('/account-deleted', { headers: { 'Set-Cookie': clearCookieHeader(SESSION_COOKIE) } })
  }
  return null
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <div className="row justify-content-center">
      <div className="col-lg-8">
        <h1 className="h3 mb-4">
          <FormattedMessage id="settings.title" />
        </h1>
        <AccountDecisions decisions={loaderData.decisions} feedback={actionData && 'appeal' in actionData ? actionData.appeal : null} />
        {actionData && 'tooOften' in actionData ? <TooOftenAlert refusal={actionData.tooOften} /> : null}
        {actionData && 'notice' in actionData ? (
          <div className="alert alert-success" role="status">
            <FormattedMessage id={actionData.notice} values={{ email: loaderData.email }} />
          </div>
        ) : null}
        {/* The settings are a long page: the result shows where the member pressed the button too. */}
        <ResultToast result={actionData && 'notice' in actionData ? actionData : null} testId="result-toast">
          {actionData && 'notice' in actionData ? <FormattedMessage id={actionData.notice} values={{ email: loaderData.email }} /> : null}
        </ResultToast>
        <section className="mb-5" aria-labelledby="notifications-title">
          <h2 id="notifications-title" className="h5">
            <FormattedMessage id="notify.heading" />
          </h2>
          <NotificationSettingsForm
            settings={loaderData.notifications}
            disabled={loaderData.disabled}
            email={loaderData.email}
            siteName={root.site.name}
            pushKey={loaderData.pushKey}
            busy={busy}
          />
        </section>
        <PrivacySettings invisible={loaderData.privacy.invisible} privacyMode={loaderData.privacy.privacyMode} busy={busy} />
        <section className="mb-5" aria-labelledby="account-title">
          <h2 id="account-title" className="h5">
            <FormattedMessage id="account.title" />
          </h2>
          <AccountForms
            email={loaderData.email}
            name={loaderData.name}
            intent={actionData && 'intent' in actionData ? actionData.intent : undefined}
            errors={actionData && 'errors' in actionData ? actionData.errors : undefined}
            values={actionData && 'values' in actionData ? actionData.values : undefined}
          />
        </section>
        <section className="mb-5" aria-labelledby="second-factor-title">
          <h2 id="second-factor-title" className="h5">
            <FormattedMessage id="account.totp.title" />
          </h2>
          <SecondFactorSettings state={loaderData.secondFactor} reply={actionData && 'totp' in actionData ? actionData : null} busy={busy} />
        </section>
        <section className="mb-5" aria-labelledby="sessions-title">
          <h2 id="sessions-title" className="h5">
            <FormattedMessage id="account.sessions" />
          </h2>
          <SessionsList sessions={loaderData.sessions} failed={actionData && 'endSession' in actionData ? actionData.endSession : null} />
        </section>
        <section className="mb-5" aria-labelledby="data-title">
          <h2 id="data-title" className="h5">
            <FormattedMessage id="account.yourData" />
          </h2>
          <p className="text-body-secondary">
            <FormattedMessage id="account.downloadHelp" />
          </p>
          <a href="/notifications/export" className="btn btn-outline-dark" download>
            <Icon name="download" className="me-1" />
            <FormattedMessage id="account.download" />
          </a>
        </section>
        <BlockedMembers blocked={loaderData.blocked} cdnPrefix={root.site.cdnPrefix} />
        <DeleteAccount
          discount={loaderData.discount}
          granted={actionData && 'granted' in actionData ? actionData.granted : null}
          errors={actionData && 'intent' in actionData && actionData.intent === 'delete' ? actionData.errors : undefined}
        />
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'settings.title')]
}
