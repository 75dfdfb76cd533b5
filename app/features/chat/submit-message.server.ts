import { getSettings } from '#app/features/settings/settings.server'
import type { ChatMessage } from './chat-events'
import { sendMessageSchema } from './chat.schema'
import { sendMessage } from './send-message.server'

/**
 * Why a message was refused: one vocabulary (catalog message ids) for the socket's error events and the form
 * post's answers, with one HTTP status each.
 */
export const refusalStatus = {
  'chat.errorEmpty': 400,
  'chat.errorTooLong': 400,
  'chat.errorInvalid': 400,
  'chat.errorBlocked': 403,
  'chat.errorUnavailable': 404,
} as const
export type MessageRefusal = keyof typeof refusalStatus

export type SubmitResult = { ok: true; message: ChatMessage } | { ok: false; error: MessageRefusal; status: number }

const refusal = (error: MessageRefusal): SubmitResult => ({ ok: false, error, status: refusalStatus[error] })

function isRefusal(v: unknown): v is MessageRefusal {
  return typeof v === 'string' && v in refusalStatus
}

/**
 * Sending a message, whichever way it comes (socket frame or form post): validation against the settings'
 * message_length, then sendMessage (idempotent on the client id).
 */
export async function submitMessage(senderId: number, input: { toProfileId: unknown; clientId: unknown; body: unknown }): Promise<SubmitResult> {
  const settings = await getSettings()
  const parsed = sendMessageSchema(settings.message_length).safeParse(input)
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.message
    return refusal(isRefusal(code) ? code : 'chat.errorInvalid')
  }
  const r = await sendMessage({ senderId, ...parsed.data })
  if (!r.ok) return refusal(r.error === 'blocked' ? 'chat.errorBlocked' : 'chat.errorUnavailable')
  return { ok: true, message: r.message }
}
