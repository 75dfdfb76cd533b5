import { canMessage, canSeeConversation, canViewProfile } from '#app/policies/visibility.server'
import { canUseChatFeature } from '#app/policies/premium-features'
import { db } from '#db/client.server'
import { conversations, interests, profileImages, profileInterests, profiles, users } from '#db/schema/index'
import { asc, count, eq, inArray } from 'drizzle-orm'
import { getSettings } from '#app/features/settings/settings.server'
import { profileCardColumns, toProfileCard } from '#app/features/profiles/profile-view.server'
import type { ProfileCard } from '#app/features/profiles/profile-types'
import type { ChatMessage, Receipt } from './chat-events'
import { findConversationId, messagePage } from './conversations.server'
import { messageCost, nextMessagePrice, type NextPrice } from './message-cost'
import { markConversationRead, receiptFor } from './receipts.server'

export interface ChatPricing {
  text: NextPrice
  /** What a text costs once the free messages are used up. */
  textAfterFree: number
  gift: number
  photo: number
  /** The viewer's balance. */
  credits: number
  paidUser: boolean
  /** A free member who already started all their free conversations cannot start this one. */
  conversationLimitReached: boolean
  freeConversations: number
}

export type ChatPage =
  | {
      kind: 'ok'
      partner: ProfileCard
      conversationId: number | null
      messages: ChatMessage[]
      hasMore: boolean
      canSend: boolean
      formClientId: string
      pricing: ChatPricing
      receipt: Receipt | null
      /** Interest slugs, for the icebreakers of an empty conversation. */
      interests: { viewer: string[]; partner: string[] }
      /** The Premium chat features this viewer may use (app/policies/premium-features.ts). */
      features: { photos: boolean; readReceipts: boolean }
    }
  | { kind: 'blocked'; name: string }
  | { kind: 'not_found' }

async function interestSlugs(profileIds: number[]): Promise<Map<number, string[]>> {
  const rows = await db()
    .select({ profileId: profileInterests.profileId, slug: interests.slug })
    .from(profileInterests)
    .innerJoin(interests, eq(interests.id, profileInterests.interestId))
    .where(inArray(profileInterests.profileId, profileIds))
    .orderBy(asc(interests.slug))
  const by = new Map<number, string[]>(profileIds.map((id) => [id, []]))
  for (const r of rows) by.get(r.profileId)!.push(r.slug)
  return by
}

/**
 * The chat screen with one partner: the newest page of history, whether and at what price the viewer may write,
 * the delivery state of the viewer's messages, and read-marking. Opening it is remembered as the member's last
 * opened chat (spec section 3).
 */
export async function loadChatPage(viewerId: number, partnerId: number, knownConversationId?: number): Promise<ChatPage> {
  // The caller may know the conversation already (the page by its id, whose member the viewer was checked to be).
  const conversationId = viewerId === partnerId ? null : (knownConversationId ?? (await findConversationId(viewerId, partnerId)))
  // An existing conversation opens under the gate of all its read paths (canSeeConversation); a new one as the
  // partner's profile does (privacy mode then applies too).
  const view = conversationId ? await canSeeConversation(viewerId, partnerId) : await canViewProfile(viewerId, partnerId)
  if (!view.ok || viewerId === partnerId) {
    return view.ok || view.reason !== 'blocked' ? { kind: 'not_found' } : { kind: 'blocked', name: view.targetName ?? '' }
  }
  const [row] = await db()
    .select(profileCardColumns)
    .from(profiles)
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    .where(eq(profiles.id, partnerId))
  const [wallet] = await db()
    .select({ userId: users.id, paidUser: users.paidUser, credits: users.credits, freeMessagesUsed: users.freeMessagesUsed, country: profiles.country })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, viewerId))
  if (!row || !wallet) return { kind: 'not_found' }
  const settings = await getSettings()
  const [history, contact, started, slugs] = await Promise.all([
    conversationId ? messagePage(conversationId, viewerId) : Promise.resolve({ messages: [], hasMore: false }),
    canMessage(viewerId, partnerId),
    conversationId || wallet.paidUser
      ? Promise.resolve([{ n: 0 }])
      : db().select({ n: count() }).from(conversations).where(eq(conversations.startedBy, viewerId)),
    interestSlugs([viewerId, partnerId]),
    db().update(users).set({ lastChatProfileId: partnerId, lastChatAt: new Date() }).where(eq(users.id, wallet.userId)),
  ])
  if (conversationId) await markConversationRead(conversationId, viewerId, partnerId)
  const readReceipts = canUseChatFeature(wallet, 'read_receipts')
  const receipt = conversationId ? await receiptFor(conversationId, partnerId, readReceipts) : null
  const showInterests = settings.visible_profile_fields.includes('interests')
  return {
    kind: 'ok',
    partner: toProfileCard(row),
    conversationId,
    messages: history.messages,
    hasMore: history.hasMore,
    canSend: contact.ok,
    formClientId: crypto.randomUUID(),
    pricing: {
      text: nextMessagePrice(settings, wallet, 'text'),
      textAfterFree: messageCost(settings, 'text', wallet.country),
      gift: messageCost(settings, 'gift', wallet.country),
      photo: messageCost(settings, 'photo', wallet.country),
      credits: wallet.credits,
      paidUser: wallet.paidUser,
      conversationLimitReached: started[0].n >= settings.free_conversations && !conversationId && !wallet.paidUser,
      freeConversations: settings.free_conversations,
    },
    receipt,
    interests: { viewer: slugs.get(viewerId) ?? [], partner: showInterests ? (slugs.get(partnerId) ?? []) : [] },
    features: { photos: canUseChatFeature(wallet, 'chat_photos'), readReceipts },
  }
}
