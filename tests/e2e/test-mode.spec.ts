import type { Page } from '@playwright/test'
import { activeMember, expect, expectNoSeriousA11yViolations, ownProfileId, test } from './fixtures'

// Issue 23: the e2e server takes payments through the sandbox, so every page says that no real money moves: a slim,
// labelled bar above the page, on the public site, the member pages, the chat, the empty layout and the console.

const TEXT = 'Test mode: no real money moves. Payments here are simulated.'

async function expectBanner(page: Page, path: string) {
  await page.goto(path)
  const banner = page.getByRole('complementary', { name: 'Test mode' })
  await expect(banner, path).toHaveText(TEXT)
  // Above the page, not over it: the page's content begins below the bar.
  const box = (await banner.boundingBox())!
  expect(box.y, path).toBe(0)
  const main = (await page.locator('main').first().boundingBox())!
  expect(main.y, path).toBeGreaterThanOrEqual(box.height - 1)
}

test('a visitor sees the test-mode banner on the public pages, also when they come from the page cache', async ({ page }) => {
  for (const path of ['/', '/login', '/login', '/pricing', '/lang-config']) await expectBanner(page, path)
  await page.goto('/')
  await expectNoSeriousA11yViolations(page)
})

test('a member sees it on their pages and in the chat, whose input stays in view', async ({ annaPage: page, benPage }) => {
  for (const path of ['/members', '/credits', '/transactions']) await expectBanner(page, path)
  const benId = await ownProfileId(benPage)
  await page.setViewportSize({ width: 375, height: 640 })
  await expectBanner(page, `/members/${benId}/chat`)
  const input = page.getByLabel('Write a message')
  await expect(input).toBeInViewport({ ratio: 1 })
  await expectNoSeriousA11yViolations(page)
})

test('an operator sees it in the console', async ({ operatorPage }) => {
  const page = await operatorPage('admin')
  for (const path of ['/admin', '/admin/members']) await expectBanner(page, path)
  await expectNoSeriousA11yViolations(page)
})

test('a sandbox payment says it was simulated on the receipt, in the list and in the console', async ({ newContext, operatorPage }) => {
  const m = await activeMember(newContext, { prefix: 'testreceipt', country: 'NL' })
  const page = m.page
  await page.goto('/credits')
  await page.getByTestId('bundle-m').locator('input[type=radio]').check()
  await page.getByTestId('method-ideal').locator('input[type=radio]').check()
  await page.getByTestId('credits-continue').click()
  await page.getByTestId('pay').click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/)
  await page.getByTestId('sandbox-paid').click()
  await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('receipt').getByTestId('test-payment-note')).toHaveText('Test payment: this payment was simulated. No real money was charged.')
  await page.goto('/transactions')
  await expect(page.getByTestId('transactions-table').getByTestId('test-payment-badge')).toHaveText('Test')

  const support = await operatorPage('support')
  await support.goto('/admin/members')
  await support.getByLabel('Id, e-mail address or name').fill(m.user.email.toUpperCase())
  await support.getByRole('button', { name: 'Search' }).click()
  await support.getByTestId('member-results').getByRole('link').click()
  await expect(support.getByTestId('member-payments').getByTestId('test-payment-badge')).toHaveText('Test')
})
