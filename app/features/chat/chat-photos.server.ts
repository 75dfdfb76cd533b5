import { and, eq } from 'drizzle-orm'
import { mediaStore } from '#app/adapters/storage/index.server'
import { canUseChatFeature } from '#app/policies/premium-features'
import { db } from '#db/client.server'
import { messages, profiles, users } from '#db/schema/index'
import { statusFor } from '#app/lib/refusals'
import { ImageRejectedError, processImage } from '#app/features/photos/process-image.server'
import type { UnreadPhoto } from '#app/features/photos/submit-photo.server'
import { withWrite } from '#app/features/settings/write-limits.server'
import { conversationAccess } from './conversations.server'
import { deliverSubmission, refusal, type SubmitResult } from './submit-message.server'

export type PhotoSubmitResult = SubmitResult | { ok: false; error: 'photo'; code: ImageRejectedError['code']; status: number }

/**
 * A photo in a chat (a Premium chat feature, paid with photo_credits): re-encoded by the image pipeline (metadata
 * stripped, size limits), stored privately, and sent as a message. A photo whose message is refused, or that a
 * retry already sent, leaves no file behind.
 */
export async function sendChatPhoto(senderId: number, toProfileId: number, clientId: string, data: Buffer): Promise<PhotoSubmitResult> {
  const [sender] = await db()
    .select({ paidUser: users.paidUser })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, senderId))
  // Refused before the work of decoding: free members cannot send photos at all.
  if (!sender || !canUseChatFeature(sender, 'chat_photos')) return refusal('chat.errorPremiumOnly')
  let full: Buffer
  try {
    full = (await processImage(data)).full
  } catch (e) {
    if (e instanceof ImageRejectedError)
      return { ok: false, error: 'photo', code: e.code, status: statusFor('image', e.code === 'too_large' ? 'too_large' : 'other') }
    throw e
  }
  const name = `chat-${senderId}-${crypto.randomUUID()}.webp`
  const store = mediaStore()
  await store.save(name, full, 'private')
  let r: SubmitResult
  try {
    r = await deliverSubmission({ senderId, toProfileId, clientId, body: '', kind: 'photo', photo: name })
  } catch (e) {
    await store.delete([name])
    throw e
  }
  if (!r.ok || r.message.kind !== 'photo' || !(await isStored(r.message.id, name))) await store.delete([name])
  return r
}

/** A photo message's post as plain values: the client's id of the message and the photo's bytes (or why none). */
export type ChatPhotoPost = { clientId: unknown; photo: Buffer | UnreadPhoto }

/**
 * A member's photo message as the chat posts it: takes an upload write token first (too often: the body is not
 * even read, so a refused one costs neither the decoding nor credits), then reads (`read`) and checks it, and sends.
 */
export function submitChatPhoto(senderId: number, toProfileId: number, read: () => Promise<ChatPhotoPost | UnreadPhoto>) {
  return withWrite('upload', senderId, async (): Promise<PhotoSubmitResult | UnreadPhoto> => {
    const post = await read()
    if ('error' in post) return post
    if (typeof post.clientId !== 'string' || !/^[0-9a-f-]{36}$/i.test(post.clientId)) return refusal('chat.errorInvalid')
    if (!Buffer.isBuffer(post.photo)) return post.photo
    return sendChatPhoto(senderId, toProfileId, post.clientId, post.photo)
  })
}

async function isStored(messageId: number, name: string): Promise<boolean> {
  const [row] = await db().select({ photo: messages.photo }).from(messages).where(eq(messages.id, messageId))
  return row?.photo === name
}

/**
 * The file of a photo message for a viewer: only the two members of its conversation while the viewer may see it
 * (conversationAccess: not once the partner blocked them or was banned), and the partner only once it is delivered
 * (an unconfirmed sender's messages are held back).
 */
export async function chatPhotoFile(
  viewerId: number,
  conversationId: number,
  messageId: number,
): Promise<{ ok: true; file: string } | { ok: false; reason: 'not_found' | 'blocked' }> {
  const access = await conversationAccess(conversationId, viewerId)
  if (!access.ok) return { ok: false, reason: access.reason }
  const [row] = await db()
    .select({ photo: messages.photo, senderId: messages.senderId, delivered: messages.delivered })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
  if (!row?.photo) return { ok: false, reason: 'not_found' }
  if (!row.delivered && row.senderId !== viewerId) return { ok: false, reason: 'not_found' }
  return { ok: true, file: row.photo }
}
