import type { ChatMessage, Receipt } from './chat-events'

/** A message as the screen shows it: stored, or the sender's own still on its way (pending) or refused (failed). */
export type Shown = ChatMessage & { state?: 'pending' | 'failed'; error?: string }
export type Delivery = 'sent' | 'delivered' | 'read'
/** What stops the member from writing on: no credits, no free conversation left, or a Premium feature. */
export type Wall = 'credits' | 'conversations' | 'premium'
export interface Notice {
  id: string
  values?: Record<string, number>
}

// Sending too fast (app/features/chat/submit-message.server.ts): said with the wait, the message kept for a retry.
export const RATE_LIMITED = 'chat.errorRateLimited'
// Refusals after which nothing was stored: the message leaves the list and its text goes back into the box.
export const WALLS: Record<string, Wall> = {
  'chat.errorNoCredits': 'credits',
  'chat.errorFreeConversations': 'conversations',
  'chat.errorPremiumOnly': 'premium',
}

/** The open conversation as the member sees it: the messages, the balance, the wall, a notice, the partner typing. */
export interface ChatSession {
  shown: Shown[]
  conversationId: number | null
  receipt: Receipt | null
  credits: number
  /** Free text messages left; after them each text costs the full price. */
  freeLeft: number
  wall: Wall | null
  /** Until when "typing…" shows (ms since the epoch); 0 when not. */
  typingUntil: number
  notice: Notice | null
  reported: number[]
  photoBusy: boolean
}

export type ChatAction =
  /** The loader (first load or a revalidation) brought these. */
  | { type: 'loaded'; messages?: ChatMessage[]; conversationId?: number | null; receipt?: Receipt | null; credits?: number; freeLeft?: number }
  /** The member sent a message: shown at once as pending. */
  | { type: 'queued'; message: Shown }
  /** The server stored one's message and says the balance after it. */
  | { type: 'acked'; message: ChatMessage; credits: number }
  /** The server refused one's message: kept as failed (with a retry), or taken back behind a wall. */
  | { type: 'refused'; clientId: string; code: string; retryAfter?: number }
  /** A message of this conversation came over the socket (the partner's, or one's own from another tab). */
  | { type: 'arrived'; message: ChatMessage; fromPartner: boolean }
  /** Older messages or a catch-up's: merged in by client id. */
  | { type: 'merged'; messages: ChatMessage[] }
  | { type: 'receipt'; receipt: Receipt }
  | { type: 'typing'; until: number }
  | { type: 'typing-ended' }
  | { type: 'photo-sending' }
  /** A photo that was not sent leaves the list; a wall or a notice says why. */
  | { type: 'photo-refused'; clientId: string; code: string; values?: Record<string, number> }
  | { type: 'photo-done' }
  | { type: 'reported'; messageId: number }
  | { type: 'notice'; notice: Notice | null }
  | { type: 'wall'; wall: Wall | null }

export function initialSession(init: {
  messages: ChatMessage[]
  conversationId: number | null
  receipt: Receipt | null
  credits: number
  freeLeft: number
  conversationLimitReached: boolean
}): ChatSession {
  return {
    shown: init.messages,
    conversationId: init.conversationId,
    receipt: init.receipt,
    credits: init.credits,
    freeLeft: init.freeLeft,
    wall: init.conversationLimitReached ? 'conversations' : null,
    typingUntil: 0,
    notice: null,
    reported: [],
    photoBusy: false,
  }
}

/** Merges server messages into what is shown: by client id, keeping the sender's pending ones until acknowledged. */
export function mergeMessages(shown: Shown[], incoming: ChatMessage[]): Shown[] {
  const byClient = new Map(shown.map((m) => [m.clientId, m]))
  for (const m of incoming) byClient.set(m.clientId, m)
  return [...byClient.values()].sort((a, b) => (a.id && b.id ? a.id - b.id : a.id ? -1 : b.id ? 1 : 0))
}

export function deliveryOf(m: ChatMessage, receipt: Receipt | null): Delivery {
  if (!receipt || !m.id) return 'sent'
  if (receipt.readUpTo !== null && m.id <= receipt.readUpTo) return 'read'
  return m.id <= receipt.deliveredUpTo ? 'delivered' : 'sent'
}

/** The text to put back into the message box when `code` refuses the message `clientId`, if any. */
export function draftToRestore(s: ChatSession, clientId: string, code: string): string | null {
  if (!WALLS[code]) return null
  const m = s.shown.find((x) => x.clientId === clientId)
  return m?.kind === 'text' ? m.body : null
}

export function chatSession(s: ChatSession, a: ChatAction): ChatSession {
  switch (a.type) {
    case 'loaded':
      return {
        ...s,
        shown: a.messages ? mergeMessages(s.shown, a.messages) : s.shown,
        conversationId: a.conversationId !== undefined ? a.conversationId : s.conversationId,
        receipt: a.receipt !== undefined ? a.receipt : s.receipt,
        credits: a.credits ?? s.credits,
        freeLeft: a.freeLeft ?? s.freeLeft,
      }
    case 'queued':
      return { ...s, shown: [...s.shown, a.message] }
    case 'acked':
      return {
        ...s,
        shown: mergeMessages(s.shown, [a.message]),
        conversationId: a.message.conversationId,
        credits: a.credits,
        freeLeft: a.message.kind === 'text' ? Math.max(0, s.freeLeft - 1) : s.freeLeft,
        wall: null,
        notice: s.notice?.id === RATE_LIMITED ? null : s.notice,
      }
    case 'refused': {
      // Too fast: the message stays, marked failed with its retry button, and the wait is said below the list.
      const notice = a.code === RATE_LIMITED ? { id: a.code, values: { seconds: a.retryAfter ?? 1 } } : s.notice
      const wall = WALLS[a.code]
      if (!wall) return { ...s, notice, shown: s.shown.map((m) => (m.clientId === a.clientId ? { ...m, state: 'failed', error: a.code } : m)) }
      return { ...s, notice, wall, shown: s.shown.filter((m) => m.clientId !== a.clientId) }
    }
    case 'arrived':
      return { ...s, shown: mergeMessages(s.shown, [a.message]), conversationId: a.message.conversationId, typingUntil: a.fromPartner ? 0 : s.typingUntil }
    case 'merged':
      return { ...s, shown: mergeMessages(s.shown, a.messages) }
    case 'receipt':
      // A receipt of another conversation than the one shown changes nothing.
      return s.receipt && s.receipt.conversationId !== a.receipt.conversationId ? s : { ...s, receipt: a.receipt }
    case 'typing':
      return { ...s, typingUntil: a.until }
    case 'typing-ended':
      return { ...s, typingUntil: 0 }
    case 'photo-sending':
      return { ...s, photoBusy: true, notice: null }
    case 'photo-refused': {
      const shown = s.shown.filter((m) => m.clientId !== a.clientId)
      const wall = WALLS[a.code]
      return wall ? { ...s, shown, wall } : { ...s, shown, notice: { id: a.code, values: a.values } }
    }
    case 'photo-done':
      return { ...s, photoBusy: false }
    case 'reported':
      return s.reported.includes(a.messageId) ? s : { ...s, reported: [...s.reported, a.messageId] }
    case 'notice':
      return { ...s, notice: a.notice }
    case 'wall':
      return { ...s, wall: a.wall }
  }
}
