import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { captureMail } from '../../../../tests/setup/mail'
import { createMember } from '../../../../tests/setup/factories'
import { testJobRunner } from '../../../../tests/setup/job-runner'
import { useTestDatabase } from '../../../../tests/setup/test-db'
import { db } from '#db/client.server'
import { complaints, conversations, messages, moderationDecisions, profileImages, profiles, reports, users } from '#db/schema/index'
import { login } from '#app/features/authentication/login.server'
import { getViewer } from '#app/features/authentication/viewer.server'
import { createSession, userIdForSession } from '#app/features/authentication/sessions.server'
import { listAudit } from '#app/features/console/operators/audit.server'
import { closeComplaint, decideReport, listQueue, reportCase } from './cases.server'
import { appealDecision, handleAppeal, liftExpiredRestriction, listMemberDecisions } from './decisions.server'
import { decidePhoto, listPendingPhotos } from './photo-queue.server'

useTestDatabase()
const sent = captureMail()
const runner = testJobRunner()

const mod1 = { id: 101, name: 'Mia Mod' }
const mod2 = { id: 102, name: 'Max Mod' }

let files = 0
async function photo(profileId: number, status: 'pending' | 'active' = 'pending') {
  files += 1
  const base = `t${profileId}-${files}`
  const [row] = await db()
    .insert(profileImages)
    .values({
      profileId,
      filename: `${base}.webp`,
      thumbFilename: `${base}-t.webp`,
      matchFilename: `${base}-m.webp`,
      blurredFilename: `${base}-b.webp`,
      status,
    })
    .returning({ id: profileImages.id })
  return row.id
}

async function messageFrom(sender: number, recipient: number, body: string) {
  const [c] = await db()
    .insert(conversations)
    .values({ profileLowId: Math.min(sender, recipient), profileHighId: Math.max(sender, recipient), startedBy: sender })
    .returning({ id: conversations.id })
  const [m] = await db().insert(messages).values({ conversationId: c.id, senderId: sender, clientId: crypto.randomUUID(), body }).returning({ id: messages.id })
  return m.id
}

const imageStatus = async (id: number) => (await db().select({ s: profileImages.status }).from(profileImages).where(eq(profileImages.id, id)))[0].s

describe('photo queue', () => {
  it('lists waiting photos oldest first with the member’s other photos; approve and reject tell the member in their language', async () => {
    const m = await createMember({ name: 'Greta' })
    await db().update(users).set({ language: 'de' }).where(eq(users.id, m.userId))
    const first = await photo(m.profileId)
    const second = await photo(m.profileId)
    const queue = await listPendingPhotos()
    expect(queue.map((q) => q.id)).toEqual([first, second])
    expect(queue[0].others.map((o) => o.id)).toEqual([second])

    expect(await decidePhoto(mod1, first, { decision: 'approve' })).toMatchObject({ ok: true })
    expect(await imageStatus(first)).toBe('active')
    const [p] = await db().select({ main: profiles.mainImageId }).from(profiles).where(eq(profiles.id, m.profileId))
    expect(p.main).toBe(first)
    expect(await decidePhoto(mod1, first, { decision: 'approve' })).toEqual({ ok: false, error: 'not_pending' })

    const r = await decidePhoto(mod1, second, { decision: 'reject', reason: 'nudity', note: 'see terms' })
    expect(r).toMatchObject({ ok: true })
    expect(await imageStatus(second)).toBe('rejected')

    const decisions = await listMemberDecisions(m.userId)
    expect(decisions.map((d) => d.action)).toEqual(['photo_rejected', 'photo_approved'])
    expect(decisions[0]).toMatchObject({ reason: 'nudity', contentType: 'photo', automated: false, appealOf: null })

    await runner.drain()
    expect(sent.map((s) => s.to)).toEqual([m.email, m.email])
    const statement = sent.find((s) => /D-\d+/.test(s.subject))!
    // In German: the statement's parts, the human decision and the ways to contest it.
    expect(statement.subject).toMatch(/Entscheidung/)
    expect(statement.text).toContain('Sachverhalt')
    expect(statement.text).toContain('see terms')

    const audit = await listAudit()
    expect(audit.map((a) => a.action).slice(0, 2)).toEqual(['photo.reject', 'photo.approve'])
    expect(audit[0]).toMatchObject({ operatorName: 'Mia Mod', targetType: 'photo', targetId: String(second), reason: 'nudity' })
  })
})

describe('reports and complaints', () => {
  it('a message report shows the text; removing it makes a statement and a reversed appeal restores it', async () => {
    const sender = await createMember()
    const reporter = await createMember()
    const messageId = await messageFrom(sender.profileId, reporter.profileId, 'you are awful')
    const [rep] = await db()
      .insert(reports)
      .values({ reporterId: reporter.profileId, targetId: sender.profileId, messageId, reason: 'offensive', details: 'rude' })
      .returning({ id: reports.id })
    expect((await listQueue()).reports.map((r) => r.id)).toEqual([rep.id])
    const c = await reportCase(rep.id)
    expect(c?.message?.body).toBe('you are awful')
    expect(c?.report.details).toBe('rude')

    const r = await decideReport(mod1, rep.id, { action: 'remove', reason: 'harassment' })
    expect(r).toMatchObject({ ok: true })
    expect((await db().select({ b: messages.body }).from(messages).where(eq(messages.id, messageId)))[0].b).toBe('')
    expect((await listQueue()).reports).toEqual([])
    expect(await decideReport(mod1, rep.id, { action: 'warn', reason: 'harassment' })).toEqual({ ok: false, error: 'closed' })

    const [d] = await listMemberDecisions(sender.userId)
    expect(d).toMatchObject({ action: 'content_removed', contentType: 'message', reason: 'harassment' })
    expect(await appealDecision(sender.userId, d.id, 'It was a joke between friends')).toBe('ok')
    expect(await appealDecision(sender.userId, d.id, 'Again, please look again')).toBe('not_appealable')
    expect(await appealDecision(reporter.userId, d.id, 'Not mine to appeal at all')).toBe('not_found')
    expect((await listQueue()).appeals.map((a) => a.id)).toEqual([d.id])

    // The decider cannot judge the appeal; a second moderator can.
    expect(await handleAppeal(mod1, d.id, 'reversed', null)).toEqual({ ok: false, error: 'same_operator' })
    const out = await handleAppeal(mod2, d.id, 'reversed', 'context shows a joke')
    expect(out).toMatchObject({ ok: true })
    expect(await handleAppeal(mod2, d.id, 'upheld', null)).toEqual({ ok: false, error: 'already_handled' })
    expect((await db().select({ b: messages.body }).from(messages).where(eq(messages.id, messageId)))[0].b).toBe('you are awful')
    const after = await listMemberDecisions(sender.userId)
    expect(after[0]).toMatchObject({ action: 'appeal_reversed', appealOf: d.id })
    expect((await listQueue()).appeals).toEqual([])
    const audit = (await listAudit()).map((a) => [a.action, a.operatorName])
    expect(audit.slice(0, 2)).toEqual([
      ['appeal.reverse', 'Max Mod'],
      ['report.remove', 'Mia Mod'],
    ])
  })

  it('a reversed photo rejection makes the photo visible again', async () => {
    const m = await createMember()
    const id = await photo(m.profileId)
    await decidePhoto(mod1, id, { decision: 'reject', reason: 'not_a_person' })
    const [d] = await listMemberDecisions(m.userId)
    await appealDecision(m.userId, d.id, 'That is really me, look at the others')
    expect(await handleAppeal(mod2, d.id, 'reversed', null)).toMatchObject({ ok: true })
    expect(await imageStatus(id)).toBe('active')
    const [p] = await db().select({ main: profiles.mainImageId }).from(profiles).where(eq(profiles.id, m.profileId))
    expect(p.main).toBe(id)
  })

  it('a suspension blocks the login and any session with a reason until it ends; an upheld appeal keeps it', async () => {
    const m = await createMember()
    const reporter = await createMember()
    const token = await createSession(m.userId)
    const [rep] = await db().insert(reports).values({ reporterId: reporter.profileId, targetId: m.profileId, reason: 'scam' }).returning({ id: reports.id })
    expect(await decideReport(mod1, rep.id, { action: 'suspend', reason: 'spam_scam', days: 7 })).toMatchObject({ ok: true })

    expect(await userIdForSession(token)).toBeNull()
    expect(await getViewer(m.userId)).toBeNull()
    const attempt = await login(m.email, m.password, '203.0.113.9')
    expect(attempt).toMatchObject({ ok: false, error: 'suspended' })
    const until = new Date((attempt as { until: string }).until).getTime()
    expect(until - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000)
    const [p] = await db().select({ s: profiles.status }).from(profiles).where(eq(profiles.id, m.profileId))
    expect(p.s).toBe('disabled')

    const [d] = await listMemberDecisions(m.userId)
    expect(d).toMatchObject({ action: 'suspension' })
    expect(d.suspendedUntil).not.toBeNull()
    await appealDecision(m.userId, d.id, 'I did not scam anyone, please check')
    expect(await handleAppeal(mod2, d.id, 'upheld', null)).toMatchObject({ ok: true })
    expect(await login(m.email, m.password, '203.0.113.9')).toMatchObject({ ok: false, error: 'suspended' })

    // At its end the job lists the profile again and the login works.
    await db().execute(sql`update account_restrictions set until = now() - interval '1 second' where user_id = ${m.userId}`)
    expect(await liftExpiredRestriction({ userId: m.userId, decisionId: d.id })).toBe(true)
    expect(await login(m.email, m.password, '203.0.113.9')).toMatchObject({ ok: true })
    const [again] = await db().select({ s: profiles.status }).from(profiles).where(eq(profiles.id, m.profileId))
    expect(again.s).toBe('active')
  })

  it('a ban is refused for good; a reversed appeal lifts it', async () => {
    const m = await createMember()
    const reporter = await createMember()
    const [rep] = await db()
      .insert(reports)
      .values({ reporterId: reporter.profileId, targetId: m.profileId, reason: 'fake_profile' })
      .returning({ id: reports.id })
    await decideReport(mod1, rep.id, { action: 'ban', reason: 'fake_profile' })
    expect(await login(m.email, m.password, '203.0.113.9')).toEqual({ ok: false, error: 'banned' })
    const [d] = await listMemberDecisions(m.userId)
    await appealDecision(m.userId, d.id, 'This profile is really me, honestly')
    await handleAppeal(mod2, d.id, 'reversed', null)
    expect(await login(m.email, m.password, '203.0.113.9')).toMatchObject({ ok: true })
  })

  it('dismissing affects nobody; a closed complaint mails its author the outcome in their language', async () => {
    const m = await createMember()
    const reporter = await createMember()
    const [rep] = await db().insert(reports).values({ reporterId: reporter.profileId, targetId: m.profileId, reason: 'other' }).returning({ id: reports.id })
    expect(await decideReport(mod1, rep.id, { action: 'dismiss', reason: 'other' })).toEqual({ ok: true, decisionId: null })
    expect(await db().select().from(moderationDecisions)).toEqual([])

    const [c] = await db()
      .insert(complaints)
      .values({
        reference: 'C-20300101-ABCDEF',
        category: 'fake_profile',
        subject: `http://x/members/${m.profileId}`,
        description: 'fake',
        email: 'who@example.test',
        locale: 'fr',
      })
      .returning({ id: complaints.id })
    expect(await closeComplaint(mod1, c.id, { outcome: 'action_taken', action: 'warn', reason: 'fake_profile', profileId: m.profileId })).toMatchObject({
      ok: true,
    })
    expect((await listMemberDecisions(m.userId))[0]).toMatchObject({ action: 'warning', contentType: 'account' })
    await runner.drain()
    const reply = sent.find((s) => s.to === 'who@example.test')!
    expect(reply.subject).toContain('C-20300101-ABCDEF')
    expect(reply.text).toMatch(/mesures/)
    expect((await listAudit()).map((a) => a.action).slice(0, 2)).toEqual(['complaint.close', 'report.dismiss'])
  })
})
