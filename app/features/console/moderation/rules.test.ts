import { describe, expect, it } from 'vitest'
import { canAppeal, isRestricted, mayHandleAppeal, statementLines, suspensionEnd } from './rules'

const decision = {
  id: 1,
  action: 'suspension' as const,
  contentType: 'message' as const,
  reason: 'harassment' as const,
  note: null,
  suspendedUntil: '2030-01-08T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  automated: false,
  appealOf: null,
  appealedAt: null,
}

describe('moderation rules', () => {
  it('a statement names the facts, the ground, the measure with its end, a human decider and the ways to contest', () => {
    const lines = statementLines(decision)
    expect(lines.map((l) => l.labelId)).toEqual([
      'moderation.statement.facts',
      'moderation.statement.reason',
      'moderation.statement.ground',
      'moderation.statement.action',
      'moderation.statement.by',
      'moderation.statement.redress',
    ])
    expect(lines[0]).toMatchObject({ id: 'moderation.facts.message', values: { date: '2030-01-01T00:00:00.000Z' } })
    expect(lines[2].id).toBe('moderation.ground.harassment')
    expect(lines[3]).toMatchObject({ id: 'moderation.action.suspension', values: { until: '2030-01-08T00:00:00.000Z' } })
    expect(lines[4].id).toBe('moderation.by.person')
    expect(lines[5].id).toBe('moderation.redress.appeal')
    // A removal names what was removed; an appeal's outcome is final in the product.
    expect(statementLines({ ...decision, action: 'content_removed' })[3].id).toBe('moderation.action.content_removed.message')
    expect(statementLines({ ...decision, action: 'appeal_upheld', appealOf: 3 })[5].id).toBe('moderation.redress.final')
  })

  it('a statement may be appealed once; approvals and appeal outcomes not at all', () => {
    expect(canAppeal(decision)).toBe(true)
    expect(canAppeal({ ...decision, appealedAt: '2030-01-02T00:00:00.000Z' })).toBe(false)
    expect(canAppeal({ ...decision, action: 'photo_approved' })).toBe(false)
    expect(canAppeal({ ...decision, action: 'appeal_reversed', appealOf: 1 })).toBe(false)
  })

  it('the decider never handles the appeal against their own decision', () => {
    expect(mayHandleAppeal(4, 4)).toBe(false)
    expect(mayHandleAppeal(4, 5)).toBe(true)
  })

  it('a suspension holds until its end, a ban for good', () => {
    const now = new Date('2030-01-01T00:00:00Z')
    expect(suspensionEnd(7, now).toISOString()).toBe('2030-01-08T00:00:00.000Z')
    expect(isRestricted({ kind: 'suspended', until: new Date('2030-01-02T00:00:00Z') }, now)).toBe(true)
    expect(isRestricted({ kind: 'suspended', until: new Date('2029-12-31T00:00:00Z') }, now)).toBe(false)
    expect(isRestricted({ kind: 'banned', until: null }, now)).toBe(true)
    expect(isRestricted(null, now)).toBe(false)
  })
})
