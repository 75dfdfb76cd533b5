import { z } from 'zod'
import { disableNotificationsFor } from './preferences.server'

/**
 * What the mail provider's webhook sends (docs/mail-webhooks.md): bounces, spam complaints (feedback loops) and
 * unsubscribes made in a mail app. A temporary (soft) bounce changes nothing.
 */
export const mailEventsSchema = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(['bounce', 'complaint', 'unsubscribe']),
        email: z.email().max(254),
        permanent: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(1000),
})

const reasonOf = { bounce: 'bounce', complaint: 'fbl', unsubscribe: 'listunsubscribe' } as const

/** Applies the events; returns how many accounts had their e-mails switched off. */
export async function applyMailEvents(input: z.infer<typeof mailEventsSchema>): Promise<number> {
  let applied = 0
  for (const e of input.events) {
    if (e.type === 'bounce' && e.permanent === false) continue
    if (await disableNotificationsFor(e.email, reasonOf[e.type])) applied += 1
  }
  return applied
}
