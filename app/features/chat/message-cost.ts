import type { Settings } from '#app/features/settings/defaults'
import type { MessageKind } from './chat-events'

type CostSettings = Pick<Settings, 'message_credits' | 'photo_credits' | 'gift_credits' | 'minimum_message_costs' | 'free_messages'>

/**
 * What one message of a kind costs a member of `country` in credits (spec section 3): the setting of its kind,
 * never less than the country's minimum message cost.
 */
export function messageCost(settings: CostSettings, kind: MessageKind, country: string | null | undefined): number {
  const base = kind === 'photo' ? settings.photo_credits : kind === 'gift' ? settings.gift_credits : settings.message_credits
  const minimum = (country && settings.minimum_message_costs[country]?.costs) || 0
  return Math.max(base, minimum)
}

export interface SenderWallet {
  paidUser: boolean
  credits: number
  freeMessagesUsed: number
  country: string | null
}

export interface NextPrice {
  /** Credits the next message of this kind takes (0 when it is one of the free messages). */
  credits: number
  /** Free text messages left for a free member (0 for Premium members, who have none). */
  freeLeft: number
  affordable: boolean
}

/** The price of a member's next message of a kind: shown before sending and charged by sendMessage. */
export function nextMessagePrice(settings: CostSettings, wallet: SenderWallet, kind: MessageKind): NextPrice {
  const freeLeft = wallet.paidUser ? 0 : Math.max(0, settings.free_messages - wallet.freeMessagesUsed)
  const credits = kind === 'text' && freeLeft > 0 ? 0 : messageCost(settings, kind, wallet.country)
  return { credits, freeLeft, affordable: wallet.credits >= credits }
}
