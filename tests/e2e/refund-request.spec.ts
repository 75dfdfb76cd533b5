import type { Page } from '@playwright/test'
import { activeMember, expect, expectNoSeriousA11yViolations, test } from './fixtures'

// Issue 28: the receipt's "You can ask for a refund until {date}" leads to a real request, which reaches support's
// queue in the console; the member reads the outcome on the receipt.

/** Buys the smallest package through the sandbox page and returns the receipt's address. */
async function buy(page: Page): Promise<string> {
  await page.goto('/credits')
  await page.getByTestId('bundle-s').locator('input[type=radio]').check()
  await page.getByTestId('method-ideal').locator('input[type=radio]').check()
  await page.getByTestId('credits-continue').click()
  await page.getByTestId('pay').click()
  await page.getByTestId('sandbox-paid').click()
  await expect(page).toHaveURL(/\/transactions\/\d+$/)
  await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 20_000 })
  return new URL(page.url()).pathname
}

test('a member asks for a refund from the receipt; support declines with an answer, then refunds another', async ({ newContext, operatorPage }) => {
  const { page, user } = await activeMember(newContext, { prefix: 'refund', country: 'NL' })
  const receipt = await buy(page)
  await expect(page.getByTestId('refund-deadline')).toBeVisible()
  const form = page.getByTestId('refund-form')
  await form.getByText('Ask for a refund').click()
  await expectNoSeriousA11yViolations(page)
  // Too short: refused in place, what was typed kept (the browser's own check is bypassed, as a script would).
  await form.locator('textarea').evaluate((t: HTMLTextAreaElement) => t.removeAttribute('minlength'))
  await page.getByLabel('Why would you like a refund?').fill('No.')
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(form.getByRole('alert')).toHaveText('Please describe the reason in at least 10 characters.')
  await expect(page.getByLabel('Why would you like a refund?')).toHaveValue('No.')
  await page.getByLabel('Why would you like a refund?').fill('I bought this package by mistake, sorry.')
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(page.getByTestId('refund-request')).toContainText('You asked for a refund on')
  await expect(page.getByTestId('refund-form')).toHaveCount(0)

  const second = await buy(page)
  await page.getByTestId('refund-form').getByText('Ask for a refund').click()
  await page.getByLabel('Why would you like a refund?').fill('The second one was a double click.')
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(page.getByTestId('refund-request')).toContainText('You asked for a refund on')

  // Support finds both in the queue, oldest first, and answers.
  const ops = await operatorPage('support')
  await ops.goto('/admin')
  await ops.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Refund requests' }).click()
  await expect(ops).toHaveURL(/\/admin\/refunds$/)
  const rows = ops.getByTestId('refund-requests').locator('tbody tr').filter({ hasText: user.name })
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText('I bought this package by mistake, sorry.')
  await expectNoSeriousA11yViolations(ops)
  await rows.first().getByRole('button', { name: 'Decline' }).click()
  await expect(rows.first().getByRole('alert')).toHaveText('Write an answer of at least 5 characters to decline.')
  await rows.first().getByRole('textbox').fill('The credits of this purchase have already been used for messages.')
  await rows.first().getByRole('button', { name: 'Decline' }).click()
  await expect(ops.getByTestId('refund-answered')).toHaveText('Declined. The member reads your answer on the receipt.')
  await expect(rows).toHaveCount(1)
  await rows
    .first()
    .getByRole('button', { name: /^Refund payment #/ })
    .click()
  await expect(ops.getByTestId('refund-answered')).toHaveText('Refunded. The credits of this purchase were taken back.')
  await expect(rows).toHaveCount(0)

  // The member reads each outcome on its receipt.
  await page.goto(receipt)
  await expect(page.getByTestId('refund-request')).toContainText('Your refund request was declined on')
  await expect(page.getByTestId('refund-answer')).toHaveText('The credits of this purchase have already been used for messages.')
  await page.goto(second)
  await expect(page.getByTestId('refund-request')).toContainText('Your refund request was granted on')
  await expect(page.getByTestId('receipt')).toContainText('Refunded')
})

test('members cannot open the refund queue, and a member cannot ask about another member’s payment', async ({ newContext }) => {
  const a = await activeMember(newContext, { prefix: 'refunda', country: 'NL' })
  const receipt = await buy(a.page)
  const b = await activeMember(newContext, { prefix: 'refundb', country: 'NL' })
  await b.page.goto('/admin/refunds')
  await expect(b.page).toHaveURL(/\/admin\/login$/)
  const answer = await b.page.request.post(receipt, {
    form: { intent: 'refund-request', reason: 'Refund somebody else’s purchase to me.' },
    headers: { Origin: new URL(b.page.url()).origin },
  })
  expect(answer.status()).toBe(404)
  await a.page.goto(receipt)
  await expect(a.page.getByTestId('refund-request')).toHaveCount(0)
  await expect(a.page.getByTestId('refund-form')).toBeVisible()
})
