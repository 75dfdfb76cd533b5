import { currentTotp } from '../../../tests/setup/totp'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { captureMail } from '../../../tests/setup/mail'
import { paidPayment } from '../../../tests/setup/payments'
import { testJobRunner } from '../../../tests/setup/job-runner'
import { db } from '#db/client.server'
import { accountDeletions, auditLog, creditLedger, payments, profiles, reports, sessions, users } from '#db/schema/index'
import { bus } from '#app/adapters/bus/index.server'
import { requestAccountDeletion } from '#app/features/accounts/deletion.server'
import { blockedMinutes, lockoutKeys, recordFailure } from '#app/features/authentication/login-lockout.server'
import { createSession } from '#app/features/authentication/sessions.server'
import { ledgerBalance } from '#app/features/billing/ledger.server'
import { profileTopic, SESSION_CHECK_EVENT } from '#app/features/chat/chat-events'
import { beginEnrolment, confirmEnrolment, createOperator } from '#app/features/console/operators/operator-accounts.server'
import { completeOperatorSession, OPERATOR_COOKIE, startOperatorSession } from '#app/features/console/operators/operator-sessions.server'
import { getSettings } from '#app/features/settings/settings.server'
import * as memberPage from './members-id'
import * as exportRoute from './members-id-export'
import * as searchPage from './members'
import { findMembers, MEMBER_PAGE, parseMemberQuery } from '#app/features/console/support/find-members.server'
import { memberDetail } from '#app/features/console/support/member-detail.server'
import { adjustCredits, supportRefund } from '#app/features/console/support/support-actions.server'
import { eraseConfirmation } from '#app/features/console/support/support.schema'
import { intentPermissions } from '#app/features/console/support/intent-permissions'
import { supportConsoleRoutes } from '../../../tests/authorization/console-routes'

useTestDatabase()
const mails = captureMail()

type Role = 'admin' | 'moderator' | 'support'
/** A logged-in operator of the role (password and second factor done): the cookie value for requests. */
async function operatorToken(role: Role): Promise<{ id: number; token: string }> {
  const id = await createOperator({
    email: `${role}-${Math.random().toString(36).slice(2)}@ops.test`,
    name: `Op ${role}`,
    role,
    password: 'correct-horse-battery',
  })
  const secret = await beginEnrolment(id)
  await confirmEnrolment(id, await currentTotp(secret))
  return { id, token: await completeOperatorSession(await startOperatorSession(id)) }
}

const cookie = (token: string | null) => (token ? { cookie: `${OPERATOR_COOKIE}=${token}` } : undefined)
const post = (path: string, token: string | null, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: cookie(token), body: new URLSearchParams(fields) })
const get = (path: string, token: string | null) => new Request(`http://localhost${path}`, { headers: cookie(token) })

async function outcome(p: unknown): Promise<unknown> {
  try {
    return await p
  } catch (e) {
    return e
  }
}
type ActReply = {
  status: number
  ok?: boolean
  code?: string
  values?: Record<string, number>
  fieldErrors?: Record<string, string>
  fields?: Record<string, string>
}
/** Posts one support form to the member page's action, as React Router would; a thrown Response gives its status. */
async function act(token: string | null, userId: number, fields: Record<string, string>): Promise<ActReply> {
  const r = await outcome(memberPage.action({ request: post(`/admin/members/${userId}`, token, fields), params: { id: String(userId) }, context: {} } as never))
  if (r instanceof Response) return { status: r.status }
  const reply = r as { data: Omit<ActReply, 'status'>; init: { status?: number } | null }
  return { status: reply.init?.status ?? 200, ...reply.data }
}

const audit = (action: string, userId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetType, 'member'), eq(auditLog.targetId, String(userId))))

const key = () => `k${Math.random().toString(36).slice(2)}${Date.now()}`.padEnd(20, 'x')

describe('member search', () => {
  it('finds by account or profile id, by e-mail in any case, and by the start of a name, paged', async () => {
    const anna = await createMember({ email: 'Anna.Support@Example.com', name: 'Annabel' })
    await createMember({ name: 'Anneke' })
    await createMember({ name: 'Bob' })
    expect((await findMembers(parseMemberQuery(String(anna.userId)))).hits.map((h) => h.userId)).toContain(anna.userId)
    expect((await findMembers(parseMemberQuery(`#${anna.profileId}`))).hits.map((h) => h.userId)).toContain(anna.userId)
    expect((await findMembers(parseMemberQuery('  anna.SUPPORT@example.COM '))).hits).toEqual([
      expect.objectContaining({ userId: anna.userId, name: 'Annabel' }),
    ])
    expect((await findMembers(parseMemberQuery('ANN'))).hits.map((h) => h.name)).toEqual(['Annabel', 'Anneke'])
    expect((await findMembers(parseMemberQuery('nobody'))).hits).toEqual([])
    // LIKE wildcards typed by an operator are taken literally.
    expect((await findMembers(parseMemberQuery('%'))).hits).toEqual([])
    expect(parseMemberQuery('')).toEqual({ kind: 'none' })

    for (let i = 0; i < MEMBER_PAGE + 3; i++) await createMember({ name: `Page${String(i).padStart(2, '0')}` })
    const first = await findMembers(parseMemberQuery('page'))
    expect(first.hits).toHaveLength(MEMBER_PAGE)
    const second = await findMembers(parseMemberQuery('page'), first.next)
    expect(second.hits.map((h) => h.name)).toEqual(['Page25', 'Page26', 'Page27'])
    expect(second.next).toBeNull()
  })

  it('uses an index for every kind of query (no full scan of members or profiles)', async () => {
    await createMember({ name: 'Indexed' })
    await db().execute(sql`analyze`)
    const plan = async (q: ReturnType<typeof sql>) => {
      return db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        const r = (await tx.execute(sql`explain ${q}`)) as unknown as { rows: Record<string, string>[] }
        return r.rows.map((row) => Object.values(row)[0]).join('\n')
      })
    }
    const byName = await plan(
      sql`select p.id from profiles p join users u on u.id = p.user_id where p.user_id is not null and lower(p.name) collate "C" like 'ind%' and (lower(p.name) collate "C", p.id) > ('' collate "C", 0) order by lower(p.name) collate "C", p.id limit 26`,
    )
    expect(byName).toContain('profiles_member_name_idx')
    expect(byName).not.toMatch(/Seq Scan/)
    const byEmail = await plan(sql`select id from users where lower(email) = 'x@example.com'`)
    expect(byEmail).toContain('users_email_key')
    const byReports = await plan(sql`select id from reports where target_id = 1 order by id desc limit 50`)
    expect(byReports).toContain('reports_target_idx')
  })

  it('the search page needs members.view; visitors go to the console login', async () => {
    const mod = await operatorToken('moderator')
    const m = await createMember({ name: 'Seen' })
    const page = (await searchPage.loader({ request: get('/admin/members?q=see', mod.token), params: {}, context: {} } as never)) as {
      hits: { userId: number }[]
    }
    expect(page.hits.map((h) => h.userId)).toEqual([m.userId])
    const visitor = (await outcome(searchPage.loader({ request: get('/admin/members?q=see', null), params: {}, context: {} } as never))) as Response
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('location')).toBe('/admin/login')
  })
})

describe('member detail', () => {
  it('shows status, money, sessions, lockout and reports, never messages', async () => {
    const m = await createMember({ name: 'Detail', credits: 30 })
    const other = await createMember({ name: 'Other' })
    await createSession(m.userId, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0')
    await recordFailure(lockoutKeys(m.userId, '10.0.0.1'))
    await db()
      .insert(reports)
      .values([
        { reporterId: other.profileId, targetId: m.profileId, reason: 'spam', details: 'private words' },
        { reporterId: m.profileId, targetId: other.profileId, reason: 'fake' },
      ])
    const d = (await memberDetail(m.userId))!
    expect(d.account).toMatchObject({ id: m.userId, status: 'active', credits: 30, name: 'Detail', profileStatus: 'active', country: 'NL', language: 'en' })
    expect(d.sessions).toEqual([expect.objectContaining({ device: { browser: 'Firefox', os: 'Windows' } })])
    expect(d.lockout).toEqual({ failures: 1, blockedUntil: null })
    expect(d.ledger).toEqual([expect.objectContaining({ delta: 30, balanceAfter: 30 })])
    expect(d.reportsAbout).toEqual([expect.objectContaining({ reason: 'spam', otherProfileId: other.profileId, subject: 'profile' })])
    expect(d.reportsMade).toEqual([expect.objectContaining({ reason: 'fake', otherUserId: other.userId })])
    expect(JSON.stringify(d)).not.toContain('private words')
    expect(await memberDetail(999999)).toBeNull()
  })
})

describe('support actions', () => {
  it('enforce each permission on the server: a moderator may look but gets 403 for every action', async () => {
    const mod = await operatorToken('moderator')
    const m = await createMember()
    const view = await outcome(
      memberPage.loader({ request: get(`/admin/members/${m.userId}`, mod.token), params: { id: String(m.userId) }, context: {} } as never),
    )
    expect(view).toMatchObject({ detail: { account: { id: m.userId } }, may: { refund: false, erase: false, 'adjust-credits': false, export: false } })
    for (const intent of Object.keys(intentPermissions)) {
      const r = await act(mod.token, m.userId, {
        intent,
        reason: 'because',
        confirm: 'on',
        delta: '5',
        key: key(),
        paymentId: '1',
        typed: eraseConfirmation(m.userId),
      })
      expect(r.status, intent).toBe(403)
    }
    const exp = (await outcome(
      exportRoute.action({ request: post(`/admin/members/${m.userId}/export`, mod.token, {}), params: { id: String(m.userId) }, context: {} } as never),
    )) as Response
    expect(exp.status).toBe(403)
    // Nothing happened, nothing was logged.
    expect(await db().select().from(auditLog).where(eq(auditLog.targetType, 'member'))).toEqual([])
    const [u] = await db().select({ credits: users.credits, status: users.status }).from(users).where(eq(users.id, m.userId))
    expect(u).toEqual({ credits: 0, status: 'active' })
    // Without an operator session the action sends to the console login.
    expect((await act(null, m.userId, { intent: 'lift-lockout', reason: 'because' })).status).toBe(302)
    // The routes table names a permission for every intent.
    expect(
      supportConsoleRoutes
        .filter((r) => r.intent)
        .map((r) => r.intent)
        .sort(),
    ).toEqual(Object.keys(intentPermissions).sort())
  })

  it('ask for a reason and keep what was typed', async () => {
    const sup = await operatorToken('support')
    const m = await createMember()
    const r = await act(sup.token, m.userId, { intent: 'adjust-credits', reason: ' ', delta: 'ten', key: key() })
    expect(r).toMatchObject({
      status: 400,
      ok: false,
      code: 'invalid',
      fieldErrors: { reason: 'admin.support.error.reason', delta: 'admin.support.error.delta' },
    })
    expect(r.fields).toMatchObject({ delta: 'ten' })
    expect((await act(sup.token, m.userId, { intent: 'logout-everywhere', reason: 'asked by phone' })).fieldErrors).toEqual({
      confirm: 'admin.support.error.confirm',
    })
    expect((await act(sup.token, m.userId, { intent: 'adjust-credits', reason: 'goodwill', delta: '5', key: 'x' })).code).toBe('stale')
  })

  it('resend the activation e-mail within the daily limit, with an audit line', async () => {
    const sup = await operatorToken('support')
    const m = await createMember({ status: 'not_confirmed', email: 'pending@example.com' })
    const r = await act(sup.token, m.userId, { intent: 'resend-activation' })
    expect(r).toMatchObject({ status: 200, ok: true, code: 'activation_sent' })
    expect(mails.map((x) => x.to)).toEqual(['pending@example.com'])
    expect(await audit('member.activation_resent', m.userId)).toEqual([expect.objectContaining({ operatorId: sup.id, operatorName: 'Op support' })])
    const max = (await getSettings()).max_activation_emails_per_day
    for (let i = 1; i < max; i++) await act(sup.token, m.userId, { intent: 'resend-activation' })
    expect(await act(sup.token, m.userId, { intent: 'resend-activation' })).toMatchObject({ status: 429, code: 'too_many' })
    expect(mails).toHaveLength(max)
    const active = await createMember()
    expect(await act(sup.token, active.userId, { intent: 'resend-activation' })).toMatchObject({ status: 409, code: 'already_active' })
  })

  it('lift a login lockout, with the reason in the audit log', async () => {
    const sup = await operatorToken('support')
    const m = await createMember()
    const { login_max_failures: max } = await getSettings()
    for (let i = 0; i < max; i++) await recordFailure([`account:${m.userId}`])
    expect(await blockedMinutes([`account:${m.userId}`])).toBeGreaterThan(0)
    expect((await memberDetail(m.userId))!.lockout.blockedUntil).not.toBeNull()
    expect(await act(sup.token, m.userId, { intent: 'lift-lockout', reason: 'member called, identity checked' })).toMatchObject({
      ok: true,
      code: 'lockout_lifted',
    })
    expect(await blockedMinutes([`account:${m.userId}`])).toBe(0)
    expect(await audit('member.lockout_lifted', m.userId)).toEqual([
      expect.objectContaining({ reason: 'member called, identity checked', details: { wasBlocked: true, failures: 0 } }),
    ])
    expect(await act(sup.token, m.userId, { intent: 'lift-lockout', reason: 'again' })).toMatchObject({ status: 409, code: 'not_locked' })
  })

  it('lift a login lockout at one of the member’s own addresses too (issue 24, point 13)', async () => {
    const sup = await operatorToken('support')
    const m = await createMember()
    const { login_max_failures: max } = await getSettings()
    const atHome = `account:${m.userId}@10.0.0.9`
    for (let i = 0; i < max; i++) await recordFailure([atHome])
    expect(await blockedMinutes([atHome])).toBeGreaterThan(0)
    expect((await memberDetail(m.userId))!.lockout.blockedUntil).not.toBeNull()
    expect(await act(sup.token, m.userId, { intent: 'lift-lockout', reason: 'member called, identity checked' })).toMatchObject({
      ok: true,
      code: 'lockout_lifted',
    })
    expect(await blockedMinutes([atHome])).toBe(0)
  })

  it('log out everywhere: every session ends and the member’s sockets are told', async () => {
    const sup = await operatorToken('support')
    const m = await createMember()
    const other = await createMember()
    await createSession(m.userId, 'a')
    await createSession(m.userId, 'b')
    await createSession(other.userId, 'c')
    const heard: unknown[] = []
    const stop = await bus().subscribe(profileTopic(m.profileId), (p) => heard.push(p))
    const r = await act(sup.token, m.userId, { intent: 'logout-everywhere', reason: 'lost phone', confirm: 'on' })
    // The revocation is announced after the commit by the job runner's live reaction, as every process runs it.
    await testJobRunner().dispatchAll()
    await stop()
    expect(r).toMatchObject({ ok: true, code: 'sessions_ended', values: { count: 2 } })
    expect(await db().select().from(sessions).where(eq(sessions.userId, m.userId))).toEqual([])
    expect(await db().select().from(sessions).where(eq(sessions.userId, other.userId))).toHaveLength(1)
    await expect.poll(() => heard).toEqual([{ type: SESSION_CHECK_EVENT }])
    expect(await audit('member.sessions_ended', m.userId)).toEqual([expect.objectContaining({ reason: 'lost phone', details: { sessions: 2 } })])
  })

  it('adjust credits once per form, either way, never below 0', async () => {
    const sup = await operatorToken('support')
    const m = await createMember({ credits: 10 })
    const k = key()
    const results = await Promise.all([1, 2, 3].map(() => act(sup.token, m.userId, { intent: 'adjust-credits', reason: 'goodwill', delta: '25', key: k })))
    expect(results.map((r) => r.code).sort()).toEqual(['credits_adjusted', 'credits_duplicate', 'credits_duplicate'])
    expect(results.every((r) => r.status === 200)).toBe(true)
    const rows = await db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, m.userId), eq(creditLedger.reason, 'adjustment'), eq(creditLedger.reference, `operator:${sup.id}`)))
    expect(rows).toEqual([expect.objectContaining({ delta: 25, balanceAfter: 35 })])
    expect(await audit('credits.adjusted', m.userId)).toEqual([
      expect.objectContaining({ reason: 'goodwill', details: { delta: 25, balance: 35, ledgerEntryId: rows[0].id } }),
    ])

    expect(await act(sup.token, m.userId, { intent: 'adjust-credits', reason: 'correction', delta: '-36', key: key() })).toMatchObject({
      status: 422,
      code: 'insufficient',
      values: { balance: 35 },
    })
    expect(await act(sup.token, m.userId, { intent: 'adjust-credits', reason: 'correction', delta: '-35', key: key() })).toMatchObject({
      ok: true,
      values: { balance: 0 },
    })
    expect(await ledgerBalance(m.userId)).toBe(0)
    const [u] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, m.userId))
    expect(u.credits).toBe(0)
    expect(await audit('credits.adjusted', m.userId)).toHaveLength(2)
    // The function alone keeps the same promise.
    expect(await adjustCredits({ id: sup.id, name: 'x' }, m.userId, { delta: 1, reason: 'r', key: k })).toMatchObject({ ok: false, code: 'duplicate' })
  })

  it('refund a payment within refund_days through the provider: the ledger shows the reversal, once', async () => {
    const sup = await operatorToken('support')
    const m = await createMember()
    const p = await paidPayment(m.userId)
    const [bought] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, m.userId))
    expect(bought.credits).toBe(p.credits)
    expect((await memberDetail(m.userId))!.payments[0]).toMatchObject({ id: p.id, refundable: true })
    // The confirmation step is checked on the server too.
    expect(await act(sup.token, m.userId, { intent: 'refund', paymentId: String(p.id), reason: 'asked within the period' })).toMatchObject({
      status: 400,
      fieldErrors: { confirm: 'admin.support.error.confirm' },
    })
    expect(await act(sup.token, m.userId, { intent: 'refund', paymentId: String(p.id), reason: 'asked within the period', confirm: 'on' })).toMatchObject({
      status: 200,
      ok: true,
      code: 'refunded',
    })
    // Twice (a double submit, a second operator): refunded once.
    expect(await act(sup.token, m.userId, { intent: 'refund', paymentId: String(p.id), reason: 'again', confirm: 'on' })).toMatchObject({
      status: 409,
      code: 'already_refunded',
    })
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, m.userId))
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([
      ['purchase', p.credits],
      ['refund', -p.credits],
    ])
    const [after] = await db().select({ refundedMinor: payments.refundedMinor }).from(payments).where(eq(payments.id, p.id))
    expect(after.refundedMinor).toBe(p.totalMinor)
    expect(await audit('payment.refunded', m.userId)).toEqual([
      expect.objectContaining({ reason: 'asked within the period', details: { paymentId: p.id, amountMinor: p.totalMinor, currency: p.currency } }),
    ])
  })

  it('refuses a refund outside refund_days, and another member’s payment', async () => {
    const sup = await operatorToken('support')
    const m = await createMember()
    const p = await paidPayment(m.userId)
    const days = (await getSettings()).refund_days
    await db()
      .update(payments)
      .set({ paidAt: new Date(Date.now() - (days + 1) * 86400_000) })
      .where(eq(payments.id, p.id))
    expect(await act(sup.token, m.userId, { intent: 'refund', paymentId: String(p.id), reason: 'late', confirm: 'on' })).toMatchObject({
      status: 422,
      ok: false,
      code: 'too_late',
    })
    expect((await memberDetail(m.userId))!.payments[0].refundable).toBe(false)
    const stranger = await createMember()
    expect(await supportRefund({ id: sup.id, name: 'x' }, stranger.userId, p.id, 'wrong member')).toEqual({ ok: false, code: 'not_found' })
    expect(await db().select().from(creditLedger).where(eq(creditLedger.reason, 'refund'))).toEqual([])
    expect(await audit('payment.refunded', m.userId)).toEqual([])
  })

  it('exports the member’s data as a download, with an audit line', async () => {
    const sup = await operatorToken('support')
    const m = await createMember({ name: 'Exported', credits: 5 })
    const res = (await exportRoute.action({
      request: post(`/admin/members/${m.userId}/export`, sup.token, {}),
      params: { id: String(m.userId) },
      context: {},
    } as never)) as Response
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="member-${m.userId}-export.json"`)
    const body = (await res.json()) as { account: { email: string }; profile: { name: string }; credit_history: unknown[]; payments: unknown[] }
    expect(body.account.email).toBe(m.email)
    expect(body.profile.name).toBe('Exported')
    expect(body.credit_history).toHaveLength(1)
    expect(await audit('member.exported', m.userId)).toHaveLength(1)
    const notFound = (await outcome(
      exportRoute.action({ request: post('/admin/members/999999/export', sup.token, {}), params: { id: '999999' }, context: {} } as never),
    )) as Response
    expect(notFound.status).toBe(404)
  })

  it('erases on request exactly as self-deletion does, after a typed confirmation', async () => {
    const sup = await operatorToken('support')
    const byOperator = await createMember({ email: 'erase-me@example.com' })
    const bySelf = await createMember({ email: 'leave-me@example.com' })
    for (const m of [byOperator, bySelf]) await createSession(m.userId, 'x')
    expect(await act(sup.token, byOperator.userId, { intent: 'erase', reason: 'member e-mailed support', typed: 'erase' })).toMatchObject({
      status: 400,
      fieldErrors: { typed: 'admin.support.error.typed' },
    })
    expect(
      await act(sup.token, byOperator.userId, { intent: 'erase', reason: 'member e-mailed support', typed: eraseConfirmation(byOperator.userId) }),
    ).toMatchObject({ ok: true, code: 'erased' })
    await requestAccountDeletion(bySelf.userId, 'other')
    const state = async (userId: number) => {
      const [u] = await db().select({ status: users.status, requested: users.deletionRequestedAt }).from(users).where(eq(users.id, userId))
      const [p] = await db().select({ status: profiles.status }).from(profiles).where(eq(profiles.userId, userId))
      const s = await db().select().from(sessions).where(eq(sessions.userId, userId))
      return { status: u.status, requested: !!u.requested, profile: p.status, sessions: s.length }
    }
    expect(await state(byOperator.userId)).toEqual(await state(bySelf.userId))
    expect(await state(byOperator.userId)).toEqual({ status: 'pending_deletion', requested: true, profile: 'disabled', sessions: 0 })
    expect(await db().select({ reason: accountDeletions.reason }).from(accountDeletions)).toEqual([{ reason: 'other' }, { reason: 'other' }])
    expect(mails.map((x) => [x.to, x.kind])).toEqual([
      ['erase-me@example.com', 'reactivation'],
      ['leave-me@example.com', 'reactivation'],
    ])
    expect(await audit('member.erased', byOperator.userId)).toEqual([
      expect.objectContaining({ reason: 'member e-mailed support', details: { previousStatus: 'active' } }),
    ])
    expect(await act(sup.token, byOperator.userId, { intent: 'erase', reason: 'again', typed: eraseConfirmation(byOperator.userId) })).toMatchObject({
      status: 409,
      code: 'already_deleted',
    })
  })
})
