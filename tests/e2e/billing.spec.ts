import fs from 'node:fs'
import { activeMember, chooseLanguage, expect, expectNoSeriousA11yViolations, jpeg, test } from './fixtures'
import type { Page } from '@playwright/test'

const de = JSON.parse(fs.readFileSync('app/i18n/locales/de.json', 'utf8')) as Record<string, string>

/** Chooses a bundle and a method on /credits and continues to the order page. */
async function orderPage(page: Page, bundle: string, method: string) {
  await page.goto('/credits')
  await page.getByTestId(`bundle-${bundle}`).locator('input[type=radio]').check()
  await page.getByTestId(`method-${method}`).locator('input[type=radio]').check()
  await page.getByTestId('credits-continue').click()
  await expect(page).toHaveURL(new RegExp(`/credits/${bundle}/${method}`))
}

test('buy a bundle through the sandbox page: credits, Premium, unlocked photos and a receipt', async ({ newContext }) => {
  // Someone with a second photo, which free members see locked.
  const owner = await activeMember(newContext, { prefix: 'own', country: 'NL' })
  await owner.page.goto('/profile')
  await owner.page.getByLabel('Choose photos').setInputFiles([
    { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await jpeg(200, 40, 40) },
    { name: 'b.jpg', mimeType: 'image/jpeg', buffer: await jpeg(40, 40, 200) },
  ])
  await expect(owner.page.getByTestId('own-photo')).toHaveCount(2)

  const buyer = await activeMember(newContext, { prefix: 'buy', country: 'NL' })
  const p = buyer.page
  await p.goto(`/members/${owner.profileId}`)
  await expect(p.getByTestId('locked-photo')).toHaveCount(1)
  await expect(p.getByTestId('nav-premium')).toBeVisible()

  // What a message costs and about how many a package buys; nothing chosen in advance; the total with the method's
  // fee before Continue, the same as the order page's (issue 28).
  await p.goto('/credits')
  await expect(p.getByTestId('message-price')).toHaveText('A message costs 10 credits.')
  await expect(p.getByTestId('bundle-m').getByTestId('bundle-messages')).toHaveText('≈ 12 messages')
  await expect(p.locator('input[name=bundle]:checked')).toHaveCount(0)
  await p.getByTestId('bundle-m').locator('input[type=radio]').check()
  await expect(p.getByTestId('credits-total')).toHaveCount(0)
  // The card brands are the one card payment, named beside it, not four choices (issue 28).
  await expect(p.getByTestId('method-creditcard').getByTestId('card-brands')).toHaveText(/Mastercard\s*Visa\s*Maestro/)
  await expect(p.getByTestId('method-visa')).toHaveCount(0)
  await p.getByTestId('method-paypal').locator('input[type=radio]').check()
  await expect(p.getByTestId('credits-total')).toContainText('including a')
  const shownTotal = (await p.getByTestId('credits-total').textContent())!

  await orderPage(p, 'm', 'paypal')
  const summary = p.getByTestId('price-summary')
  await expect(summary).toContainText('125 credits')
  // The time bonus of a new member is applied, visibly, and the PayPal fee is shown before paying.
  await expect(summary).toContainText('TIMEBONUS25')
  await expect(p.getByTestId('fee')).not.toHaveText('€0.00')
  const total = (await p.getByTestId('total').textContent())!
  expect(shownTotal).toContain(total.trim())
  await p.getByTestId('pay').click()

  await expect(p).toHaveURL(/\/sandbox\/checkout\/sbx_/)
  await expect(p.getByTestId('sandbox-banner')).toBeVisible()
  await expect(p.locator('body')).toContainText(total)
  await p.getByTestId('sandbox-pending_then_paid').click()

  // Back on our site before the provider confirmed: pending, then completed by itself.
  await expect(p).toHaveURL(/\/transactions\/\d+$/)
  await expect(p.getByTestId('payment-completed')).toContainText('125 credits have been added to your account.', { timeout: 20_000 })
  await expect(p.getByTestId('payment-toast')).toBeVisible()
  await expect(p.getByTestId('receipt')).toContainText(total)
  await expect(p.getByTestId('refund-deadline')).toBeVisible()

  await expect(p.getByTestId('nav-credits')).toBeVisible()
  await expect(p.getByTestId('nav-premium')).toHaveCount(0)
  await expect(p.getByTestId('premium-badge')).toBeVisible()
  await p.goto('/credits')
  await expect(p.getByTestId('credits-balance')).toHaveText('You have 125 credits')
  await p.goto(`/members/${owner.profileId}`)
  await expect(p.getByTestId('locked-photo')).toHaveCount(0)
  await expect(p.getByTestId('photo')).toHaveCount(1)

  await p.goto('/transactions')
  await expect(p.getByTestId('transactions-table')).toContainText('Paid')

  // Premium shows to others too (issue 28): the owner sees the mark on the buyer's page, and not on a free member's.
  await owner.page.goto(`/members/${buyer.profileId}`)
  await expect(owner.page.locator('#profile-name').getByTestId('premium-badge')).toBeVisible()
  await p.goto(`/members/${owner.profileId}`)
  await expect(p.locator('#profile-name').getByTestId('premium-badge')).toHaveCount(0)
})

test('a failed payment says so, charges nothing, and the retry with another method succeeds', async ({ newContext }) => {
  const { page: p } = await activeMember(newContext, { prefix: 'fail', country: 'NL' })
  await orderPage(p, 's', 'ideal')
  await p.getByTestId('pay').click()
  await p.getByTestId('sandbox-failed').click()
  await expect(p).toHaveURL(/\/transactions\/\d+$/)
  const failed = p.getByTestId('payment-failed')
  await expect(failed).toContainText('Payment failed or has been cancelled.', { timeout: 15_000 })
  await expect(p.getByTestId('retry-ideal')).toHaveCount(0)
  // The card brands are the one card payment (issue 28).
  await expect(p.getByTestId('retry-visa')).toHaveCount(0)
  await p.getByTestId('retry-creditcard').click()
  await expect(p).toHaveURL(/\/credits\/s\/creditcard/)
  await p.getByTestId('pay').click()
  await p.getByTestId('sandbox-paid').click()
  await expect(p.getByTestId('payment-completed')).toContainText('50 credits', { timeout: 15_000 })

  // Premium now: the last order again in one click, on the card used before. The card is declined.
  await p.goto('/credits')
  await p.getByRole('link', { name: 'Repeat last order' }).click()
  await expect(p).toHaveURL(/\/credits\/repeat-order$/)
  await expect(p.getByTestId('price-summary')).toContainText('50 credits')
  await p.getByTestId('repeat-pay').click()
  await expect(p.getByText('(stored card)')).toBeVisible()
  await p.getByTestId('sandbox-failed').click()
  const declined = p.getByTestId('payment-failed')
  await expect(declined).toContainText('Credit card payment failed', { timeout: 15_000 })
  await expect(p.getByTestId('retry-creditcard')).toHaveText('Enter card details')
  await p.getByTestId('retry-paypal').click()
  await p.getByTestId('pay').click()
  await p.getByTestId('sandbox-paid').click()
  await expect(p.getByTestId('payment-completed')).toContainText('50 credits', { timeout: 15_000 })
  await p.goto('/credits')
  await expect(p.getByTestId('credits-balance')).toHaveText('You have 100 credits')
  await expectNoSeriousA11yViolations(p)
  await p.goto('/transactions')
  await expect(p.getByTestId('transactions-table').locator('tbody tr')).toHaveCount(4)
  await expectNoSeriousA11yViolations(p)
})

test('a wrong discount code is refused with the spec text and the typed code stays', async ({ newContext }) => {
  const { page: p } = await activeMember(newContext, { prefix: 'code', country: 'NL' })
  await p.goto('/credits/s/ideal?code=NOPE-123')
  await expect(p.getByTestId('checkout-error')).toHaveText('Code not found')
  await expect(p.getByLabel('Discount code')).toHaveValue('NOPE-123')
  const res = await p.request.get('/api/discountcode.php?code=NOPE-123')
  expect(res.status()).toBe(404)
  expect(await res.json()).toMatchObject({ error: 'not_found' })
  await expectNoSeriousA11yViolations(p)
  const welcome = await p.request.get('/api/discountcode.php?welcome=true')
  expect(await welcome.json()).toMatchObject({ discountcode: { code: 'WELCOME25', percentage: 25 } })

  // Premium and the public pricing page: the claim, the bundles, what actions cost, per country.
  await p.goto('/premium')
  // Too few members here to measure a difference: no figure is claimed (issue 28), the neutral line instead.
  await expect(p.getByTestId('premium-claim')).toHaveText('Premium opens every photo and more ways to get in touch.')
  await expect(p.getByTestId('premium-claim-how')).toHaveCount(0)
  // The chat benefit names its features and says what still costs credits (issue 28).
  await expect(p.locator('main')).toContainText(
    'Read receipts in every chat, even at 0 credits, and photos in chat (messages, photos and gifts still cost credits)',
  )
  await expect(p.getByTestId('bundle-list').locator('li')).toHaveCount(4)
  await expectNoSeriousA11yViolations(p)
  await p.goto('/pricing?country=SE')
  await expect(p.getByTestId('pricing-bundles')).toContainText('SEK 114.99')
  await expect(p.getByTestId('method-swish')).toBeVisible()
  await expect(p.getByTestId('method-ideal')).toHaveCount(0)
  await expect(p.getByTestId('pricing-costs')).toContainText('A message: 10 credits')
  await expectNoSeriousA11yViolations(p)
})

/** Runs the page's clock a second at a time until the countdown moves: the page has hydrated and its timers run. */
async function untilTicking(p: Page) {
  const countdown = p.getByTestId('time-bonus-countdown')
  const before = await countdown.textContent()
  await expect(async () => {
    await p.clock.runFor(1000)
    await expect(countdown).not.toHaveText(before!, { timeout: 500 })
  }).toPass({ timeout: 15_000 })
}

test('the time bonus: a ticking banner in the members area, and the popup after 40 s at 0 credits', async ({ newContext }) => {
  const { page: p } = await activeMember(newContext, { prefix: 'bonus', country: 'NL' })
  await p.clock.install()
  await p.goto('/members')
  const banner = p.getByTestId('time-bonus-banner')
  await expect(banner).toContainText('25% off all credit packages')
  const countdown = p.getByTestId('time-bonus-countdown')
  await expect(countdown).toHaveText(/^0[34]:\d\d:\d\d$/)
  const before = await countdown.textContent()
  await p.clock.runFor(2000)
  await expect(countdown).not.toHaveText(before!)

  // Not on pages outside the members area.
  await p.goto('/profile')
  await expect(banner).toHaveCount(0)

  await p.goto('/members')
  await expect(p.getByTestId('time-bonus-popup')).toHaveCount(0)
  // The popup's 40 s start when React has hydrated the page; time run before that starts nothing.
  await untilTicking(p)
  await p.clock.runFor(41_000)
  const popup = p.getByRole('dialog')
  await expect(popup).toContainText('25% off, only now')
  await popup.getByRole('button', { name: 'Maybe later' }).click()
  await expect(popup).toHaveCount(0)
  // Dismissed: it does not come back.
  await p.reload()
  await untilTicking(p)
  await p.clock.runFor(41_000)
  await expect(p.getByRole('dialog')).toHaveCount(0)
})

test('in German: the credits page, the sandbox page and the completed payment', async ({ newContext }) => {
  const { page: p } = await activeMember(newContext, { prefix: 'de', country: 'NL' })
  await p.goto('/credits')
  await chooseLanguage(p, 'Deutsch')
  await expect(p.locator('html')).toHaveAttribute('lang', 'de')
  await p.goto('/credits')
  await expect(p.getByRole('heading', { level: 1 })).toHaveText(de['credits.title'])
  await expect(p.getByTestId('bundle-s')).toContainText('9,99')
  await p.getByTestId('bundle-s').locator('input[type=radio]').check()
  await p.getByTestId('method-ideal').locator('input[type=radio]').check()
  await p.getByTestId('credits-continue').click()
  await p.getByTestId('pay').click()
  await expect(p.getByTestId('sandbox-banner')).toHaveText(de['sandbox.banner'])
  await p.getByTestId('sandbox-paid').click()
  await expect(p.getByTestId('payment-completed')).toBeVisible({ timeout: 15_000 })
  await expect(p.getByTestId('payment-completed')).not.toContainText('have been added')
  await expect(p.getByTestId('nav-credits')).toContainText(de['nav.credits'])
})

test('the retention offer on the delete-account screen grants a personal code that the checkout applies', async ({ newContext }) => {
  const { page: p } = await activeMember(newContext, { prefix: 'stay', country: 'NL' })
  await p.goto('/notifications')
  await p.getByText('Delete account').click()
  await p.getByTestId('retention-accept').click()
  const granted = p.getByTestId('retention-granted')
  await expect(granted).toContainText(/STAY-[0-9A-F]{10}/)
  const code = /STAY-[0-9A-F]{10}/.exec((await granted.textContent())!)![0]
  await granted.getByRole('link', { name: 'Buy credits now' }).click()
  await expect(p).toHaveURL(/\/credits\?code=STAY-/)
  await expect(p.getByTestId('discount-notice')).toContainText(code)
  // 50% off (the company's delete_discount): €9.99 struck through, €4.99 to pay.
  await expect(p.getByTestId('bundle-s')).toContainText('€9.99€4.99')
})
