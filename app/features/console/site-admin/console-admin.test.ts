import { desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../../tests/setup/test-db'
import { createMember } from '../../../../tests/setup/factories'
import { db } from '#db/client.server'
import { auditLog, complaints, contentPages, discountCodes, discountRedemptions, jobs, payments, reports, settingChanges, users } from '#db/schema/index'
import { checkDiscount, reserveDiscount } from '#app/features/billing/discounts.server'
import { memberBilling } from '#app/features/billing/member-billing.server'
import { contentPage } from '#app/features/content/content-pages.server'
import { getSettings } from '#app/features/settings/settings.server'
import { contentMatrix, previewContentPage, saveCompanyInfo, saveContentPage } from './content-admin.server'
import { dashboardStats, parseRange } from './dashboard.server'
import { createDiscount, discountUses, listDiscounts, setDiscountStatus } from './discounts-admin.server'
import { retryJob } from './jobs-admin.server'
import { rawFromValue } from './setting-fields'
import { listSettingChanges, saveSettingsSection, settingsFormValues } from './settings-admin.server'

useTestDatabase()

const admin = { id: 7, name: 'Test Admin' }

async function auditLines(action: string) {
  return db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id))
}

/** The costs section as the form sends it, with `overrides` of the raw values. */
async function costsForm(overrides: Record<string, unknown>) {
  const values = await settingsFormValues()
  return { ...values, ...overrides } as never
}

describe('settings editor', () => {
  it('refuses bad values with the message of each rule, and stores nothing', async () => {
    const r = await saveSettingsSection({
      operator: admin,
      sectionId: 'costs',
      raw: await costsForm({
        message_credits: 'ten',
        photo_credits: '-1',
        gift_credits: '1001',
        minimum_message_costs: [{ country: 'XX', costs: '5', currency: 'EUR' }],
      }),
      reason: '',
    })
    expect(r).toEqual({
      ok: false,
      errors: {
        message_credits: 'admin.settings.error.integer',
        photo_credits: 'admin.settings.error.range',
        gift_credits: 'admin.settings.error.range',
        minimum_message_costs: 'admin.settings.error.country',
      },
      reasonError: 'admin.run.reasonRequired',
    })
    const other = await saveSettingsSection({
      operator: admin,
      sectionId: 'general',
      raw: { ...(await settingsFormValues()), signups: 'everybody', niche: '9' },
      reason: 'trying things',
    })
    expect(other).toMatchObject({ ok: false, errors: { signups: 'admin.settings.error.choice', niche: 'admin.settings.error.choice' } })
    const entry = await saveSettingsSection({
      operator: admin,
      sectionId: 'entry',
      raw: { ...(await settingsFormValues()), site_entry_popup_countries: 'NL, nl' },
      reason: 'dup',
    })
    expect(entry).toMatchObject({ ok: false, errors: { site_entry_popup_countries: 'admin.settings.error.duplicateCountry' } })
    const costs = await saveSettingsSection({
      operator: admin,
      sectionId: 'costs',
      raw: await costsForm({ minimum_message_costs: [{ country: 'NL', costs: '5', currency: 'EURO' }] }),
      reason: 'bad currency',
    })
    expect(costs).toMatchObject({ ok: false, errors: { minimum_message_costs: 'admin.settings.error.currency' } })
    const profiles = await saveSettingsSection({
      operator: admin,
      sectionId: 'profiles',
      raw: { ...(await settingsFormValues()), search_fields: [] },
      reason: 'none',
    })
    expect(profiles).toMatchObject({ ok: false, errors: { search_fields: 'admin.settings.error.atLeastOne' } })
    const icon = await saveSettingsSection({
      operator: admin,
      sectionId: 'fictional',
      raw: { ...(await settingsFormValues()), fictional_icon: '<script>' },
      reason: 'icon',
    })
    expect(icon).toMatchObject({ ok: false, errors: { fictional_icon: 'admin.settings.error.icon' } })
    // A well-formed Bootstrap Icons name is not enough: the site's sprite only has the icons it uses.
    const unknownIcon = await saveSettingsSection({
      operator: admin,
      sectionId: 'fictional',
      raw: { ...(await settingsFormValues()), fictional_icon: 'robot' },
      reason: 'icon',
    })
    expect(unknownIcon).toMatchObject({ ok: false, errors: { fictional_icon: 'admin.settings.error.icon' } })
    expect(await db().select().from(settingChanges)).toEqual([])
    expect(await auditLines('settings.change')).toEqual([])
  })

  it('stores a change with its history row and audit line; unchanged keys write nothing', async () => {
    const r = await saveSettingsSection({
      operator: admin,
      sectionId: 'costs',
      raw: await costsForm({
        message_credits: ' 15 ',
        minimum_message_costs: [
          { country: 'nl', costs: '20', currency: 'eur' },
          { country: '', costs: '', currency: '' },
        ],
      }),
      reason: 'Price change for spring',
    })
    expect(r).toEqual({ ok: true, changed: ['message_credits', 'minimum_message_costs'] })
    const s = await getSettings()
    expect(s.message_credits).toBe(15)
    expect(s.minimum_message_costs).toEqual({ NL: { costs: 20, currency: 'EUR' } })
    const history = await listSettingChanges()
    expect(history.map((h) => [h.key, h.oldValue, h.newValue, h.operatorName, h.reason])).toEqual([
      ['minimum_message_costs', {}, { NL: { costs: 20, currency: 'EUR' } }, 'Test Admin', 'Price change for spring'],
      ['message_credits', 10, 15, 'Test Admin', 'Price change for spring'],
    ])
    const audit = await auditLines('settings.change')
    expect(audit.map((a) => [a.targetType, a.targetId, a.operatorId, a.reason, a.details])).toEqual([
      ['setting', 'minimum_message_costs', 7, 'Price change for spring', { old: {}, new: { NL: { costs: 20, currency: 'EUR' } } }],
      ['setting', 'message_credits', 7, 'Price change for spring', { old: 10, new: 15 }],
    ])
    // Saving the same values again changes nothing and records nothing.
    const again = await saveSettingsSection({ operator: admin, sectionId: 'costs', raw: await costsForm({}), reason: 'No-op' })
    expect(again).toEqual({ ok: true, changed: [] })
    expect(await db().select().from(settingChanges)).toHaveLength(2)
  })

  it('clears a nullable text back to the default and round-trips every control', async () => {
    await saveSettingsSection({
      operator: admin,
      sectionId: 'fictional',
      raw: { ...(await settingsFormValues()), fictional_warning: 'Made up' },
      reason: 'Own text',
    })
    expect((await getSettings()).fictional_warning).toBe('Made up')
    await saveSettingsSection({
      operator: admin,
      sectionId: 'fictional',
      raw: { ...(await settingsFormValues()), fictional_warning: '  ' },
      reason: 'Back to default',
    })
    expect((await getSettings()).fictional_warning).toBeNull()
    const [latest] = await listSettingChanges(1)
    expect([latest.oldValue, latest.newValue]).toEqual(['Made up', null])
    // Every editable setting's current value, as the form shows it, validates back to itself.
    const s = await getSettings()
    expect(rawFromValue('site_entry_popup_countries', ['NL', 'DE'])).toBe('NL, DE')
    for (const id of ['general', 'costs', 'chat', 'fictional', 'profiles', 'entry'])
      expect(await saveSettingsSection({ operator: admin, sectionId: id, raw: await settingsFormValues(), reason: 'round trip' }), id).toEqual({
        ok: true,
        changed: [],
      })
    expect((await getSettings()).visible_profile_fields).toEqual(s.visible_profile_fields)
  })
})

describe('discount codes in the console', () => {
  it('creates a code with its conditions and an audit line; refuses bad input and duplicates', async () => {
    const bad = await createDiscount(admin, {
      code: 'x',
      percentage: '150',
      minimumOrder: '10',
      currency: '',
      country: 'ZZ',
      expiresAt: '2000-01-01',
      usageLimit: '0',
      paymentMethods: ['cash'],
      reason: '',
    })
    expect(bad).toEqual({
      ok: false,
      errors: {
        code: 'admin.discounts.error.code',
        percentage: 'admin.discounts.error.percentage',
        country: 'admin.settings.error.country',
        expiresAt: 'admin.discounts.error.expires',
        usageLimit: 'admin.discounts.error.limit',
        paymentMethods: 'admin.settings.error.choice',
        reason: 'admin.run.reasonRequired',
      },
    })
    const noCurrency = await createDiscount(admin, { code: 'SPRING', percentage: '20', minimumOrder: '19.99', reason: 'Spring sale' })
    expect(noCurrency).toEqual({ ok: false, errors: { currency: 'admin.discounts.error.minimumCurrency' } })
    const ok = await createDiscount(admin, {
      code: 'spring',
      percentage: '20',
      minimumOrder: '19,99',
      currency: 'eur',
      country: 'nl',
      expiresAt: '2999-12-31',
      usageLimit: '2',
      paymentMethods: ['ideal', 'paypal'],
      reason: 'Spring sale',
    })
    expect(ok).toMatchObject({ ok: true })
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.code, 'SPRING'))
    expect(row).toMatchObject({
      percentage: 20,
      minimumOrderMinor: 1999,
      currency: 'EUR',
      country: 'NL',
      usageLimit: 2,
      paymentMethods: ['ideal', 'paypal'],
      kind: 'standard',
      status: 'active',
    })
    expect(row.expiresAt?.toISOString()).toBe('2999-12-31T23:59:59.000Z')
    expect(await createDiscount(admin, { code: 'Spring', percentage: '5', reason: 'Again' })).toEqual({
      ok: false,
      errors: { code: 'admin.discounts.error.codeTaken' },
    })
    const [line] = await auditLines('discount.create')
    expect(line).toMatchObject({
      targetType: 'discount',
      targetId: String(row.id),
      reason: 'Spring sale',
      details: expect.objectContaining({ code: 'SPRING', usageLimit: 2 }),
    })
  })

  it('enforces the usage limit, lists uses with member ids and amounts, disables idempotently', async () => {
    await createDiscount(admin, { code: 'TWICE', percentage: 10, usageLimit: '2', reason: 'Limited offer' })
    const [code] = await db().select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, 'TWICE'))
    const members = await Promise.all([1, 2, 3].map(() => createMember({ country: 'NL' })))
    const billing = await Promise.all(members.map(async (m) => (await memberBilling(m.userId))!))
    const pay = async (userId: number, n: number) => {
      const [p] = await db()
        .insert(payments)
        .values({
          userId,
          bundleId: 'm',
          credits: 125,
          country: 'NL',
          currency: 'EUR',
          method: 'ideal',
          listPriceMinor: 1999,
          discountMinor: 200,
          totalMinor: 1799,
          provider: 'sandbox',
          idempotencyKey: `k${n}`,
          status: 'paid',
          paidAt: new Date(),
        })
        .returning({ id: payments.id })
      return p.id
    }
    for (const [i, b] of billing.slice(0, 2).entries()) {
      expect(await checkDiscount({ code: 'twice', member: b })).toMatchObject({ ok: true })
      const paymentId = await pay(b.userId, i)
      expect(await db().transaction((tx) => reserveDiscount(tx, { id: code.id, singleUse: false }, b.userId, paymentId))).toBe(true)
    }
    // Two redemptions held: the third member is refused, at the check and at the reservation.
    expect(await checkDiscount({ code: 'TWICE', member: billing[2] })).toEqual({ ok: false, error: 'used' })
    const third = await pay(billing[2].userId, 3)
    expect(await db().transaction((tx) => reserveDiscount(tx, { id: code.id, singleUse: false }, billing[2].userId, third))).toBe(false)
    // A released reservation frees a use.
    await db().update(discountRedemptions).set({ status: 'released' }).where(eq(discountRedemptions.userId, billing[0].userId))
    expect(await checkDiscount({ code: 'TWICE', member: billing[2] })).toMatchObject({ ok: true })

    await db().update(discountRedemptions).set({ status: 'used' }).where(eq(discountRedemptions.userId, billing[1].userId))
    const listed = (await listDiscounts()).find((d) => d.code === 'TWICE')!
    expect(listed).toMatchObject({ used: 1, reserved: 0, usageLimit: 2 })
    const uses = await discountUses(code.id)
    expect(uses.map((u) => [u.userId, u.status, u.totalMinor, u.discountMinor, u.currency])).toEqual([
      [billing[1].userId, 'used', 1799, 200, 'EUR'],
      [billing[0].userId, 'released', 1799, 200, 'EUR'],
    ])
    expect(Object.keys(uses[0]).sort()).toEqual(['at', 'currency', 'discountMinor', 'paymentId', 'paymentStatus', 'status', 'totalMinor', 'userId'])

    expect(await setDiscountStatus(admin, code.id, 'disabled', '')).toEqual({ ok: false, errors: { reason: 'admin.run.reasonRequired' } })
    expect(await setDiscountStatus(admin, code.id, 'disabled', 'Offer over')).toEqual({ ok: true, changed: true })
    expect(await setDiscountStatus(admin, code.id, 'disabled', 'Offer over')).toEqual({ ok: true, changed: false })
    expect(await auditLines('discount.disable')).toHaveLength(1)
    expect(await checkDiscount({ code: 'TWICE', member: billing[2] })).toEqual({ ok: false, error: 'not_found' })
  })
})

describe('content pages in the console', () => {
  it('previews with the sanitising renderer, saves with an audit line, and the site shows the new text', async () => {
    const preview = await previewContentPage('terms', 'nl', {
      title: 'Voorwaarden van {{site_name}}',
      body: '# Hallo\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)> **vet**',
    })
    expect(preview.ok).toBe(true)
    if (!preview.ok) return
    expect(preview.page.title).toBe('Voorwaarden van Amoura')
    expect(preview.page.html).toContain('<strong>vet</strong>')
    expect(preview.page.html).not.toMatch(/<script|onerror|javascript:|<img/i)
    // Preview stores nothing.
    expect(await db().select().from(contentPages)).toEqual([])

    expect(await saveContentPage(admin, 'terms', 'nl', { title: '', body: 'x', reason: '' })).toEqual({
      ok: false,
      errors: { title: 'admin.content.error.title', reason: 'admin.run.reasonRequired' },
    })
    expect(await saveContentPage(admin, 'terms', 'nl', { title: 'Voorwaarden', body: 'Nieuwe **tekst**', reason: 'Dutch terms' })).toEqual({ ok: true })
    expect(await contentPage('terms', 'nl')).toMatchObject({ title: 'Voorwaarden', html: expect.stringContaining('<strong>tekst</strong>') })
    const [line] = await auditLines('content.create')
    expect(line).toMatchObject({ targetType: 'content_page', targetId: 'terms/nl', details: { token: 'terms', locale: 'nl', oldLength: null, newLength: 16 } })
    await saveContentPage(admin, 'terms', 'nl', { title: 'Voorwaarden', body: 'Anders', reason: 'Fix' })
    expect(await auditLines('content.edit')).toHaveLength(1)
    const matrix = await contentMatrix()
    expect(matrix.tokens).toContain('terms')
    expect(matrix.updated['terms/nl']).toBeTruthy()
    expect(matrix.updated['terms/de']).toBeUndefined()
  })

  it('validates and saves the company details, auditing the fields that changed', async () => {
    const input = {
      name: 'Acme B.V.',
      address: 'Dam 1',
      registrationNumber: '123',
      city: 'Amsterdam',
      country: 'Netherlands',
      tradenames: 'Acme\nAmoura',
      vatNumbers: 'NL1B01',
      supportPhone: '+31 20 123 4567',
      deleteDiscount: '40',
      reason: 'New owner',
    }
    expect(await saveCompanyInfo(admin, { ...input, supportPhone: 'call us', deleteDiscount: '101', name: '' })).toEqual({
      ok: false,
      errors: { supportPhone: 'admin.company.error.phone', deleteDiscount: 'admin.company.error.discount', name: 'admin.company.error.required' },
    })
    const r = await saveCompanyInfo(admin, input)
    expect(r).toEqual({ ok: true, changed: ['name', 'address', 'registrationNumber', 'tradenames', 'vatNumbers', 'supportPhone', 'deleteDiscount'] })
    const [line] = await auditLines('company.edit')
    expect(line.details).toMatchObject({ tradenames: { old: ['Amoura'], new: ['Acme', 'Amoura'] }, deleteDiscount: { old: 50, new: 40 } })
  })
})

describe('dashboard', () => {
  it('counts per UTC day over the range from seeded rows, with revenue per currency less refunds', async () => {
    const day = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00Z`)
    const a = await createMember()
    const b = await createMember()
    const c = await createMember()
    await db()
      .update(users)
      .set({ signupDate: day('2026-03-01', 0), confirmedAt: day('2026-03-02') })
      .where(eq(users.id, a.userId))
    await db()
      .update(users)
      .set({ signupDate: day('2026-03-01', 23), confirmedAt: null })
      .where(eq(users.id, b.userId))
    // Outside the range: not counted.
    await db()
      .update(users)
      .set({ signupDate: day('2026-03-04'), confirmedAt: day('2026-03-04') })
      .where(eq(users.id, c.userId))
    const payment = (userId: number, key: string, paidAt: Date, currency: string, totalMinor: number, refundedMinor = 0) =>
      db().insert(payments).values({
        userId,
        bundleId: 'm',
        credits: 125,
        country: 'NL',
        currency,
        method: 'ideal',
        listPriceMinor: totalMinor,
        totalMinor,
        refundedMinor,
        provider: 'sandbox',
        idempotencyKey: key,
        status: 'paid',
        paidAt,
      })
    await payment(a.userId, 'p1', day('2026-03-02'), 'EUR', 1999)
    await payment(a.userId, 'p2', day('2026-03-02', 18), 'EUR', 999, 999)
    await payment(b.userId, 'p3', day('2026-03-03'), 'GBP', 899)
    await db().insert(payments).values({
      userId: b.userId,
      bundleId: 'm',
      credits: 125,
      country: 'NL',
      currency: 'EUR',
      method: 'ideal',
      listPriceMinor: 999,
      totalMinor: 999,
      provider: 'sandbox',
      idempotencyKey: 'open',
      status: 'open',
    })
    await db().execute(
      sql`insert into conversations (profile_low_id, profile_high_id, started_by) values (${Math.min(a.profileId, b.profileId)}, ${Math.max(a.profileId, b.profileId)}, ${a.profileId})`,
    )
    const [conv] = ((await db().execute(sql`select id from conversations limit 1`)) as unknown as { rows: { id: number }[] }).rows
    for (const [i, at] of [day('2026-03-01'), day('2026-03-03'), day('2026-03-03', 5)].entries())
      await db().execute(
        sql`insert into messages (conversation_id, sender_id, client_id, body, created_at) values (${conv.id}, ${a.profileId}, ${`00000000-0000-4000-8000-00000000000${i}`}, 'hi', ${at.toISOString()})`,
      )
    await db()
      .insert(reports)
      .values({ reporterId: a.profileId, targetId: b.profileId, reason: 'spam', createdAt: day('2026-03-03') })
    await db()
      .insert(complaints)
      .values([
        { reference: 'C1', category: 'other', description: 'x', email: 'x@example.com', locale: 'en' },
        { reference: 'C2', category: 'other', description: 'y', email: 'y@example.com', locale: 'en', status: 'closed' },
      ] as never)

    const stats = await dashboardStats({ from: '2026-03-01', to: '2026-03-03' })
    expect(stats.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03'])
    expect(stats.signups).toEqual([2, 0, 0])
    expect(stats.activations).toEqual([0, 1, 0])
    expect(stats.purchases).toEqual([0, 2, 1])
    expect(stats.revenue).toEqual([
      { currency: 'EUR', values: [0, 1999, 0] },
      { currency: 'GBP', values: [0, 0, 899] },
    ])
    expect(stats.messages).toEqual([1, 0, 2])
    expect(stats.reports).toEqual([0, 0, 1])
    expect(stats.openComplaints).toBe(1)
    expect(stats.openReports).toBe(1)
    expect(stats.pendingPhotos).toBe(0)
    // Figures only: nothing about a member leaves the query.
    expect(JSON.stringify(stats)).not.toMatch(/@|example\.com/)
  })

  it('defaults to the last 30 days and refuses reversed, invalid or over-long ranges', () => {
    const now = new Date('2026-05-31T10:00:00Z')
    expect(parseRange(new URLSearchParams(), now)).toEqual({ range: { from: '2026-05-02', to: '2026-05-31' }, error: null })
    expect(parseRange(new URLSearchParams('from=2026-01-01&to=2026-01-31'), now)).toEqual({ range: { from: '2026-01-01', to: '2026-01-31' }, error: null })
    expect(parseRange(new URLSearchParams('from=2026-02-01&to=2026-01-01'), now).error).toBe('admin.dashboard.error.order')
    expect(parseRange(new URLSearchParams('from=2026-02-30&to=2026-03-01'), now).error).toBe('admin.dashboard.error.date')
    expect(parseRange(new URLSearchParams('from=2024-01-01&to=2025-01-01'), now).error).toBe('admin.dashboard.error.tooLong')
    expect(parseRange(new URLSearchParams('from=2024-01-01&to=2024-12-31'), now).error).toBeNull()
  })
})

describe('failed jobs', () => {
  it('retries a failed job once, audited; a second retry changes nothing; a job whose key is taken stays failed', async () => {
    const [failed] = await db()
      .insert(jobs)
      .values({ name: 'email.send', payload: {}, key: 'mail:1', status: 'failed', attempts: 8, lastError: 'SMTP 421' })
      .returning({ id: jobs.id })
    expect(await retryJob(admin, failed.id, '')).toEqual({ ok: false, errors: { reason: 'admin.run.reasonRequired' } })
    expect(await retryJob(admin, failed.id, 'SMTP is back')).toEqual({ ok: true, outcome: 'queued' })
    const [row] = await db().select().from(jobs).where(eq(jobs.id, failed.id))
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null })
    expect(await retryJob(admin, failed.id, 'SMTP is back')).toEqual({ ok: true, outcome: 'not_failed' })
    const lines = await auditLines('job.retry')
    expect(lines.map((l) => [l.targetId, l.reason, l.details])).toEqual([[String(failed.id), 'SMTP is back', { name: 'email.send' }]])

    const [old] = await db()
      .insert(jobs)
      .values({ name: 'push.send', payload: {}, key: 'push:1', status: 'failed', lastError: 'gone' })
      .returning({ id: jobs.id })
    await db().insert(jobs).values({ name: 'push.send', payload: {}, key: 'push:1' })
    expect(await retryJob(admin, old.id, 'Try again')).toEqual({ ok: true, outcome: 'key_taken' })
    expect((await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, old.id)))[0].status).toBe('failed')
  })
})
