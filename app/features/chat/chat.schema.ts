import { z } from 'zod'
import { giftIds } from './gift-catalog'

export function sendMessageSchema(maxLength: number) {
  return z.object({
    toProfileId: z.coerce.number().int().positive(),
    clientId: z.uuid({ error: 'chat.errorInvalid' }),
    body: z.string({ error: 'chat.errorEmpty' }).trim().min(1, 'chat.errorEmpty').max(maxLength, 'chat.errorTooLong'),
  })
}

export const sendGiftSchema = z.object({
  toProfileId: z.coerce.number().int().positive(),
  clientId: z.uuid({ error: 'chat.errorInvalid' }),
  gift: z.enum(giftIds, { error: 'chat.errorInvalid' }),
})

const id = z.number().int().positive()

export const clientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('send'), toProfileId: id, clientId: z.string().max(64), body: z.string().optional(), gift: z.string().max(20).optional() }),
  z.object({ type: z.literal('read'), conversationId: id }),
  z.object({ type: z.literal('delivered'), conversationId: id, messageId: id }),
  z.object({ type: z.literal('typing'), toProfileId: id }),
  z.object({ type: z.literal('ping') }),
])
