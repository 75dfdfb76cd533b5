import { expect, expectNoSeriousA11yViolations, signupMember, test } from './fixtures'

// Spec section 8 and the quality bar of issue 3: the account pages pass axe without serious or critical findings.
test.describe('accessibility of the account pages (axe: no serious or critical violations)', () => {
  // Seven pages with axe on each: two tests, so that neither needs more than the suite's time per test on a busy
  // two-core machine (issue 25).
  test('a member: /profile, /notifications', async ({ annaPage: page }) => {
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await page.goto('/notifications')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await page.getByText('Delete account', { exact: true }).click()
    await expect(page.getByLabel('Why are you leaving?')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('a member: the complete-signup steps', async ({ annaPage: page }) => {
    for (const step of ['photo', 'profile', 'about', 'push', 'confirm']) {
      await page.goto(`/complete-signup?step=${step}`)
      await expect(page.getByRole('progressbar', { name: 'Signup progress' })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    }
  })

  test('a visitor: /reset-password (with an error), /activate/done, /activate/error, /account-deleted', async ({ page }) => {
    await page.goto('/reset-password')
    await page.getByLabel('E-mail address').fill('nobody-at-all@example.test')
    await page.getByRole('button', { name: 'Send link' }).click()
    await expect(page.getByText('E-mail address not found', { exact: true })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await page.goto('/reset-password/do?token=not-a-token')
    await expect(page.getByRole('alert')).toHaveText('Link expired or invalid, request a new email')
    await expectNoSeriousA11yViolations(page)

    for (const [path, title] of [
      ['/activate/done', 'Your e-mail address is confirmed'],
      ['/activate/error', 'Activation failed'],
      ['/account-deleted', 'Your account has been deleted'],
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expectNoSeriousA11yViolations(page)
    }
  })

  // A member without a photo: the placeholder avatar next to the name must be decorative, not a nameless image.
  test('a member without a photo: /profile', async ({ page }) => {
    await signupMember(page, { prefix: 'a11y' })
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
})
