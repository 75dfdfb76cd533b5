import QRCode from 'qrcode'
import {
  confirmEnrolment,
  disableSecondFactor,
  enrolmentSecret,
  hasSecondFactor,
  pendingSecret,
  recoveryCodesLeft,
} from '#app/features/authentication/member-second-factor.server'
import { totpUri } from '#app/features/authentication/totp.server'
import { getSettings } from '#app/features/settings/settings.server'
import { secondFactorSettingsSchema } from './accounts.schema'

export interface SecondFactorState {
  enabled: boolean
  codesLeft: number
  /** An enrolment begun and not confirmed: the QR code (SVG) and the key as text, in groups of four. */
  pending: { qr: string; secret: string } | null
}

/** What the account settings show about the second factor. */
export async function secondFactorState(userId: number, email: string): Promise<SecondFactorState> {
  if (await hasSecondFactor(userId)) return { enabled: true, codesLeft: await recoveryCodesLeft(userId), pending: null }
  const secret = await pendingSecret(userId)
  if (!secret) return { enabled: false, codesLeft: 0, pending: null }
  const uri = totpUri(secret, email, (await getSettings()).name)
  // Drawn here, as SVG: the secret never leaves for a third-party QR service.
  const qr = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { enabled: false, codesLeft: 0, pending: { qr, secret: secret.replace(/(.{4})/g, '$1 ').trim() } }
}

export type SecondFactorReply =
  { totp: 'started' } | { totp: 'enabled'; recoveryCodes: string[] } | { totp: 'disabled' } | { totp: 'error'; field: 'code' | 'password'; error: string }

/** The settings' second-factor intents: totp-start, totp-confirm (a first code), totp-disable (the password). */
export async function secondFactorAction(userId: number, input: { intent: unknown; code?: unknown; password?: unknown }): Promise<SecondFactorReply> {
  if (input.intent === 'totp-start') {
    await enrolmentSecret(userId)
    return { totp: 'started' }
  }
  // Empty fields count as missing, as a form parse gives them.
  const present = (v: unknown) => (v === '' || v === null ? undefined : v)
  const submission = secondFactorSettingsSchema.safeParse({ intent: present(input.intent), code: present(input.code), password: present(input.password) })
  if (!submission.success) {
    const field = input.intent === 'totp-disable' ? 'password' : 'code'
    return { totp: 'error', field, error: field === 'password' ? 'validation.passwordRequired' : 'validation.codeFormat' }
  }
  if (submission.data.intent === 'totp-confirm') {
    const codes = await confirmEnrolment(userId, submission.data.code)
    return codes ? { totp: 'enabled', recoveryCodes: codes } : { totp: 'error', field: 'code', error: 'login.codeWrong' }
  }
  return (await disableSecondFactor(userId, submission.data.password))
    ? { totp: 'disabled' }
    : { totp: 'error', field: 'password', error: 'validation.oldPasswordWrong' }
}
