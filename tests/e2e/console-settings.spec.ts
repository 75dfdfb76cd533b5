import type { Page } from '@playwright/test'
import { operatorLogin, operatorsDemo } from './console'
import { expect, expectNoSeriousA11yViolations, ownProfileId, setSettings, test, unique } from './fixtures'

// Issue 13, section 4 "Running the site": settings with their history, discount codes, content pages with
// preview, the dashboard's charts and the failed jobs, each for admins only (the dashboard for every role).

test('an admin changes message_credits and the next message costs the new amount', async ({ operatorPage, annaPage, benPage }) => {
  test.setTimeout(90_000)
  const benId = await ownProfileId(benPage)
  const admin = await operatorPage('admin')
  try {
    await admin.goto('/admin')
    await admin.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Settings' }).click()
    await expect(admin).toHaveURL(/\/admin\/settings$/)
    const costs = admin.getByTestId('settings-costs')

    // A bad value is refused with its message; what was typed stays.
    await costs.getByLabel('Credits per message').fill('5000')
    await costs.getByLabel('Reason for this change').fill('Spring prices')
    await costs.getByRole('button', { name: 'Save: Costs in credits' }).click()
    await expect(costs.getByTestId('error-message_credits')).toHaveText('Enter a number from 0 to 1000.')
    await expect(costs.getByLabel('Credits per message')).toHaveValue('5000')
    await expect(costs.getByRole('alert')).toContainText('Nothing was saved')
    await expectNoSeriousA11yViolations(admin)

    await costs.getByLabel('Credits per message').fill('17')
    // No free messages left to anyone, so the very next message is charged.
    await costs.getByLabel('Free messages per member').fill('0')
    await costs.getByRole('button', { name: 'Save: Costs in credits' }).click()
    await expect(costs.getByRole('status')).toHaveText('2 settings saved.')
    const history = admin.getByTestId('settings-history')
    await expect(history.getByRole('row').filter({ hasText: 'message_credits' }).first()).toContainText('17')
    await expect(history.getByRole('row').filter({ hasText: 'message_credits' }).first()).toContainText('Spring prices')
    await expect(costs.getByLabel('Credits per message')).toHaveValue('17')

    // The member's next message costs the new amount, shown before sending and charged on sending.
    await annaPage.goto(`/members/${benId}/chat`)
    await expect(annaPage.getByTestId('socket-status')).toHaveText('Live')
    await expect(annaPage.getByTestId('send-cost')).toHaveText('17 credits')
    const before = Number((await annaPage.getByTestId('chat-balance').textContent())!.replace(/\D/g, ''))
    const text = unique('New price ')
    await annaPage.getByLabel('Write a message').fill(text)
    await annaPage.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(annaPage.getByTestId('chat-message').filter({ hasText: text })).not.toContainText('Sending…')
    await expect(annaPage.getByTestId('chat-balance')).toHaveText(`You have ${before - 17} credits`)

    // The change is in the audit log too.
    await admin.goto('/admin/audit')
    await expect(
      admin.getByTestId('audit-log').getByRole('row').filter({ hasText: 'settings.change' }).filter({ hasText: 'message_credits' }).first(),
    ).toBeVisible()
  } finally {
    await setSettings(admin, { message_credits: null, free_messages: null })
  }
})

test('an admin creates a discount code with a limit, sees its uses and disables it', async ({ operatorPage }) => {
  const page = await operatorPage('admin')
  await page.goto('/admin/discounts')
  const code = unique('E2E')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 30)
  await page.getByLabel('Code', { exact: true }).fill(code)
  await page.getByLabel('Percentage (1–100)').fill('150')
  await page.getByLabel('Reason for this change').fill('Partner campaign')
  await page.getByRole('button', { name: 'Create code' }).click()
  await expect(page.getByText('Enter a whole percentage from 1 to 100.')).toBeVisible()
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue(code)
  await page.getByLabel('Percentage (1–100)').fill('15')
  await page.getByLabel('Usage limit (in total)').fill('5')
  await page.getByLabel('Only in country (code)').fill('NL')
  await page.getByLabel('iDEAL').check()
  await page.getByRole('button', { name: 'Create code' }).click()
  await expect(page.getByRole('status')).toHaveText(`Code ${code} created.`)
  const row = page.getByTestId('discount-list').getByRole('row').filter({ hasText: code })
  await expect(row).toContainText('15%')
  await expect(row).toContainText('0 of 5')
  await expect(row).toContainText('ideal')
  await expectNoSeriousA11yViolations(page)

  await row.getByRole('link', { name: code }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Discount code ${code}`)
  await expect(page.getByText('No order has used this code yet.')).toBeVisible()
  await page.getByLabel('Reason for this change').fill('Campaign ended')
  await page.getByRole('button', { name: 'Disable code' }).click()
  // Disabling asks first.
  await expect(page.getByRole('alert')).toContainText(`Members will no longer be able to use ${code}.`)
  await page.getByRole('button', { name: 'Yes, disable' }).click()
  await expect(page.getByTestId('discount-status')).toHaveText('Disabled')
  await expectNoSeriousA11yViolations(page)
})

test('an admin edits a content page, previews it sanitised, saves it, and the site shows it', async ({ operatorPage, page: visitor }) => {
  const page = await operatorPage('admin')
  const token = `e2e-${Date.now().toString(36)}`
  await page.goto('/admin/content')
  await expect(page.getByTestId('content-matrix').getByRole('rowheader', { name: 'terms' })).toBeVisible()
  await page.getByRole('link', { name: 'Edit terms (Nederlands)' }).click()
  await expect(page).toHaveURL(/\/admin\/content\/terms\/nl$/)
  await expectNoSeriousA11yViolations(page)

  await page.goto(`/admin/content/${token}/en`)
  await page.getByLabel('Title').fill('Test page of {{site_name}}')
  await page.getByLabel('Text (Markdown)').fill('Some **bold** words.\n\n<script>window.__pwned = 1</script>\n\n[bad](javascript:alert(1))')
  await page.getByRole('button', { name: 'Preview' }).click()
  const preview = page.getByTestId('content-preview')
  await expect(preview.getByRole('heading', { name: 'Test page of Amoura' })).toBeVisible()
  await expect(preview.locator('strong')).toHaveText('bold')
  await expect(preview.locator('script')).toHaveCount(0)
  await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0)
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  // What was typed stays in the form after the preview.
  await expect(page.getByLabel('Title')).toHaveValue('Test page of {{site_name}}')

  await page.getByRole('button', { name: 'Save page' }).click()
  await expect(page.getByText('Give a reason (at least 3 characters).')).toBeVisible()
  await page.getByLabel('Reason for this change').fill('New test page')
  await page.getByRole('button', { name: 'Save page' }).click()
  await expect(page.getByRole('status')).toHaveText('The page has been saved.')
  await expectNoSeriousA11yViolations(page)

  await visitor.goto(`/pages/${token}`)
  await expect(visitor.getByTestId('content-page').getByRole('heading', { level: 1 })).toHaveText('Test page of Amoura')
  await expect(visitor.getByTestId('content-page').locator('strong')).toHaveText('bold')

  await page.goto('/admin/company')
  await expect(page.getByLabel('Company name')).not.toHaveValue('')
  await expectNoSeriousA11yViolations(page)
})

test('the dashboard shows figures with charts and a table; other roles see it without money', async ({ operatorPage }) => {
  const page = await operatorPage('admin')
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(page.getByTestId('tile-signups')).toHaveText(/^\d+$/)
  await expect(page.getByTestId('tile-purchases')).toBeVisible()
  for (const chart of ['members', 'messages', 'reports', 'purchases']) {
    const canvas = page.getByTestId(`chart-${chart}`).locator('canvas')
    await expect(canvas).toBeVisible()
    await expect(canvas).toHaveAttribute('role', 'img')
    await expect(canvas).toHaveAttribute('aria-label', /in total from/)
  }
  await page.locator('summary').filter({ hasText: 'Figures per day as a table' }).click()
  await expect(page.getByTestId('dashboard-table').locator('tbody tr')).toHaveCount(30)
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('From', { exact: true }).fill('2026-01-10')
  await page.getByLabel('To', { exact: true }).fill('2026-01-01')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByRole('alert')).toHaveText('The start date is after the end date; the last 30 days are shown.')
  await page.goto('/admin?from=2026-01-01&to=2026-01-07')
  await page.locator('summary').filter({ hasText: 'Figures per day as a table' }).click()
  await expect(page.getByTestId('dashboard-table').locator('tbody tr')).toHaveCount(7)

  const moderator = await operatorPage('moderator')
  await moderator.goto('/admin')
  await expect(moderator.getByTestId('chart-messages').locator('canvas')).toBeVisible()
  await expect(moderator.getByTestId('tile-purchases')).toHaveCount(0)
  await expect(moderator.getByTestId('tile-revenue')).toHaveCount(0)
})

test('an admin retries a failed job, with a reason', async ({ operatorPage }) => {
  const page = await operatorPage('admin')
  const res = await page.request.post('/__e2e/failed-job')
  expect(res.status()).toBe(201)
  const { id } = (await res.json()) as { id: number }
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Jobs' }).click()
  const row = page
    .getByTestId('failed-jobs')
    .getByRole('row')
    .filter({ hasText: `#${id}` })
  await expect(row).toContainText('housekeeping')
  await expect(row).toContainText('e2e: simulated failure')
  await expectNoSeriousA11yViolations(page)
  await row.getByRole('button', { name: `Retry job ${id}` }).click()
  await expect(row.getByText('Give a reason (at least 3 characters).')).toBeVisible()
  await row.getByLabel(`Reason for retrying job ${id}`).fill('Database is back')
  await row.getByRole('button', { name: `Retry job ${id}` }).click()
  await expect(page.getByRole('status')).toHaveText(`Job ${id} is back in the queue.`)
  // Retried and run: it leaves the list of failures.
  await expect
    .poll(async () => {
      await page.reload()
      return page
        .getByTestId('failed-jobs')
        .getByRole('row')
        .filter({ hasText: `#${id}` })
        .count()
    })
    .toBe(0)
  await page.goto('/admin/audit')
  await expect(page.getByTestId('audit-log').getByRole('row').filter({ hasText: 'job.retry' }).filter({ hasText: 'Database is back' }).first()).toBeVisible()
})

const adminOnly = ['/admin/settings', '/admin/discounts', '/admin/discounts/1', '/admin/content', '/admin/content/terms/en', '/admin/company', '/admin/jobs']

/** The operator's shared session, or a new login when another test ended it (console-access logs support out). */
async function signedIn(operatorPage: (who: keyof typeof operatorsDemo) => Promise<Page>, who: keyof typeof operatorsDemo): Promise<Page> {
  const page = await operatorPage(who)
  await page.goto('/admin')
  if (new URL(page.url()).pathname === '/admin/login') await operatorLogin(page, operatorsDemo[who])
  await expect(page.getByTestId('operator-name')).toContainText(operatorsDemo[who].name)
  return page
}

test('moderators and support get 403 on the admin-only pages and actions; visitors go to the login', async ({ operatorPage, page: visitor, baseURL }) => {
  test.setTimeout(90_000)
  for (const who of ['moderator', 'support'] as const) {
    const page = await signedIn(operatorPage, who)
    const nav = page.getByRole('navigation', { name: 'Console sections' })
    for (const name of ['Settings', 'Discount codes', 'Content pages', 'Jobs']) await expect(nav.getByRole('link', { name })).toHaveCount(0)
    for (const path of adminOnly) {
      const res = await page.goto(path)
      expect(res?.status(), `${who} GET ${path}`).toBe(403)
    }
    for (const path of ['/admin/settings', '/admin/discounts', '/admin/jobs', '/admin/company', '/admin/content/terms/en']) {
      const res = await page.request.post(path, { form: { intent: 'x' }, headers: { Origin: baseURL! }, maxRedirects: 0 })
      expect(res.status(), `${who} POST ${path}`).toBe(403)
    }
  }
  // The same request from an admin passes the guard (and is refused for its content).
  const admin = await operatorPage('admin')
  const res = await admin.request.post('/admin/jobs', { form: { intent: 'x' }, headers: { Origin: baseURL! }, maxRedirects: 0 })
  expect(res.status()).toBe(400)
  for (const path of adminOnly) {
    await visitor.goto(path)
    await expect(visitor).toHaveURL(/\/admin\/login$/)
  }
})
