import { describe, expect, it } from 'vitest'
import { activationReminderMode } from './activation-reminder'

const pending = { status: 'not_confirmed', profileStatus: 'disabled', notificationsDisabled: false }
const flag = new URLSearchParams('api_signup_complete=1')
const none = new URLSearchParams('')

describe('activationReminderMode', () => {
  it('is an alert without the flag and a modal with it', () => {
    expect(activationReminderMode(pending, ['root', 'members'], none)).toBe('alert')
    expect(activationReminderMode(pending, ['root', 'members'], flag)).toBe('modal')
    expect(activationReminderMode(pending, ['root', 'members'], new URLSearchParams('api_signup_complete'))).toBe('modal')
  })
  it('shows the modal where a smartphone signup lands, the complete-signup page, but not the alert', () => {
    expect(activationReminderMode(pending, ['root', 'complete-signup'], flag)).toBe('modal')
    expect(activationReminderMode(pending, ['root', 'complete-signup'], none)).toBeNull()
  })
  it('stays hidden on signup, settings and notifications, and for confirmed members', () => {
    for (const id of ['signup', 'settings', 'notifications']) expect(activationReminderMode(pending, ['root', id], flag), id).toBeNull()
    expect(activationReminderMode({ ...pending, status: 'active' }, ['root', 'members'], flag)).toBeNull()
    expect(activationReminderMode({ ...pending, notificationsDisabled: true }, ['root', 'members'], flag)).toBeNull()
    expect(activationReminderMode(null, ['root', 'members'], flag)).toBeNull()
  })
})
