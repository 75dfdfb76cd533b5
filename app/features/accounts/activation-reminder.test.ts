import { describe, expect, it } from 'vitest'
import { showActivationReminder } from './activation-reminder'

const pending = { status: 'not_confirmed', profileStatus: 'disabled', notificationsDisabled: false }

describe('showActivationReminder', () => {
  it('shows for an unconfirmed member with a disabled profile', () => {
    expect(showActivationReminder(pending, ['root', 'members'])).toBe(true)
  })
  it('hides on signup, settings and notifications routes', () => {
    for (const id of ['signup', 'settings', 'notifications']) expect(showActivationReminder(pending, ['root', id])).toBe(false)
  })
  it('hides for visitors, confirmed members and members with disabled notifications', () => {
    expect(showActivationReminder(null, ['members'])).toBe(false)
    expect(showActivationReminder({ ...pending, status: 'active' }, ['members'])).toBe(false)
    expect(showActivationReminder({ ...pending, profileStatus: 'active' }, ['members'])).toBe(false)
    expect(showActivationReminder({ ...pending, notificationsDisabled: true }, ['members'])).toBe(false)
  })
})
