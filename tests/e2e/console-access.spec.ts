import { currentTotp } from '../setup/totp'
import { operatorLogin, operatorsDemo } from './console'
import { expect, expectNoSeriousA11yViolations, test } from './fixtures'

// Issue 13, section 1: operators log in with a password and a mandatory second factor; visitors and members are
// refused everywhere under /admin; each role sees its own sections; the audit log records the logins.

test('visitors and members are refused everywhere under /admin and its API', async ({ page, annaPage }) => {
  for (const p of [page, annaPage]) {
    for (const path of ['/admin', '/admin/audit', '/admin/unknown']) {
      await p.goto(path)
      await expect(p).toHaveURL(/\/admin\/login$/)
    }
    const api = await p.request.get('/admin/api/anything', { maxRedirects: 0 })
    expect(api.status()).toBe(401)
    // The second step cannot be reached without the first.
    await p.goto('/admin/login/code')
    await expect(p).toHaveURL(/\/admin\/login$/)
  }
  await expectNoSeriousA11yViolations(page)
})

test('a wrong password, then a wrong code, are refused with clear messages', async ({ page }) => {
  await page.goto('/admin/login')
  await page.getByLabel('E-mail address').fill(operatorsDemo.support.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert')).toHaveText('Login failed, please try again')
  await expect(page.getByLabel('E-mail address')).toHaveValue(operatorsDemo.support.email)
  await page.getByLabel('Password').fill(operatorsDemo.support.password)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/admin\/login\/code$/)
  // Without the code the console stays closed.
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login$/)
  await page.goto('/admin/login/code')
  await page.getByLabel('Code').fill('12345')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('Enter a 6-digit code or a recovery code.')).toBeVisible()
  await page.getByLabel('Code').fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('This code is not valid. Enter the current code from your app.')
  await expectNoSeriousA11yViolations(page)
})

test('an admin reaches the console and the audit log, which records the login', async ({ operatorPage }) => {
  const page = await operatorPage('admin')
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(page.getByTestId('operator-name')).toHaveText('Demo Admin · Admin')
  const nav = page.getByRole('navigation', { name: 'Console sections' })
  await nav.getByRole('link', { name: 'Audit log' }).click()
  await expect(page).toHaveURL(/\/admin\/audit$/)
  const log = page.getByTestId('audit-log')
  await expect(log.getByRole('row').filter({ hasText: 'operator.login' }).filter({ hasText: 'Demo Admin' }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('a moderator has no audit log: not in the menu, and 403 at its address', async ({ operatorPage }) => {
  const page = await operatorPage('moderator')
  await page.goto('/admin')
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' })).toHaveCount(0)
  const res = await page.goto('/admin/audit')
  expect(res?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('audit-log')).toHaveCount(0)
})

test('logging out of the console ends its session', async ({ newContext }) => {
  // A session of its own: the shared one of the fixtures must live on for later tests.
  const page = await (await newContext()).newPage()
  await operatorLogin(page, operatorsDemo.support)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('an admin adds an operator, who must set up two-step verification (QR code, recovery codes) at the first login', async ({ operatorPage, newContext }) => {
  const admin = await operatorPage('admin')
  await admin.goto('/admin/operators')
  await expectNoSeriousA11yViolations(admin)
  const email = `${Date.now().toString(36)}@ops.test`
  const form = admin.getByRole('region', { name: 'Add operator' })
  await form.getByLabel('Username').fill('New Moderator')
  await form.getByLabel('E-mail address').fill(email)
  await form.getByLabel('Initial password').fill('short')
  await form.getByRole('button', { name: 'Add operator' }).click()
  await expect(form.getByText('The password must be at least 12 characters long.')).toBeVisible()
  await form.getByLabel('Initial password').fill('a-long-initial-password')
  await form.getByRole('button', { name: 'Add operator' }).click()
  await expect(admin.getByTestId('operators').getByRole('row').filter({ hasText: email })).toContainText('Setup pending')

  const page = await (await newContext()).newPage()
  await page.goto('/admin/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill('a-long-initial-password')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/admin\/enrol$/)
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
  await page.getByLabel('Code', { exact: true }).fill(await currentTotp(secret))
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('heading', { name: 'Two-step verification is on' })).toBeVisible()
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  await page.getByRole('link', { name: 'Continue to the console' }).click()
  await expect(page.getByTestId('operator-name')).toContainText('New Moderator')

  // The admin disables the account: the session ends at once.
  const row = admin.getByTestId('operators').getByRole('row').filter({ hasText: email })
  await row.getByLabel('Reason').fill('test over')
  await row.getByRole('button', { name: 'Disable' }).click()
  await expect(admin.getByTestId('operators').getByRole('row').filter({ hasText: email })).toContainText('Disabled')
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('an admin sorts the operators by a column, both ways, through the address', async ({ operatorPage }) => {
  const admin = await operatorPage('admin')
  await admin.goto('/admin/operators')
  const table = admin.getByTestId('operators')
  const header = table.getByRole('columnheader', { name: /E-mail address/ })
  const emails = () => table.locator('tbody tr td:nth-child(2)').allTextContents()
  const order = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare
  await expect(header).not.toHaveAttribute('aria-sort')
  await expect(header.getByRole('link')).toHaveAccessibleName('E-mail address (sort ascending)')
  await header.getByRole('link').click()
  await expect(admin).toHaveURL(/\?sort=email&dir=asc$/)
  await expect(header).toHaveAttribute('aria-sort', 'ascending')
  const asc = await emails()
  expect(asc).toEqual([...asc].sort(order))
  await expect(header.getByRole('link')).toHaveAccessibleName('E-mail address (sort descending)')
  await header.getByRole('link').click()
  await expect(admin).toHaveURL(/\?sort=email&dir=desc$/)
  await expect(header).toHaveAttribute('aria-sort', 'descending')
  const desc = await emails()
  expect(desc).toEqual([...desc].sort(order).reverse())
  await expectNoSeriousA11yViolations(admin)
})
