import { describe, expect, it } from 'vitest'
import { backButtonRoutes, showBackButton } from './back-button'

describe('the Back button (spec section 2)', () => {
  const on = { standalone: true, historyLength: 2, routeIds: ['root', 'layouts/default', 'members-id'] }

  it('shows in installed-app mode, with history, on the listed screens', () => {
    for (const id of ['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod']) {
      expect(showBackButton({ ...on, routeIds: ['root', 'layouts/default', id] }), id).toBe(true)
    }
    expect([...backButtonRoutes].sort()).toEqual(['credits', 'credits-id-paymentmethod', 'likes-m-id', 'likes-type', 'members-id'])
  })

  it('does not show in a browser tab', () => {
    expect(showBackButton({ ...on, standalone: false })).toBe(false)
  })

  it('does not show when there is nothing to go back to', () => {
    expect(showBackButton({ ...on, historyLength: 1 })).toBe(false)
    expect(showBackButton({ ...on, historyLength: 0 })).toBe(false)
  })

  it('does not show on other screens', () => {
    for (const id of ['members', 'likes', 'chats', 'chats-id', 'profile', 'credits-repeat-order', 'premium', 'index']) {
      expect(showBackButton({ ...on, routeIds: ['root', 'layouts/default', id] }), id).toBe(false)
    }
    expect(showBackButton({ ...on, routeIds: [] })).toBe(false)
  })
})
