import { expect, expectNoSeriousA11yViolations, test } from './fixtures'

// Issue 23: the readiness report on the console's dashboard, for admins only. The test server is a demo (demo
// logins, the sandbox by default, http://localhost) that delivers mail over SMTP, on the embedded database or, where
// npm test was given one, on PostgreSQL (decision record 032).
const onPostgres = Boolean(process.env.E2E_DATABASE_URL)

test('the dashboard shows admins what the configuration lacks for production', async ({ operatorPage }) => {
  const admin = await operatorPage('admin')
  await admin.goto('/admin')
  const report = admin.getByRole('region', { name: 'Production readiness' })
  await expect(report).toBeVisible()
  await expect(report.getByRole('row')).toHaveCount(15)
  await expect(report.getByText(/npm run doctor/)).toBeVisible()
  await expect(admin.getByTestId('readiness-summary')).toContainText(/\d+ items are missing/)

  const row = (id: string) => admin.getByTestId(`readiness-${id}`)
  await expect(row('nodeEnv')).toContainText('Production mode')
  await expect(row('nodeEnv')).toContainText('OK')
  await expect(row('payments')).toContainText('Payment provider')
  await expect(row('payments')).toContainText('Missing')
  await expect(row('payments').locator('code')).toHaveText(['PAYMENT_PROVIDER', 'MOLLIE_API_KEY'])
  await expect(row('mail')).toContainText('OK')
  await expect(row('demoLogins')).toContainText('Missing')
  await expect(row('database')).toContainText(onPostgres ? 'OK' : 'Missing')
  await expect(row('publicUrl')).toContainText('Missing')
  await expect(row('sms')).toContainText('Warning')
  await expect(row('backups').getByRole('cell').last()).toHaveText('—')
  await expectNoSeriousA11yViolations(admin)
})

test('moderators and support see the dashboard without the readiness report', async ({ operatorPage }) => {
  for (const role of ['moderator', 'support'] as const) {
    const page = await operatorPage(role)
    await page.goto('/admin')
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    await expect(page.getByTestId('tile-signups')).toBeVisible()
    await expect(page.getByTestId('readiness')).toHaveCount(0)
    await expect(page.getByText('Production readiness')).toHaveCount(0)
  }
})
