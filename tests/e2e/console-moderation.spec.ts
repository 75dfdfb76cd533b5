import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test'
import { activeMember, expect, expectNoSeriousA11yViolations, jpeg, setSettings, test, waitForMail } from './fixtures'

// Issue 13, section 2: the photo queue, statements of reasons on /notifications and by e-mail, and appeals that
// only a different moderator may decide.

/** A new member who uploads photos while photo_moderation is on (restored right after): they wait in the queue. */
async function memberWithPendingPhotos(newContext: (o?: BrowserContextOptions) => Promise<BrowserContext>, page: Page, count: 1 | 2) {
  const m = await activeMember(newContext, { prefix: 'mod', gender: 'female', lookingFor: 'male', country: 'NL' })
  await setSettings(page, { photo_moderation: true })
  try {
    await m.page.goto('/profile')
    const files = [
      { name: 'one.jpg', mimeType: 'image/jpeg', buffer: await jpeg(200, 40, 40) },
      { name: 'two.jpg', mimeType: 'image/jpeg', buffer: await jpeg(40, 40, 200) },
    ].slice(0, count)
    await m.page.getByLabel('Choose photos').setInputFiles(files)
    await expect(m.page.getByTestId('own-photo')).toHaveCount(count)
  } finally {
    await setSettings(page, { photo_moderation: null })
  }
  return m
}

test('a moderator rejects a photo and the member sees the statement of reasons', async ({ operatorPage, newContext, page }) => {
  const m = await memberWithPendingPhotos(newContext, page, 2)
  const mod = await operatorPage('moderator')
  await mod.goto('/admin/photos')
  await expect(mod.getByRole('heading', { name: 'Photo queue' })).toBeVisible()
  await expect(mod.getByTestId('shortcuts')).toContainText('A approves the highlighted photo')
  await expectNoSeriousA11yViolations(mod)
  const cards = mod.getByTestId('pending-photo').filter({ hasText: m.user.name })
  await expect(cards).toHaveCount(2)

  // The keyboard: focus the first of them, A approves it.
  await cards.first().focus()
  await expect(cards.first()).toHaveAttribute('aria-current', 'true')
  await mod.keyboard.press('a')
  await expect(mod.getByRole('status')).toContainText('Photo approved')
  await expect(cards).toHaveCount(1)

  // Rejecting needs a reason from the list; R moves there.
  await cards.first().focus()
  await mod.keyboard.press('r')
  await expect(cards.first().getByLabel('Reason for rejecting')).toBeFocused()
  await cards.first().getByLabel('Reason for rejecting').selectOption({ label: 'Nudity or sexual content' })
  await cards.first().getByLabel('Note for the member (optional, shown as written)').fill('Please upload a portrait.')
  await cards.first().getByRole('button', { name: 'Reject' }).click()
  await expect(mod.getByRole('status')).toContainText('Photo rejected')
  await expect(cards).toHaveCount(0)

  // The member: the outcome and the statement on /notifications, and by e-mail.
  await m.page.goto('/notifications')
  const decisions = m.page.getByTestId('account-decisions')
  await expect(decisions.getByRole('heading', { name: 'Decisions about your account' })).toBeVisible()
  const statement = decisions.getByTestId('decision').filter({ hasText: 'It shows nudity or sexual content.' })
  await expect(statement).toContainText('The photo was rejected: other members do not see it.')
  await expect(statement).toContainText('no automated means were used')
  await expect(statement).toContainText('out-of-court dispute settlement body')
  await expect(statement).toContainText('Please upload a portrait.')
  await expect(decisions.getByTestId('decision').filter({ hasText: 'approved your photo' })).toHaveCount(1)
  await expectNoSeriousA11yViolations(m.page)
  const mail = await waitForMail(m.user.email, 'a decision about your account')
  expect(mail.text).toContain('It shows nudity or sexual content.')
  await waitForMail(m.user.email, 'your photo has been approved')

  // The audit log has both decisions with the moderator's name.
  const admin = await operatorPage('admin')
  await admin.goto('/admin/audit')
  await expect(admin.getByTestId('audit-log').getByRole('row').filter({ hasText: 'photo.reject' }).filter({ hasText: 'Demo Moderator' }).first()).toBeVisible()
})

test('an appeal reaches a second moderator', async ({ operatorPage, newContext, page }) => {
  const m = await memberWithPendingPhotos(newContext, page, 1)
  const mod = await operatorPage('moderator')
  await mod.goto('/admin/photos')
  const card = mod.getByTestId('pending-photo').filter({ hasText: m.user.name })
  await card.getByLabel('Reason for rejecting').selectOption({ label: 'Does not show the member' })
  await card.getByRole('button', { name: 'Reject' }).click()
  await expect(mod.getByRole('status')).toContainText('Photo rejected')

  // The member appeals on /notifications: too short is refused and keeps the text; then it is received, once.
  await m.page.goto('/notifications')
  const statement = m.page.getByTestId('decision').filter({ hasText: 'It does not clearly show you as a person.' })
  await statement.getByText('Appeal', { exact: true }).click()
  await statement.getByLabel('Why do you disagree with this decision?').fill('It is me')
  await statement.getByRole('button', { name: 'Send appeal' }).click()
  await expect(statement.getByText('Please explain in at least 10 characters.')).toBeVisible()
  await expect(statement.getByLabel('Why do you disagree with this decision?')).toHaveValue('It is me')
  await statement.getByLabel('Why do you disagree with this decision?').fill('It is really me, on holiday in Zeeland.')
  await statement.getByRole('button', { name: 'Send appeal' }).click()
  await expect(statement.getByRole('status')).toContainText('Your appeal has been received.')
  await m.page.reload()
  await expect(m.page.getByTestId('appeal-state')).toContainText('a different moderator will review it')
  await expect(m.page.getByRole('button', { name: 'Send appeal' })).toHaveCount(0)

  // The moderator who decided sees it, but cannot act on it; the server refuses a direct post too.
  await mod.goto('/admin/reports')
  await expectNoSeriousA11yViolations(mod)
  const row = mod.getByTestId('appeal-queue').getByRole('listitem').filter({ hasText: m.user.name })
  await expect(row.getByTestId('not-actionable')).toBeVisible()
  await row.getByRole('link').click()
  await expect(mod.getByTestId('appeal-text')).toContainText('on holiday in Zeeland')
  await expect(mod.getByTestId('not-actionable')).toContainText('a different moderator must handle the appeal')
  await expect(mod.getByRole('button', { name: 'Uphold' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(mod)
  const refused = await mod.request.post(mod.url(), { form: { outcome: 'reversed' }, headers: { Origin: new URL(mod.url()).origin } })
  expect(refused.status()).toBe(403)

  // The second moderator reverses it: the photo is back and the member gets a new statement.
  const mod2 = await operatorPage('moderator2')
  await mod2.goto(new URL(mod.url()).pathname)
  await expect(mod2.getByTestId('not-actionable')).toHaveCount(0)
  await mod2.getByRole('button', { name: 'Reverse and restore' }).click()
  await expect(mod2).toHaveURL(/\/admin\/reports\?done=1/)
  await expect(mod2.getByTestId('appeal-queue').getByRole('listitem').filter({ hasText: m.user.name })).toHaveCount(0)

  await m.page.goto('/notifications')
  await expect(m.page.getByTestId('decision').first()).toContainText('a different moderator reviewed the decision and reversed it')
  await expect(m.page.getByTestId('decision').first()).toContainText('final on our site')
  await m.page.goto('/profile')
  await expect(m.page.getByTestId('own-photo')).toHaveCount(1)
})

test('support cannot open the moderation queues; visitors are sent to the console login', async ({ operatorPage, page }) => {
  const support = await operatorPage('support')
  for (const path of ['/admin/photos', '/admin/reports', '/admin/reports/appeal/1']) {
    expect((await support.goto(path))?.status(), path).toBe(403)
  }
  const post = await support.request.post('/admin/photos', { form: { decision: 'approve', imageId: '1' }, headers: { Origin: new URL(support.url()).origin } })
  expect(post.status()).toBe(403)
  await page.goto('/admin/photos')
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('a report leads to a suspension: the member’s session is refused and the login says until when', async ({ operatorPage, newContext, benPage }) => {
  const m = await activeMember(newContext, { prefix: 'susp', gender: 'female', lookingFor: 'male', country: 'NL' })
  await benPage.goto(`/members/${m.profileId}`)
  await benPage.getByText('Report', { exact: true }).click()
  const form = benPage.locator('form').filter({ has: benPage.getByRole('heading', { name: `Report ${m.user.name}` }) })
  await form.getByLabel('Reason').selectOption({ label: 'Fake profile' })
  await form.getByLabel('Details (optional)').fill('Asked me for money twice.')
  await form.getByRole('button', { name: 'Send report' }).click()
  await expect(benPage.getByRole('status').filter({ hasText: 'Thank you. Our team will review your report.' })).toBeVisible()

  const mod = await operatorPage('moderator')
  await mod.goto('/admin/reports')
  await mod.getByTestId('report-queue').getByRole('link').filter({ hasText: m.user.name }).click()
  await expect(mod.getByTestId('reporter-words')).toContainText('Asked me for money twice.')
  await expect(mod.getByTestId('member-context')).toContainText(m.user.name)
  await expectNoSeriousA11yViolations(mod)
  await mod.getByLabel('Suspend for a time').check()
  await mod.getByLabel('Reason (ground of the decision)').selectOption({ label: 'Spam or scam' })
  await mod.getByLabel('Length of a suspension').selectOption({ label: '3 days' })
  await mod.getByRole('button', { name: 'Decide' }).click()
  // The suspension needs the confirmation.
  await expect(mod).toHaveURL(/\/admin\/reports\/report\/\d+$/)
  await mod.getByLabel(/I confirm this measure/).check()
  await mod.getByRole('button', { name: 'Decide' }).click()
  await expect(mod).toHaveURL(/\/admin\/reports\?done=1$/)

  // The member's open session opens nothing any more; the login names the suspension and its end.
  await m.page.goto('/notifications')
  await expect(m.page).toHaveURL(/\/login/)
  await m.page.getByLabel('E-mail address').fill(m.user.email)
  await m.page.getByLabel('Password').fill(m.user.password)
  await m.page.getByRole('button', { name: 'Log in' }).click()
  await expect(m.page.locator('form').getByRole('alert')).toContainText('Your account is suspended until')
  const mail = await waitForMail(m.user.email, 'a decision about your account')
  expect(mail.text).toContain('It is spam, advertising or an attempt to obtain money.')
  expect(mail.text).toContain('you cannot log in and your profile is hidden')

  // Unable to log in, the member appeals through the e-mail's signed link (a forged one opens nothing).
  const appealLink = /https?:\/\/[^\s"'<>]+\/appeal\/[\w.-]+/.exec(mail.text)?.[0]
  expect(appealLink, 'appeal link in the statement e-mail').toBeTruthy()
  expect(mail.html).toContain(appealLink!)
  const visitor = await (await newContext()).newPage()
  await visitor.goto(`${appealLink!.slice(0, -3)}xyz`)
  await expect(visitor.getByRole('alert')).toContainText('Link expired or invalid')
  await visitor.goto(appealLink!)
  const decision = visitor.getByTestId('decision')
  await expect(decision).toContainText('It is spam, advertising or an attempt to obtain money.')
  await expectNoSeriousA11yViolations(visitor)
  await decision.getByText('Appeal', { exact: true }).click()
  await decision.getByLabel('Why do you disagree with this decision?').fill('I never asked anyone for money.')
  await decision.getByRole('button', { name: 'Send appeal' }).click()
  await expect(decision).toContainText('Your appeal has been received.')
  await mod.goto('/admin/reports')
  await expect(mod.getByTestId('appeal-queue')).toContainText(m.user.name)
})
