import { activeMember, expect, expectNoSeriousA11yViolations, test } from './fixtures'

// Issue 24, point 1, as the member and support see it: a chargeback that leaves no standing purchase ends Premium,
// closes direct debit to the member, and shows as a flag on the member's page in the console. (The failed
// collection and the blocked IBAN and phone are tested on the feature: app/features/billing/direct-debit-risk.test.ts.)

test('a chargeback ends Premium, closes direct debit, and support sees the flag', async ({ newContext, operatorPage }) => {
  const buyer = await activeMember(newContext, { prefix: 'chargeback', country: 'NL' })
  const p = buyer.page
  await p.goto('/credits')
  await p.getByTestId('bundle-s').locator('input[type=radio]').check()
  await p.getByTestId('method-ideal').locator('input[type=radio]').check()
  await p.getByTestId('credits-continue').click()
  await p.getByTestId('pay').click()
  await expect(p).toHaveURL(/\/sandbox\/checkout\/sbx_/)
  const sandboxUrl = p.url()
  await p.getByTestId('sandbox-paid').click()
  await expect(p.getByTestId('payment-completed')).toContainText('50 credits', { timeout: 15_000 })
  await p.goto('/premium')
  await expect(p.getByRole('link', { name: 'Get Premium' })).toHaveCount(0)

  // The payer's bank takes the money back.
  await p.goto(sandboxUrl)
  await p.getByTestId('sandbox-chargeback').click()
  await expect(p.getByText('Reported to the shop.')).toBeVisible()

  // The provider's webhook comes about a second later: Premium is gone.
  await expect(async () => {
    await p.goto('/premium')
    await expect(p.getByRole('link', { name: 'Get Premium' }).first()).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })

  // Direct debit is closed to the member: the page says so instead of asking for an IBAN.
  await p.goto('/directdebit?bundle=s')
  await expect(p.getByText('Your account is blocked for direct debit payments.').first()).toBeVisible()
  await expect(p.getByLabel('IBAN')).toHaveCount(0)

  // Support sees why.
  const support = await operatorPage('support')
  await support.goto('/admin/members')
  await support.getByLabel('Id, e-mail address or name').fill(buyer.user.email)
  await support.getByRole('button', { name: 'Search' }).click()
  await support.getByTestId('member-results').getByRole('link').click()
  const flags = support.getByTestId('member-flags')
  await expect(flags).toContainText('Flags (1 open)')
  await expect(flags.getByTestId('flags-list').locator('li[data-reason="chargeback"]')).toContainText('Chargeback')
  await expect(flags.getByTestId('direct-debit-state')).toHaveText('Direct debit is closed to this member (a failed collection or a chargeback).')
  await expect(support.getByTestId('member-premium')).toHaveText('No')
  await expectNoSeriousA11yViolations(support)
})
