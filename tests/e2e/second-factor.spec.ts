import type { Page } from '@playwright/test'
import { currentTotp } from '../setup/totp'
import { expect, expectNoSeriousA11yViolations, signupNewMember, test, type Credentials } from './fixtures'

// A member turns on the optional second factor in the settings and logs in with a code (issue 24, point 17).

async function passwordStep(page: Page, user: Credentials): Promise<void> {
  // Logged out: only the session cookie goes (the entry warning's stays acknowledged).
  await page.context().clearCookies({ name: 'sid' })
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
}

async function codeStep(page: Page, code: string): Promise<void> {
  await page.getByLabel('Code', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Verify and log in' }).click()
}

test('a member turns on two-step verification, then logs in with a recovery code and with an app code', async ({ page }) => {
  test.setTimeout(120_000)
  const user = await signupNewMember(page, 'totp')
  await page.goto('/notifications')
  const section = page.getByTestId('second-factor')
  await section.getByRole('button', { name: 'Turn on' }).click()
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = ((await section.getByTestId('member-totp-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await expectNoSeriousA11yViolations(page)
  // A wrong first code turns nothing on.
  await section.getByLabel('Code from the app').fill('000000')
  await section.getByRole('button', { name: 'Confirm and turn on' }).click()
  await expect(section.getByText('This code is not valid. Enter the current code from your app.')).toBeVisible()
  await section.getByLabel('Code from the app').fill(await currentTotp(secret))
  const enrolledAt = Date.now()
  await section.getByRole('button', { name: 'Confirm and turn on' }).click()
  const codes = section.getByTestId('member-recovery-codes').getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const recovery = (await codes.first().textContent())!.trim()
  await expect(section.getByTestId('second-factor-on')).toHaveText('On. 10 recovery codes left.')

  // The password alone no longer logs in: a code is asked for, and a wrong one is refused.
  await passwordStep(page, user)
  await codeStep(page, '123456')
  await expect(page.getByRole('alert')).toHaveText('This code is not valid. Enter the current code from your app.')
  await expectNoSeriousA11yViolations(page)
  await codeStep(page, recovery)
  await expect(page).toHaveURL(/\/members(\?|$)/)

  // The recovery code works once.
  await passwordStep(page, user)
  await codeStep(page, recovery)
  await expect(page.getByRole('alert')).toHaveText('This code is not valid. Enter the current code from your app.')

  // A code of the app, from a step after the one the enrolment used (each step is accepted once).
  const nextStep = (Math.floor(enrolledAt / 30_000) + 1) * 30_000
  if (Date.now() < nextStep) await page.waitForTimeout(nextStep - Date.now() + 200)
  await passwordStep(page, user)
  await codeStep(page, await currentTotp(secret))
  await expect(page).toHaveURL(/\/members(\?|$)/)
  await page.goto('/notifications')
  await expect(page.getByTestId('second-factor-on')).toHaveText('On. 9 recovery codes left.')
})
