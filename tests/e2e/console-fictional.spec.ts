import { expect, expectNoSeriousA11yViolations, test, unique } from './fixtures'

// Issue 13, section 2: fictional profiles are created, edited and hidden in the console, always with the
// disclosure, and never able to write.

test('an admin creates a fictional profile: it shows on the site with its disclosure, and hiding it removes it', async ({ operatorPage, page }) => {
  const admin = await operatorPage('admin')
  await admin.goto('/admin/fictional')
  await expectNoSeriousA11yViolations(admin)
  await admin.getByRole('link', { name: 'New fictional profile' }).click()
  await expect(admin.getByText('This profile is fictional')).toBeVisible()
  const name = unique('Fi').slice(0, 20)
  // A bad form keeps what was typed and says what is wrong.
  await admin.getByLabel('Username').fill(name)
  await admin.getByLabel('Date of birth').fill('2015-01-01')
  await admin.getByRole('button', { name: 'New fictional profile' }).click()
  await expect(admin.getByText('The age must be between 18 and 99.')).toBeVisible()
  await expect(admin.getByText('Give a reason (at least 3 characters).')).toBeVisible()
  await expect(admin.getByLabel('Username')).toHaveValue(name)
  await admin.getByLabel('Date of birth').fill('1991-03-04')
  await admin.getByLabel('Reason').fill('spring campaign')
  await admin.getByRole('button', { name: 'New fictional profile' }).click()
  await expect(admin).toHaveURL(/\/admin\/fictional\/\d+$/)
  const id = Number(/(\d+)$/.exec(admin.url())![1])
  await expectNoSeriousA11yViolations(admin)

  // On the site: the profile page carries the disclosure, and offers no way to write.
  await page.goto(`/members/${id}`)
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible()
  await expect(page.getByTestId('fictional-warning')).toBeVisible()

  // Hidden: gone from the site.
  await admin.getByLabel('Reason').last().fill('campaign over')
  await admin.getByRole('button', { name: 'Hide from the site' }).click()
  await expect(admin.getByText('Saved.')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'List on the site' })).toBeVisible()
  const res = await page.goto(`/members/${id}`)
  expect(res?.status()).toBe(404)

  // The audit log has all of it.
  await admin.goto('/admin/audit')
  const log = admin.getByTestId('audit-log')
  await expect(log.getByRole('row').filter({ hasText: 'fictional.create' }).filter({ hasText: 'spring campaign' })).toHaveCount(1)
  await expect(log.getByRole('row').filter({ hasText: 'fictional.disable' }).filter({ hasText: 'campaign over' })).toHaveCount(1)
})

test('moderators and support cannot manage fictional profiles', async ({ operatorPage }) => {
  for (const who of ['moderator', 'support'] as const) {
    const p = await operatorPage(who)
    const res = await p.goto('/admin/fictional/new')
    expect(res?.status(), who).toBe(403)
    const post = await p.request.post('/admin/fictional/new', { form: { name: 'X', reason: 'xxx' }, headers: { Origin: new URL(p.url()).origin } })
    expect(post.status(), who).toBe(403)
  }
})
