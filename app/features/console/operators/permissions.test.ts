import { describe, expect, it } from 'vitest'
import { operatorRoles } from '#db/schema/operators'
import { can, permissions, type Permission } from './permissions'

describe('console permissions', () => {
  it('admins may do everything', () => {
    for (const p of Object.keys(permissions) as Permission[]) expect(can('admin', p), p).toBe(true)
  })
  it('moderators judge content but touch no money, settings or accounts', () => {
    expect(can('moderator', 'photos.moderate')).toBe(true)
    expect(can('moderator', 'reports.handle')).toBe(true)
    for (const p of ['credits.adjust', 'payments.refund', 'members.erase', 'settings.edit', 'audit.view', 'discounts.manage', 'members.support'] as const)
      expect(can('moderator', p), p).toBe(false)
  })
  it('support helps members with accounts and money but does not moderate or configure', () => {
    for (const p of ['members.support', 'credits.adjust', 'payments.refund', 'members.export', 'members.erase'] as const)
      expect(can('support', p), p).toBe(true)
    for (const p of ['photos.moderate', 'reports.handle', 'settings.edit', 'audit.view', 'fictional.manage'] as const) expect(can('support', p), p).toBe(false)
  })
  it('every permission names only known roles', () => {
    for (const roles of Object.values(permissions)) for (const r of roles) expect(operatorRoles).toContain(r)
  })
})
