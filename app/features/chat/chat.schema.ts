import { z } from 'zod'

export function sendMessageSchema(maxLength: number) {
  return z.object({
    toProfileId: z.coerce.number().int().positive(),
    clientId: z.uuid({ error: 'chat.errorInvalid' }),
    body: z
      .string({ error: 'chat.errorEmpty' })
      .trim()
      .min(1, 'chat.errorEmpty')
      .max(maxLength, 'chat.errorTooLong'),
  })
}

export const clientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('send'), toProfileId: z.number().int().positive(), clientId: z.string(), body: z.string() }),
  z.object({ type: z.literal('read'), conversationId: z.number().int().positive() }),
  z.object({ type: z.literal('ping') }),
])
