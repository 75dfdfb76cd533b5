import { describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { likes } from '#db/schema/index'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { measurePremiumUplift } from './premium-uplift.server'

useTestDatabase()

/** Both like each other: a match. */
async function match(a: number, b: number, at = new Date()) {
  await db()
    .insert(likes)
    .values([
      { likerId: a, likedId: b, createdAt: at },
      { likerId: b, likedId: a, createdAt: at },
    ])
}

describe('the measured Premium uplift', () => {
  it('compares matches per active Premium member with those per free member, over the last 90 days', async () => {
    const premium = await Promise.all([0, 1, 2, 3].map(() => createMember({ paidUser: true })))
    const free = await Promise.all([0, 1, 2, 3].map(() => createMember({ gender: 'male' })))
    // Counted per member: each Premium member has one match (1 each); two free members have one (0.5 each).
    await match(premium[0].profileId, free[0].profileId)
    await match(premium[1].profileId, free[1].profileId)
    await match(premium[2].profileId, premium[3].profileId)
    // A match older than the window counts for nobody.
    await match(free[2].profileId, free[3].profileId, new Date(Date.now() - 100 * 86_400_000))
    const r = await measurePremiumUplift({ minMembers: 4 })
    expect(r).toEqual({ percentage: 100, premiumMembers: 4, freeMembers: 4, windowDays: 90 })
  })

  it('claims nothing while a group is too small, free members matched nobody, or Premium did not match more', async () => {
    const premium = await Promise.all([0, 1].map(() => createMember({ paidUser: true })))
    const free = await Promise.all([0, 1].map(() => createMember({ gender: 'male' })))
    expect(await measurePremiumUplift({ minMembers: 2 })).toBeNull()
    await match(premium[0].profileId, free[0].profileId)
    // One match each side: the same rate, nothing to claim.
    expect(await measurePremiumUplift({ minMembers: 2 })).toBeNull()
    await match(premium[1].profileId, free[1].profileId)
    expect(await measurePremiumUplift({ minMembers: 2 })).toBeNull()
    expect(await measurePremiumUplift({ minMembers: 3 })).toBeNull()
  })
})
