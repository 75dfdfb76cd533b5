import { conversationDecision, conversationVisibleTo, messageDecision, pairColumns, pairConversation, viewDecision } from '#app/policies/visibility.server'
import { canUseChatFeature } from '#app/policies/premium-features'
import { db } from '#db/client.server'
import { conversations, interests, profileImages, profileInterests, profiles, users } from '#db/schema/index'
import { count, eq, sql, type SQLWrapper } from 'drizzle-orm'
import { getSettings } from '#app/features/settings/settings.server'
import { profileCardColumns, toProfileCard } from '#app/features/profiles/profile-view.server'
import type { ProfileCard } from '#app/features/profiles/profile-types'
import type { ChatMessage, Receipt } from './chat-events'
import { historyFrom, messagePageSql } from './conversations.server'
import { messageCost, nextMessagePrice, type NextPrice } from './message-cost'
import { markConversationRead, partnerMarksSql, receiptFrom } from './receipts.server'

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

/** The slugs of a member's interests, sorted, as a JSON subquery. */
function interestSlugsSql(profileId: number | SQLWrapper) {
  return sql<string[]>`coalesce((select json_agg(i.slug order by i.slug) from ${profileInterests} pi
    join ${interests} i on i.id = pi.interest_id where pi.profile_id = ${profileId}), '[]'::json)`
}

/** What the page needs of the viewer's account to price a send. */
interface ChatWallet {
  userId: number
  paidUser: boolean
  credits: number
  freeMessagesUsed: number
  country: string
}

/** Which chat: with a member (the screen opened from a profile), or a conversation by its id (the viewer's own only). */
export type ChatTarget = { partnerId: number } | { conversationId: number }

/**
 * The page's one look at the pair (issue 26: twelve statements were five here, then the route's membership check
 * and the history joined them): the partner's card, whether the viewer may see the conversation (or, without one,
 * the profile) and write, the pair's conversation, the viewer's wallet, both members' interests, the partner's
 * receipt marks and the newest page of the history (read here, returned only when the viewer may see it). By
 * conversation id the partner is the conversation's other member, and a conversation the viewer is not in finds no row.
 */
async function readChatPair(viewerId: number, target: ChatTarget) {
  const byConversation = 'conversationId' in target
  // The partner's id as the statement sees it: a parameter, or the partner row's own id.
  const partner: number | SQLWrapper = byConversation ? profiles.id : target.partnerId
  const conversation = byConversation ? sql`${target.conversationId}::int` : sql`(${pairConversation(viewerId, target.partnerId)})`
  const partnerRow = byConversation
    ? sql`${profiles.id} = (select case when c.profile_low_id = ${viewerId} then c.profile_high_id else c.profile_low_id end
        from ${conversations} c where c.id = ${target.conversationId} and ${viewerId} in (c.profile_low_id, c.profile_high_id))`
    : eq(profiles.id, target.partnerId)
  const [row] = await db()
    .select({
      ...profileCardColumns,
      ...pairColumns(viewerId, partner),
      partnerId: profiles.id,
      conversationVisible: sql<boolean>`${conversationVisibleTo(viewerId, sql`${partner}`)}`,
      conversationId: sql<number | null>`${conversation}`,
      wallet: sql<ChatWallet | null>`(select json_build_object('userId', u.id, 'paidUser', u.paid_user, 'credits', u.credits,
        'freeMessagesUsed', u.free_messages_used, 'country', vp.country)
        from ${profiles} vp join ${users} u on u.id = vp.user_id where vp.id = ${viewerId})`,
      viewerInterests: interestSlugsSql(viewerId),
      partnerInterests: interestSlugsSql(partner),
      partnerMarks: partnerMarksSql(conversation, partner),
      history: await messagePageSql(conversation, viewerId),
    })
    .from(profiles)
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(partnerRow)
  return row ?? null
}

/**
 * The chat screen with one partner: the newest page of history, whether and at what price the viewer may write,
 * the delivery state of the viewer's messages, and read-marking. Opening it is remembered as the member's last
 * opened chat (spec section 3).
 */
export async function loadChatPage(viewerId: number, target: ChatTarget): Promise<ChatPage> {
  if ('partnerId' in target && viewerId === target.partnerId) return { kind: 'not_found' }
  const pair = await readChatPair(viewerId, target)
  if (!pair?.wallet || pair.partnerId === viewerId) return { kind: 'not_found' }
  const partnerId = pair.partnerId
  const conversationId = 'conversationId' in target ? target.conversationId : pair.conversationId === null ? null : Number(pair.conversationId)
  // An existing conversation opens under the gate of all its read paths (canSeeConversation); a new one as the
  // partner's profile does (privacy mode then applies too).
  const view = conversationId
    ? conversationDecision({ name: pair.name, status: pair.status, visible: pair.conversationVisible })
    : viewDecision(viewerId, partnerId, pair)
  if (!view.ok) return view.reason === 'blocked' ? { kind: 'blocked', name: view.targetName ?? '' } : { kind: 'not_found' }
  const wallet = pair.wallet
  const settings = await getSettings()
  const history = historyFrom(pair.history)
  const [started] = await Promise.all([
    conversationId || wallet.paidUser
      ? Promise.resolve([{ n: 0 }])
      : db().select({ n: count() }).from(conversations).where(eq(conversations.startedBy, viewerId)),
    // The read mark and the last opened chat are one statement; without a conversation there is nothing to mark.
    conversationId
      ? markConversationRead(conversationId, viewerId, partnerId, { lastChatOf: wallet.userId })
      : db().update(users).set({ lastChatProfileId: partnerId, lastChatAt: new Date() }).where(eq(users.id, wallet.userId)),
  ])
  const readReceipts = canUseChatFeature(wallet, 'read_receipts')
  const showInterests = settings.visible_profile_fields.includes('interests')
  return {
    kind: 'ok',
    partner: toProfileCard(pair),
    conversationId,
    messages: history.messages,
    hasMore: history.hasMore,
    canSend: messageDecision(viewerId, partnerId, pair).ok,
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
    receipt: conversationId ? receiptFrom(conversationId, pair.partnerMarks, readReceipts) : null,
    interests: { viewer: pair.viewerInterests, partner: showInterests ? pair.partnerInterests : [] },
    features: { photos: canUseChatFeature(wallet, 'chat_photos'), readReceipts },
  }
}
