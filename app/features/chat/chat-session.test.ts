import { describe, expect, it } from 'vitest'
import type { ChatMessage, Receipt } from './chat-events'
import {
  chatSession,
  deliveryOf,
  draftToRestore,
  initialSession,
  mergeMessages,
  RATE_LIMITED,
  type ChatAction,
  type ChatSession,
  type Shown,
} from './chat-session'

const ME = 1
const PARTNER = 2

function message(over: Partial<ChatMessage> & { id: number }): ChatMessage {
  return {
    conversationId: 7,
    senderId: PARTNER,
    clientId: `c${over.id}`,
    body: `text ${over.id}`,
    kind: 'text',
    gift: null,
    photo: false,
    createdAt: '2026-11-27T08:00:00.000Z',
    ...over,
  }
}

function pending(clientId: string, over: Partial<Shown> = {}): Shown {
  return { ...message({ id: 0, senderId: ME, clientId, body: 'hello' }), state: 'pending', ...over }
}

function start(over: Partial<Parameters<typeof initialSession>[0]> = {}): ChatSession {
  return initialSession({
    messages: [message({ id: 1 }), message({ id: 2 })],
    conversationId: 7,
    receipt: null,
    credits: 100,
    freeLeft: 2,
    conversationLimitReached: false,
    ...over,
  })
}

const run = (s: ChatSession, ...actions: ChatAction[]) => actions.reduce(chatSession, s)

describe('the chat session reducer', () => {
  it('starts from the loaded page; a conversation limit already reached shows its wall', () => {
    expect(start().shown.map((m) => m.id)).toEqual([1, 2])
    expect(start().wall).toBeNull()
    expect(start({ conversationLimitReached: true }).wall).toBe('conversations')
  })

  it('send: a queued message shows at once, pending, after the stored ones', () => {
    const s = run(start(), { type: 'queued', message: pending('a') })
    expect(s.shown.map((m) => m.clientId)).toEqual(['c1', 'c2', 'a'])
    expect(s.shown[2].state).toBe('pending')
  })

  it('ack: the stored message replaces the pending one, the balance is the server’s, a free message is used up', () => {
    const s = run(
      start(),
      { type: 'queued', message: pending('a') },
      { type: 'acked', message: message({ id: 3, senderId: ME, clientId: 'a', body: 'hello' }), credits: 90 },
    )
    expect(s.shown.map((m) => [m.clientId, m.id, m.state])).toEqual([
      ['c1', 1, undefined],
      ['c2', 2, undefined],
      ['a', 3, undefined],
    ])
    expect(s.credits).toBe(90)
    expect(s.freeLeft).toBe(1)
    expect(s.conversationId).toBe(7)
  })

  it('ack of a gift leaves the free text messages alone; an ack clears a wall and the too-fast notice, not others', () => {
    const gift = message({ id: 3, senderId: ME, clientId: 'g', kind: 'gift', gift: 'rose' })
    const walled = run(
      start(),
      { type: 'wall', wall: 'credits' },
      { type: 'notice', notice: { id: RATE_LIMITED, values: { seconds: 3 } } },
      { type: 'acked', message: gift, credits: 80 },
    )
    expect(walled.freeLeft).toBe(2)
    expect(walled.wall).toBeNull()
    expect(walled.notice).toBeNull()
    const other = run(start(), { type: 'notice', notice: { id: 'chat.errorPhoto' } }, { type: 'acked', message: gift, credits: 80 })
    expect(other.notice).toEqual({ id: 'chat.errorPhoto' })
  })

  it('fail: a refusal that is not a wall keeps the message, marked failed with its reason, for a retry', () => {
    const s = run(start(), { type: 'queued', message: pending('a') }, { type: 'refused', clientId: 'a', code: 'chat.errorInvalid' })
    expect(s.shown.find((m) => m.clientId === 'a')).toMatchObject({ state: 'failed', error: 'chat.errorInvalid' })
    expect(s.wall).toBeNull()
  })

  it('fail: too fast keeps the message failed and says the wait (1 s when the server gave none)', () => {
    const s = run(start(), { type: 'queued', message: pending('a') }, { type: 'refused', clientId: 'a', code: RATE_LIMITED, retryAfter: 4 })
    expect(s.notice).toEqual({ id: RATE_LIMITED, values: { seconds: 4 } })
    expect(s.shown.find((m) => m.clientId === 'a')?.state).toBe('failed')
    expect(run(start(), { type: 'refused', clientId: 'x', code: RATE_LIMITED }).notice).toEqual({ id: RATE_LIMITED, values: { seconds: 1 } })
  })

  it('fail behind a wall: the message leaves the list, the wall shows, and its text is the one to put back', () => {
    const queued = run(start(), { type: 'queued', message: pending('a', { body: 'keep me' }) })
    expect(draftToRestore(queued, 'a', 'chat.errorNoCredits')).toBe('keep me')
    expect(draftToRestore(queued, 'a', 'chat.errorInvalid')).toBeNull()
    expect(
      draftToRestore(run(start(), { type: 'queued', message: pending('g', { kind: 'gift', gift: 'rose', body: '' }) }), 'g', 'chat.errorNoCredits'),
    ).toBeNull()
    const s = chatSession(queued, { type: 'refused', clientId: 'a', code: 'chat.errorNoCredits' })
    expect(s.shown.map((m) => m.clientId)).toEqual(['c1', 'c2'])
    expect(s.wall).toBe('credits')
    expect(chatSession(queued, { type: 'refused', clientId: 'a', code: 'chat.errorFreeConversations' }).wall).toBe('conversations')
    expect(chatSession(queued, { type: 'refused', clientId: 'a', code: 'chat.errorPremiumOnly' }).wall).toBe('premium')
  })

  it('retry: the failed message acknowledged later becomes the stored one, once', () => {
    const s = run(
      start(),
      { type: 'queued', message: pending('a') },
      { type: 'refused', clientId: 'a', code: 'chat.errorInvalid' },
      { type: 'acked', message: message({ id: 5, senderId: ME, clientId: 'a', body: 'hello' }), credits: 90 },
    )
    expect(s.shown.filter((m) => m.clientId === 'a')).toEqual([message({ id: 5, senderId: ME, clientId: 'a', body: 'hello' })])
  })

  it('catch-up: messages merged in by client id, in id order, a pending one kept at the end until acknowledged', () => {
    const s = run(
      start(),
      { type: 'queued', message: pending('a') },
      { type: 'merged', messages: [message({ id: 4 }), message({ id: 3 }), message({ id: 2 })] },
    )
    expect(s.shown.map((m) => m.clientId)).toEqual(['c1', 'c2', 'c3', 'c4', 'a'])
  })

  it('older pages go above; a revalidation merges instead of replacing', () => {
    const s = run(
      start({ messages: [message({ id: 10 })] }),
      { type: 'merged', messages: [message({ id: 8 }), message({ id: 9 })] },
      { type: 'loaded', messages: [message({ id: 10 }), message({ id: 11 })] },
    )
    expect(s.shown.map((m) => m.id)).toEqual([8, 9, 10, 11])
  })

  it('a revalidation sets what it brings and leaves the rest', () => {
    const s = run(start(), { type: 'loaded', credits: 40, freeLeft: 0 })
    expect([s.credits, s.freeLeft, s.conversationId]).toEqual([40, 0, 7])
    expect(run(start({ conversationId: null }), { type: 'loaded', conversationId: 9 }).conversationId).toBe(9)
  })

  it('typing: shown until the time given, ended by a partner’s message or the timer, not by one’s own', () => {
    const typing = run(start(), { type: 'typing', until: 5000 })
    expect(typing.typingUntil).toBe(5000)
    expect(chatSession(typing, { type: 'typing-ended' }).typingUntil).toBe(0)
    expect(chatSession(typing, { type: 'arrived', message: message({ id: 3 }), fromPartner: true }).typingUntil).toBe(0)
    expect(chatSession(typing, { type: 'arrived', message: message({ id: 3, senderId: ME }), fromPartner: false }).typingUntil).toBe(5000)
  })

  it('an arriving message starts the conversation shown when it was new', () => {
    const s = run(start({ messages: [], conversationId: null }), { type: 'arrived', message: message({ id: 1, conversationId: 12 }), fromPartner: true })
    expect(s.conversationId).toBe(12)
    expect(s.shown).toHaveLength(1)
  })

  it('read: receipts of this conversation move the ticks; one of another conversation changes nothing', () => {
    const receipt: Receipt = { conversationId: 7, deliveredUpTo: 3, readUpTo: 2 }
    const s = run(start(), { type: 'receipt', receipt })
    expect(s.receipt).toEqual(receipt)
    expect(chatSession(s, { type: 'receipt', receipt: { conversationId: 8, deliveredUpTo: 9, readUpTo: 9 } }).receipt).toEqual(receipt)
    expect(deliveryOf(message({ id: 2 }), receipt)).toBe('read')
    expect(deliveryOf(message({ id: 3 }), receipt)).toBe('delivered')
    expect(deliveryOf(message({ id: 4 }), receipt)).toBe('sent')
    expect(deliveryOf(message({ id: 0 }), receipt)).toBe('sent')
    expect(deliveryOf(message({ id: 2 }), null)).toBe('sent')
  })

  it('a photo: busy while it uploads, and a refused one leaves the list with a wall or a notice', () => {
    const sending = run(
      start(),
      { type: 'notice', notice: { id: 'x' } },
      { type: 'queued', message: pending('p', { kind: 'photo' }) },
      { type: 'photo-sending' },
    )
    expect(sending.photoBusy).toBe(true)
    expect(sending.notice).toBeNull()
    const tooBig = run(sending, { type: 'photo-refused', clientId: 'p', code: 'photo.errorTooLarge', values: { max: 10 } }, { type: 'photo-done' })
    expect(tooBig.shown.some((m) => m.clientId === 'p')).toBe(false)
    expect(tooBig.notice).toEqual({ id: 'photo.errorTooLarge', values: { max: 10 } })
    expect(tooBig.photoBusy).toBe(false)
    expect(run(sending, { type: 'photo-refused', clientId: 'p', code: 'chat.errorPremiumOnly' }).wall).toBe('premium')
  })

  it('a report is remembered once per message', () => {
    const s = run(start(), { type: 'reported', messageId: 2 }, { type: 'reported', messageId: 2 })
    expect(s.reported).toEqual([2])
  })

  it('mergeMessages keeps unacknowledged messages after stored ones', () => {
    expect(mergeMessages([pending('a'), message({ id: 2 })], [message({ id: 1 })]).map((m) => m.clientId)).toEqual(['c1', 'c2', 'a'])
  })
})
