import { isRefusal, statusFor, type RefusalOf } from '#app/lib/refusals'
import { takeWrite } from '#app/features/settings/write-limits.server'
import { getSettings } from '#app/features/settings/settings.server'
import type { ChatMessage } from './chat-events'
import { sendGiftSchema, sendMessageSchema } from './chat.schema'
import { sendMessage, type SendInput, type SendRefusal } from './send-message.server'

/**
 * Why a message was refused: one vocabulary (catalog message ids) for the socket's error events and the form
 * post's answers; their HTTP statuses come from the one map of app/lib/refusals.ts (vocabulary 'chat').
 */
export type MessageRefusal = RefusalOf<'chat'>

/** `retryAfter`: for chat.errorRateLimited, the seconds until the member may send again. */
export type SubmitResult = { ok: true; message: ChatMessage; credits: number } | { ok: false; error: MessageRefusal; status: number; retryAfter?: number }

export const refusal = (error: MessageRefusal): SubmitResult & { ok: false } => ({ ok: false, error, status: statusFor('chat', error) })

const refusalOf: Record<SendRefusal, MessageRefusal> = {
  not_found: 'chat.errorUnavailable',
  self: 'chat.errorUnavailable',
  unconfirmed: 'chat.errorUnavailable',
  blocked: 'chat.errorBlocked',
  fictional: 'chat.errorFictional',
  no_credits: 'chat.errorNoCredits',
  free_conversations: 'chat.errorFreeConversations',
  premium_only: 'chat.errorPremiumOnly',
}

/** Sends an already validated message and words a refusal in the shared vocabulary. */
export async function deliverSubmission(input: SendInput): Promise<SubmitResult> {
  const r = await sendMessage(input)
  if (!r.ok) return refusal(refusalOf[r.error])
  return { ok: true, message: r.message, credits: r.credits }
}

// Building a zod schema costs more than using one (it showed in the send path's CPU profile, issue 14): one per
// message_length setting, rebuilt only when the setting changes.
let textSchema: { maxLength: number; schema: ReturnType<typeof sendMessageSchema> } | undefined
function textSchemaFor(maxLength: number) {
  if (textSchema?.maxLength !== maxLength) textSchema = { maxLength, schema: sendMessageSchema(maxLength) }
  return textSchema.schema
}

/**
 * Sending a text or a gift, whichever way it comes (socket frame or form post): validation against the settings'
 * message_length or the gift catalogue, then sendMessage (idempotent on the client id, paid in its transaction).
 */
export async function submitMessage(
  senderId: number,
  input: { toProfileId: unknown; clientId: unknown; body?: unknown; gift?: unknown },
): Promise<SubmitResult> {
  // Counted before anything else, so a refused message is neither stored nor charged (docs/security.md).
  const wait = await takeWrite('message', senderId)
  if (wait > 0) return { ...refusal('chat.errorRateLimited'), retryAfter: wait }
  if (input.gift !== undefined && input.gift !== null && input.gift !== '') {
    const gift = sendGiftSchema.safeParse(input)
    if (!gift.success) return refusal('chat.errorInvalid')
    return deliverSubmission({ senderId, toProfileId: gift.data.toProfileId, clientId: gift.data.clientId, body: '', kind: 'gift', gift: gift.data.gift })
  }
  const settings = await getSettings()
  const parsed = textSchemaFor(settings.message_length).safeParse(input)
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.message
    return refusal(isRefusal('chat', code) ? code : 'chat.errorInvalid')
  }
  return deliverSubmission({ senderId, ...parsed.data })
}
