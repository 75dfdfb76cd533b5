import type { BrowserContext, BrowserContextOptions } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, test } from './fixtures'

// Direct debit (/directdebit, spec sections 3 and 5) for Anna, a demo member in the Netherlands (a euro country,
// where SEPA direct debit is offered). The site keeps text messages in its SMS outbox (no SMS provider in the
// e2e server), which /dev/outbox shows to this machine. The refusals (blocked IBAN or phone, the limit, too many
// tries) are tested on the feature and the route in app/features/billing/direct-debit.test.ts and
// app/routes/directdebit.test.ts.

/**
 * The code of the newest text message to `e164` on /dev/outbox, read in a browser context of its own: the outbox
 * answers only this machine's own tools, a request no proxy forwarded, so that context sends no X-Forwarded-For.
 */
async function smsCode(newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>, e164: string): Promise<string> {
  const context = await newContext({ extraHTTPHeaders: {} })
  const outbox = await context.newPage()
  try {
    await outbox.goto('/dev/outbox')
    const message = outbox
      .getByTestId('outbox-sms')
      .filter({ has: outbox.getByTestId('outbox-sms-to').getByText(e164, { exact: true }) })
      .first()
    const body = (await message.getByTestId('outbox-sms-body').textContent()) ?? ''
    const code = /\b(\d{6})\b/.exec(body)?.[1]
    if (!code) throw new Error(`no code in the text message: ${body}`)
    return code
  } finally {
    await context.close()
  }
}

test('Anna pays a bundle by direct debit: form, SMS code (a wrong one first), transaction', async ({ annaPage: page, newContext }) => {
  // A number of its own for this run, so the outbox cannot hand us the code of another run or test.
  const local = `061${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`
  const e164 = `+31${local.slice(1)}`

  await page.goto('/directdebit?bundle=s')
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by direct debit' })).toBeVisible()
  await expect(page.getByTestId('directdebit-summary')).toHaveText(/50 credits for €9\.99/)
  const authorize = page.getByRole('checkbox', { name: /I authorise Amoura Media B\.V\. to send instructions to my bank/ })
  await expect(authorize).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Nothing filled in: every field says what is missing, tied to its input.
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByLabel('Account holder')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter a valid IBAN of a SEPA country.')).toBeVisible()
  await expect(page.getByText('Please authorise the direct debit by ticking the box.')).toBeVisible()
  await expect(authorize).toHaveAttribute('aria-describedby', 'dd-authorize-error')

  await page.getByLabel('Account holder').fill('Anna de Vries')
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00')
  await page.getByLabel('Street').fill('Keizersgracht')
  await page.getByLabel('House number').fill('12a')
  await page.getByLabel('Postcode').fill('1015 CJ')
  await page.getByLabel('City').fill('Amsterdam')
  await page.getByLabel('Mobile phone number').fill(local)
  await authorize.check()
  await page.getByRole('button', { name: 'Send code' }).click()

  await expect(page).toHaveURL(/\/directdebit\?bundle=s&mandate=\d+$/)
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible()
  await expect(page.getByText(`your number ending in ${e164.slice(-3)}`)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const code = await smsCode(newContext, e164)
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
  await page.getByLabel('SMS code').fill(wrong)
  await page.getByRole('button', { name: 'Confirm and pay' }).click()
  await expect(page.getByText('Code invalid', { exact: true })).toBeVisible()
  await expect(page.getByLabel('SMS code')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('status').filter({ hasText: '4 tries left.' })).toBeVisible()

  await page.getByLabel('SMS code').fill(code)
  await page.getByRole('button', { name: 'Confirm and pay' }).click()
  // The transaction page itself is built elsewhere: here only where the flow ends.
  await expect(page).toHaveURL(/\/transactions\/\d+/)
})

test('without JavaScript the server checks the form and keeps what was typed', async ({ newContext, annaState }) => {
  const page = await (await newContext({ storageState: annaState, javaScriptEnabled: false })).newPage()
  await page.goto('/directdebit?bundle=m')
  await page.getByLabel('Account holder').fill('Anna de Vries')
  await page.getByLabel('IBAN').fill('NL00 ABNA 0000 0000 00')
  await page.getByLabel('Street').fill('Keizersgracht')
  await page.getByLabel('House number').fill('12a')
  await page.getByLabel('Postcode').fill('1015 CJ')
  await page.getByLabel('City').fill('Amsterdam')
  await page.getByLabel('Mobile phone number').fill('020 123 4567')
  await page.getByRole('checkbox', { name: /I authorise/ }).check()
  await page.getByRole('button', { name: 'Send code' }).click()

  await expect(page.getByText('Enter a valid IBAN of a SEPA country.')).toBeVisible()
  // A landline cannot receive the code.
  await expect(page.getByText('Enter a valid mobile phone number.')).toBeVisible()
  await expect(page.getByLabel('IBAN')).toHaveValue('NL00 ABNA 0000 0000 00')
  await expect(page.getByLabel('City')).toHaveValue('Amsterdam')
  await expect(page.getByLabel('Mobile phone number')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('checkbox', { name: /I authorise/ })).toBeChecked()
})
