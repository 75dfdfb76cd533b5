import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../chat-events'
import { applyChatMessage, newConversations, type LiveChatRow } from './chat-list-live'

type Row = LiveChatRow & { name: string }
const row = (conversation: number, name: string, at: string, unread = 0): Row => ({
  conversation,
  name,
  num_unread_messages: unread,
  lastMessageAt: at,
  lastMessage: `old ${name}`,
  lastMessageKind: 'text',
})
const list: Row[] = [row(3, 'Cleo', '2026-01-01T12:00:00Z', 1), row(2, 'Anna', '2026-01-01T11:00:00Z'), row(1, 'Dora', '2026-01-01T10:00:00Z', 2)]
const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 100,
  conversationId: 1,
  senderId: 7,
  clientId: 'c',
  body: 'Hello',
  kind: 'text',
  gift: null,
  photo: false,
  createdAt: '2026-01-01T13:00:00Z',
  ...over,
})

describe('applyChatMessage', () => {
  it("updates the row of the partner's message, counts it unread and moves it to the top", () => {
    const r = applyChatMessage(list, { message: message({ conversationId: 1, senderId: 7 }), partnerId: 7 })
    expect(r.kind).toBe('updated')
    if (r.kind !== 'updated') return
    expect(r.chats.map((c) => c.conversation)).toEqual([1, 3, 2])
    expect(r.chats[0]).toMatchObject({ name: 'Dora', lastMessage: 'Hello', lastMessageAt: '2026-01-01T13:00:00Z', num_unread_messages: 3, lastMessageId: 100 })
    expect(r.fromPartner).toBe(true)
    // The others are untouched, and so is the input.
    expect(r.chats.slice(1)).toEqual([list[0], list[1]])
    expect(list[2].num_unread_messages).toBe(2)
  })

  it("the member's own message (another tab) moves the row up and clears its unread count", () => {
    const r = applyChatMessage(list, { message: message({ conversationId: 3, senderId: 5 }), partnerId: 9 })
    expect(r.kind === 'updated' && r.chats[0]).toMatchObject({ conversation: 3, num_unread_messages: 0, lastMessage: 'Hello' })
    expect(r.kind === 'updated' && r.fromPartner).toBe(false)
  })

  it('keeps the order when the top row gets the message', () => {
    const r = applyChatMessage(list, { message: message({ conversationId: 3, senderId: 9 }), partnerId: 9 })
    expect(r.kind === 'updated' && r.chats.map((c) => c.conversation)).toEqual([3, 2, 1])
  })

  it('asks for a reload for a conversation not in the list', () => {
    expect(applyChatMessage(list, { message: message({ conversationId: 42 }), partnerId: 7 })).toEqual({ kind: 'unknown' })
    expect(applyChatMessage([], { message: message({ conversationId: 1 }), partnerId: 7 })).toEqual({ kind: 'unknown' })
  })

  it('counts the same message once', () => {
    const ev = { message: message({ conversationId: 1, senderId: 7 }), partnerId: 7 }
    const first = applyChatMessage(list, ev)
    if (first.kind !== 'updated') throw new Error('expected an update')
    expect(applyChatMessage(first.chats, ev)).toEqual({ kind: 'unchanged' })
  })

  it('ignores a message older than the row shows', () => {
    expect(applyChatMessage(list, { message: message({ conversationId: 3, createdAt: '2026-01-01T09:00:00Z' }), partnerId: 7 })).toEqual({ kind: 'unchanged' })
  })
})

describe('newConversations', () => {
  it('finds the rows a reload added', () => {
    const next = [row(9, 'Eva', '2026-01-01T14:00:00Z', 1), ...list]
    expect(newConversations(list, next).map((c) => c.name)).toEqual(['Eva'])
    expect(newConversations(list, list)).toEqual([])
  })
})
