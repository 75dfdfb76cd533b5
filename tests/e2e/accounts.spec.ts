import type { Page } from '@playwright/test'
import { anna, chooseLanguage, expect, jpeg, linkIn, ownProfileId, signupMember, test, unique, waitForMail } from './fixtures'

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Signup progress' })

async function expectStep(page: Page, step: number, title: string) {
  await expect(progress(page)).toHaveAttribute('aria-valuenow', String(step))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByText(`Step ${step} of 5`)).toBeVisible()
}

test('a complete-signup step that does not pass stays, says why and keeps what was typed (issue 28)', async ({ page }) => {
  await signupMember(page, { prefix: 'badstep' })
  await page.goto('/complete-signup?step=profile')
  await expectStep(page, 2, 'Tell us about yourself')
  // A value no option offers, as a tampered or outdated form would send it.
  await page.getByLabel('Hair colour').evaluate((select: HTMLSelectElement) => {
    select.add(new Option('Purple', 'purple'))
    select.value = 'purple'
  })
  await page.getByLabel('City').fill('Haarlem')
  const answer = page.waitForResponse((r) => r.url().includes('/complete-signup') && r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Next', exact: true }).click()
  expect((await answer).status()).toBe(400)
  await expect(page.getByTestId('step-invalid')).toHaveText('This step was not saved. Please correct the marked fields.')
  await expect(page).toHaveURL(/\/complete-signup\?step=profile$/)
  await expect(page.getByLabel('Hair colour')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Choose one of the options.')).toBeVisible()
  await expect(page.getByLabel('City')).toHaveValue('Haarlem')
  // Corrected, the step saves and goes on.
  await page.getByLabel('Hair colour').selectOption({ label: 'Red' })
  await page.getByRole('button', { name: 'Next', exact: true }).click()
  await expectStep(page, 3, 'About me')
  await page.goto('/complete-signup?step=profile')
  await expect(page.getByLabel('City')).toHaveValue('Haarlem')
})

test('the complete-signup steps can be left and resumed; activation by e-mail link, which works once', async ({ page, baseURL }) => {
  const user = await signupMember(page, { prefix: 'steps' })
  // The photo first (issue 27), with the site's logo on every step and the way on always the last button.
  await expectStep(page, 1, 'Add your photo')
  await expect(page.getByTestId('signup-logo')).toHaveText('Amoura')
  await expect(page.getByTestId('step-buttons').getByRole('link').last()).toHaveText('Next')
  await page.getByRole('link', { name: 'Next', exact: true }).click()
  await expectStep(page, 2, 'Tell us about yourself')
  await expect(page.getByTestId('step-buttons').locator('a, button').last()).toHaveText('Next')
  await expect(page.getByTestId('step-buttons').getByRole('link', { name: 'Skip' })).toBeVisible()

  // The profile step saves when it is sent.
  await page.getByLabel('Hair colour').selectOption({ label: 'Red' })
  await page.getByLabel('City').fill('Utrecht')
  await page.getByRole('button', { name: 'Next', exact: true }).click()
  await expect(page).toHaveURL(/\/complete-signup\?step=about$/)
  await expectStep(page, 3, 'About me')

  // Go away in the middle, to the members…
  await page.goto('/members')
  await expect(page.getByTestId('account-menu')).toContainText(user.name)
  // …where the activation reminder asks to confirm the address (not on the settings page).
  const reminder = page.getByTestId('activation-reminder')
  await expect(reminder).toContainText(`Please confirm your e-mail address: we sent a link to ${user.email}.`)
  await expect(reminder.getByRole('button', { name: 'Send the e-mail again' })).toBeVisible()
  await page.goto('/notifications')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page.getByTestId('activation-reminder')).toHaveCount(0)

  // …and come back to the step in the address.
  await page.goto('/complete-signup?step=about')
  await expectStep(page, 3, 'About me')
  const about = `I like long walks ${unique('')}`
  await page.getByLabel('About me').fill(about)
  const interests = page.getByRole('group', { name: 'Interests' })
  await interests.getByText('Travel', { exact: true }).click()
  await interests.getByText('Hiking', { exact: true }).click()
  await expect(page.getByLabel('Travel', { exact: true })).toBeChecked()
  await page.getByRole('button', { name: 'Next', exact: true }).click()
  // Notifications are asked for after the profile, never first.
  await expectStep(page, 4, 'Turn on notifications')
  await expect(page.getByTestId('step-buttons').getByRole('link').last()).toHaveText('Next')
  await page.getByRole('link', { name: 'Next', exact: true }).click()
  await expectStep(page, 5, 'Confirm your e-mail address')
  await expect(page.getByTestId('step-buttons').getByRole('link').last()).toHaveText('Go to the members')
  await expect(page.getByRole('main')).toContainText(`We sent a link to ${user.email}.`)

  // Leave again; what the earlier steps saved is still there.
  await page.goto('/members')
  await page.goto('/complete-signup?step=about')
  await expect(page.getByLabel('About me')).toHaveValue(about)
  await expect(page.getByLabel('Travel', { exact: true })).toBeChecked()
  await expect(page.getByLabel('Hiking', { exact: true })).toBeChecked()
  await expect(page.getByLabel('Cooking', { exact: true })).not.toBeChecked()
  await page.getByRole('link', { name: 'Back' }).click()
  await expectStep(page, 2, 'Tell us about yourself')
  await expect(page.getByLabel('Hair colour')).toHaveValue('red')
  await expect(page.getByLabel('City')).toHaveValue('Utrecht')

  // The activation e-mail arrived over SMTP, as HTML and text, with the site name and a link to this site.
  const mail = await waitForMail(user.email, 'Confirm your e-mail address for Amoura')
  expect(mail.from).toContain('no-reply@amoura.test')
  expect(mail.html).toContain('<html lang="en"')
  expect(mail.html).toContain(`Hi ${user.name},`)
  expect(mail.html).toContain('Welcome to Amoura! Please confirm your e-mail address so your messages reach other members.')
  expect(mail.text).toContain(`Hi ${user.name},`)
  expect(mail.text).toContain('Welcome to Amoura!')
  const link = linkIn(mail, '/activate')
  expect(link.startsWith(`${baseURL}/activate?token=`), link).toBe(true)
  expect(mail.text).toContain(`Confirm e-mail address: ${link}`)

  await page.goto(link)
  await expect(page).toHaveURL(/\/activate\/done$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail address is confirmed')
  await page.goto('/members')
  await expect(page.getByTestId('account-menu')).toBeVisible()
  await expect(page.getByTestId('activation-reminder')).toHaveCount(0)
  // The last step says so instead of offering a new e-mail.
  await page.goto('/complete-signup?step=confirm')
  await expect(page.getByRole('status')).toHaveText('Thank you! Your account is active and your messages are delivered.')

  // A link works once.
  await page.goto(link)
  await expect(page).toHaveURL(/\/activate\/error$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activation failed')
  await expect(page.getByText('Link expired or invalid, request a new email')).toBeVisible()
})

test('a signup in Nederlands gets the activation e-mail in Dutch', async ({ page }) => {
  await page.goto('/signup')
  await chooseLanguage(page, 'Nederlands')
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
  const user = await signupMember(page, { prefix: 'nl' })

  const mail = await waitForMail(user.email, 'Bevestig je e-mailadres voor Amoura')
  expect(mail.html).toContain('<html lang="nl"')
  expect(mail.html).toContain(`Hallo ${user.name},`)
  expect(mail.html).toContain('Welkom bij Amoura!')
  expect(mail.html).toContain('E-mailadres bevestigen')
  expect(mail.text).toContain(`Hallo ${user.name},`)
  expect(mail.text).toContain('Welkom bij Amoura!')
  expect(mail.text).not.toContain('Welcome')
  const link = linkIn(mail, '/activate')
  expect(mail.text).toContain(`E-mailadres bevestigen: ${link}`)

  await page.goto(link)
  await expect(page).toHaveURL(/\/activate\/done$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je e-mailadres is bevestigd')
})

test("an unconfirmed member's message reaches Anna only after the e-mail address is confirmed", async ({ page, annaPage }) => {
  const annaId = await ownProfileId(annaPage)
  const user = await signupMember(page, { prefix: 'unconf' })
  // The photo step of the signup: a photo, uploaded before the address is confirmed. (It also keeps Anna's chat
  // list free of photo-less partners, whose avatar trips the axe check of errors-a11y.spec.ts: see a11y-account.)
  await page.goto('/complete-signup?step=photo')
  await page.getByLabel('Choose photos').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg(30, 140, 90) })
  await expect(page.getByTestId('own-photo')).toHaveCount(1)
  await expect(page.getByTestId('own-photo')).toContainText('Main photo')

  await page.goto(`/members/${annaId}/chat`)
  await expect(page.getByTestId('unconfirmed-warning')).toHaveText(
    `Your e-mail address hasn't been confirmed. ${anna.name} can not reply anymore until you do.`,
  )
  const text = unique('Hello from an unconfirmed member ')
  await expect(page.getByTestId('socket-status')).toHaveText('Live')
  await page.getByLabel('Write a message').fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const mine = page.getByTestId('chat-message').filter({ hasText: text })
  await expect(mine).toHaveCount(1)
  await expect(mine).not.toContainText('Sending…')
  // Stored: still there after a reload (the conversation now has its own address).
  await page.reload()
  await expect(page).toHaveURL(/\/chats\/\d+$/)
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1)

  // Anna sees nothing of it yet.
  await annaPage.goto('/chats')
  await expect(annaPage.getByTestId('chat-list')).toBeVisible()
  await expect(annaPage.getByTestId('chat-list').getByRole('link', { name: new RegExp(`^${user.name},`) })).toHaveCount(0)
  await expect(annaPage.getByTestId('chat-list')).not.toContainText(text)

  // The member confirms the address through the e-mail link…
  const mail = await waitForMail(user.email, 'Confirm your e-mail address')
  await page.goto(linkIn(mail, '/activate'))
  await expect(page).toHaveURL(/\/activate\/done$/)

  // …and now Anna has the conversation, with the message, and may reply.
  await annaPage.reload()
  const row = annaPage.getByTestId('chat-list').getByRole('link', { name: new RegExp(`^${user.name},`) })
  await expect(row).toContainText(text)
  await row.click()
  await expect(annaPage.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1)
  await expect(annaPage.getByLabel('Write a message')).toBeVisible()
  await page.goto(annaPage.url().replace(/^https?:\/\/[^/]+/, ''))
  await expect(page.getByTestId('unconfirmed-warning')).toHaveCount(0)
})
