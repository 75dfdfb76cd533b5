import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { activeMember, expect, expectNoSeriousA11yViolations, failedLogin, login, test } from './fixtures'

// Issue 13, section 3: support finds a member, sees their account, and acts on it with a reason; each action is
// in the audit log. Moderators may look, never act.

/** Finds a member by e-mail address in the console (any case) and opens their page; returns its path. */
async function openMember(console: Page, email: string): Promise<string> {
  await console.goto('/admin/members')
  await console.getByLabel('Id, e-mail address or name').fill(email.toUpperCase())
  await console.getByRole('button', { name: 'Search' }).click()
  const results = console.getByTestId('member-results')
  await expect(results.locator('tbody tr')).toHaveCount(1)
  await results.getByRole('link').click()
  await expect(console).toHaveURL(/\/admin\/members\/\d+$/)
  return new URL(console.url()).pathname
}

test('support refunds a sandbox payment and the ledger shows the reversal', async ({ newContext, operatorPage }) => {
  const buyer = await activeMember(newContext, { prefix: 'refund', country: 'NL' })
  const p = buyer.page
  await p.goto('/credits')
  await p.getByTestId('bundle-s').locator('input[type=radio]').check()
  await p.getByTestId('method-ideal').locator('input[type=radio]').check()
  await p.getByTestId('credits-continue').click()
  await p.getByTestId('pay').click()
  await expect(p).toHaveURL(/\/sandbox\/checkout\/sbx_/)
  await p.getByTestId('sandbox-paid').click()
  await expect(p.getByTestId('payment-completed')).toContainText('50 credits', { timeout: 15_000 })

  const support = await operatorPage('support')
  await openMember(support, buyer.user.email)
  await expect(support.getByTestId('member-credits')).toHaveText('50')
  const payment = support.locator('[data-testid^="payment-"]').first()
  await expect(payment).toContainText('Paid')
  const refund = payment.locator('[data-testid^="refund-"]')
  // The confirmation is required.
  await refund.getByLabel('Reason (kept in the audit log)').fill('Member changed their mind within the period')
  await refund.getByRole('button', { name: 'Refund' }).click()
  await expect(refund.getByText('Tick the box to confirm.')).toBeVisible()
  await expect(refund.getByLabel('Reason (kept in the audit log)')).toHaveValue('Member changed their mind within the period')
  await refund.getByLabel(/Yes, refund the full amount/).check()
  await refund.getByRole('button', { name: 'Refund' }).click()
  await expect(support.getByRole('status').filter({ hasText: 'Refunded. The credits of this purchase were taken back.' })).toBeVisible({ timeout: 15_000 })

  const ledger = support.getByTestId('ledger-table')
  await expect(ledger.locator('tr[data-reason="refund"]')).toContainText('-50')
  await expect(ledger.locator('tr[data-reason="purchase"]')).toContainText('+50')
  await expect(support.getByTestId('member-credits')).toHaveText('0')
  await expect(payment.getByTestId('refunded')).toBeVisible()
  await expect(payment.locator('[data-testid^="refund-"]')).toHaveCount(0)
  await expectNoSeriousA11yViolations(support)

  // The member sees it too, and the admin finds the line in the audit log.
  await p.goto('/credits')
  await expect(p.getByTestId('credits-balance')).toHaveText('You have 0 credits')
  const admin = await operatorPage('admin')
  await admin.goto('/admin/audit')
  await expect(admin.getByTestId('audit-log').locator('tr', { hasText: 'payment.refunded' }).first()).toContainText(
    'Member changed their mind within the period',
  )
})

test('support finds members by e-mail and name prefix, with an empty state', async ({ newContext, operatorPage }) => {
  const m = await activeMember(newContext, { prefix: 'findme' })
  const support = await operatorPage('support')
  await support.goto('/admin/members')
  await expectNoSeriousA11yViolations(support)
  await support.getByLabel('Id, e-mail address or name').fill('no-such-member-anywhere@example.test')
  await support.getByRole('button', { name: 'Search' }).click()
  await expect(support.getByTestId('members-empty')).toContainText('No member matches')
  await support.getByLabel('Id, e-mail address or name').fill(m.user.name.slice(0, 10).toUpperCase())
  await support.getByRole('button', { name: 'Search' }).click()
  await expect(support.getByTestId('member-results')).toContainText(m.user.email)
  const path = await openMember(support, m.user.email)
  await expect(support.getByRole('heading', { level: 1 })).toContainText(m.user.name)
  await expect(support.getByTestId('account-status')).toHaveText('Active')
  await expect(support.getByTestId('member-sessions')).toContainText('Sessions (1)')
  await expectNoSeriousA11yViolations(support)
  // By id, too.
  await support.goto(`/admin/members?q=${path.split('/').pop()}`)
  await expect(support.getByTestId('member-results').locator('tbody tr')).toHaveCount(1)
  // A download of the member's data.
  await support.goto(path)
  const download = support.waitForEvent('download')
  await support.getByRole('button', { name: 'Download data' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^member-\d+-export\.json$/)
  // The same streamed file as the member's own, payments included.
  const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as { account: { email: string }; payments: unknown[] }
  expect(data.account.email).toBe(m.user.email)
  expect(Array.isArray(data.payments)).toBe(true)
})

test('support adjusts credits with a reason; a double submit books once', async ({ newContext, operatorPage }) => {
  const m = await activeMember(newContext, { prefix: 'credit' })
  const support = await operatorPage('support')
  await openMember(support, m.user.email)
  const form = support.getByTestId('action-credits')
  await form.getByLabel(/Credits to add/).fill('40')
  await form.getByRole('button', { name: 'Book adjustment' }).click()
  await expect(form.getByText('Give a reason of at least 3 characters.')).toBeVisible()
  await expect(form.getByLabel(/Credits to add/)).toHaveValue('40')
  await form.getByLabel('Reason (kept in the audit log)').fill('Goodwill after a failed photo upload')
  // Sent twice at once, as a double click without the disabled button would.
  await form.locator('form').evaluate((f: HTMLFormElement) => {
    f.requestSubmit()
    f.requestSubmit()
  })
  await expect(support.getByTestId('member-credits')).toHaveText('40')
  await expect(support.getByTestId('ledger-table').locator('tr[data-reason="adjustment"]')).toHaveCount(1)
  // Never below 0.
  await form.getByLabel(/Credits to add/).fill('-41')
  await form.getByLabel('Reason (kept in the audit log)').fill('Correction')
  await form.getByRole('button', { name: 'Book adjustment' }).click()
  await expect(form.getByRole('alert')).toHaveText('Not booked: the balance (40) cannot go below 0.')
  await form.getByLabel(/Credits to add/).fill('-15')
  await form.getByRole('button', { name: 'Book adjustment' }).click()
  await expect(form.getByRole('status')).toHaveText('Booked. The new balance is 25.')
  await expect(support.getByTestId('member-credits')).toHaveText('25')
  await m.page.goto('/credits')
  await expect(m.page.getByTestId('credits-balance')).toHaveText('You have 25 credits')
})

test('support lifts a login lockout and the member can log in again', async ({ newContext, operatorPage }) => {
  const m = await activeMember(newContext, { prefix: 'locked' })
  const visitor = await (await newContext()).newPage()
  let alert = await failedLogin(visitor, { email: m.user.email, password: 'wrong-password-1' })
  for (let i = 0; i < 4; i++) alert = await failedLogin(visitor, { email: m.user.email, password: 'wrong-password-1' })
  await expect(alert).toContainText('Too many incorrect attempts')
  await expect(await failedLogin(visitor, m.user)).toContainText('Too many incorrect attempts')

  const support = await operatorPage('support')
  await openMember(support, m.user.email)
  await expect(support.getByTestId('lockout-state')).toContainText('Locked until')
  const form = support.getByTestId('action-lockout')
  await form.getByLabel('Reason (kept in the audit log)').fill('Member called; identity checked')
  await form.getByRole('button', { name: 'Lift lockout' }).click()
  await expect(form.getByRole('status')).toHaveText('The login lockout is lifted.')
  await expect(support.getByTestId('lockout-state')).toContainText('Not locked')
  await login(visitor, m.user)
})

test('support logs a member out everywhere after a confirmation', async ({ newContext, operatorPage }) => {
  const m = await activeMember(newContext, { prefix: 'logout' })
  const support = await operatorPage('support')
  await openMember(support, m.user.email)
  const form = support.getByTestId('action-logout')
  await form.getByLabel('Reason (kept in the audit log)').fill('Member lost their phone')
  await form.getByRole('button', { name: 'Log out everywhere' }).click()
  await expect(form.getByText('Tick the box to confirm.')).toBeVisible()
  await form.getByLabel(/Yes, end/).check()
  await form.getByRole('button', { name: 'Log out everywhere' }).click()
  await expect(form.getByRole('status')).toHaveText('1 session ended.')
  await expect(support.getByTestId('member-sessions')).toContainText('Not logged in anywhere.')
  await m.page.goto('/credits')
  await expect(m.page).toHaveURL(/\/login/)
})

test('a moderator can view a member but gets 403 on support actions', async ({ newContext, operatorPage, baseURL }) => {
  const m = await activeMember(newContext, { prefix: 'modview' })
  const moderator = await operatorPage('moderator')
  const path = await openMember(moderator, m.user.email)
  await expect(moderator.getByTestId('member-account')).toBeVisible()
  await expect(moderator.getByTestId('member-actions')).toHaveCount(0)
  await expectNoSeriousA11yViolations(moderator)
  const headers = { Origin: baseURL!.replace(/\/$/, '') }
  const forms: Record<string, string>[] = [
    { intent: 'resend-activation' },
    { intent: 'lift-lockout', reason: 'trying' },
    { intent: 'logout-everywhere', reason: 'trying', confirm: 'on' },
    { intent: 'adjust-credits', reason: 'trying', delta: '100', key: 'abcdefghijklmnopqrstuv' },
    { intent: 'refund', reason: 'trying', paymentId: '1', confirm: 'on' },
    { intent: 'erase', reason: 'trying', typed: `ERASE ${path.split('/').pop()}` },
  ]
  for (const form of forms) {
    const res = await moderator.request.post(path, { form, headers, maxRedirects: 0 })
    expect(res.status(), form.intent).toBe(403)
  }
  expect((await moderator.request.post(`${path}/export`, { headers, maxRedirects: 0 })).status()).toBe(403)
  // The same request from support passes the checks (and is refused for its own reason: the account is active).
  const support = await operatorPage('support')
  expect((await support.request.post(path, { form: { intent: 'resend-activation' }, headers, maxRedirects: 0 })).status()).toBe(409)
  // The member was not touched.
  await m.page.goto('/credits')
  await expect(m.page.getByTestId('credits-balance')).toHaveText('You have 0 credits')
})

test('the support forms work without JavaScript, keeping what was typed', async ({ newContext, operatorPage, operatorStates }) => {
  const m = await activeMember(newContext, { prefix: 'nojs' })
  await operatorPage('support')
  const support = await (await newContext({ storageState: operatorStates.support, javaScriptEnabled: false })).newPage()
  await openMember(support, m.user.email)
  const form = support.getByTestId('action-credits')
  await form.getByLabel(/Credits to add/).fill('12')
  await form.getByRole('button', { name: 'Book adjustment' }).click()
  await expect(support.getByTestId('action-credits').getByText('Give a reason of at least 3 characters.')).toBeVisible()
  await expect(support.getByTestId('action-credits').getByLabel(/Credits to add/)).toHaveValue('12')
  await support.getByTestId('action-credits').getByLabel('Reason (kept in the audit log)').fill('Compensation for an outage')
  await support.getByTestId('action-credits').getByRole('button', { name: 'Book adjustment' }).click()
  await expect(support.getByTestId('action-credits').getByRole('status')).toHaveText('Booked. The new balance is 12.')
  await expect(support.getByTestId('member-credits')).toHaveText('12')
})
