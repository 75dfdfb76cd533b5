import fs from 'node:fs'
import { expect, failedLogin, linkIn, ownProfileId, signupMember, test, unique, waitForMail } from './fixtures'

test('download my data: a JSON file with the e-mail address and the messages', async ({ page, annaPage }) => {
  const user = await signupMember(page, { prefix: 'export' })
  // Write to someone, so there is a message to find in the file (a member: fictional profiles receive none).
  await page.goto(`/members/${await ownProfileId(annaPage)}/chat`)
  await expect(page.getByTestId('socket-status')).toHaveText('Live')
  const text = unique('A message for the export ')
  await page.getByLabel('Write a message').fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).not.toContainText('Sending…')

  await page.goto('/notifications')
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download my data' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8'))
  expect(data.account.email).toBe(user.email)
  expect(data.profile.name).toBe(user.name)
  // Only the member's own secrets: no password hash anywhere.
  expect(JSON.stringify(data)).not.toMatch(/argon2|password/i)
  // Messages are one list (written a page at a time), each naming its conversation and partner.
  const messages = data.messages as { body: string; from_me: boolean }[]
  expect(messages).toContainEqual(expect.objectContaining({ body: text, from_me: true }))
})

test('delete the account, be refused at login, come back with the reactivation link', async ({ page }) => {
  const user = await signupMember(page, { prefix: 'leave' })
  await page.goto('/notifications')
  const section = page.locator('details').filter({ has: page.getByText('Delete account', { exact: true }) })
  await section.getByText('Delete account', { exact: true }).click()
  // The retention offer with the company's delete_discount (GET /api/companyinfo.php).
  const company = (await (await page.request.get('/api/companyinfo.php')).json()) as { delete_discount: number }
  expect(company.delete_discount).toBeGreaterThan(0)
  await expect(section.getByRole('note')).toContainText(`Before you go: stay and get ${company.delete_discount}% off your next credits.`)
  await expect(section.getByRole('note').getByRole('button', { name: `Stay and get ${company.delete_discount}% off` })).toBeVisible()
  await expect(section).toContainText('You can reactivate your account with the link we e-mail you within 14 days')
  await section.getByLabel('Why are you leaving?').selectOption({ label: "I'm taking a break" })
  await section.getByLabel('Password', { exact: true }).fill(user.password)
  await section.getByRole('button', { name: 'Delete my account' }).click()

  await expect(page).toHaveURL(/\/account-deleted$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account has been deleted')
  await expect(page.getByTestId('account-menu')).toHaveCount(0)

  // Logging in is refused with the pending-deletion text, and a way to get a new link.
  const alert = await failedLogin(page, user)
  await expect(alert).toHaveText('This account is about to be deleted.')
  await expect(page.getByText('You can reactivate it with the link we e-mailed you, or ask for a new link.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
  // A wrong password does not reveal that the account exists.
  await expect(await failedLogin(page, { email: user.email, password: 'wrong-password-1' })).toHaveText('Login failed, please try again')

  // The e-mail sent at deletion; its link logs the member back in.
  const mail = await waitForMail(user.email, 'Your Amoura account has been deleted')
  expect(mail.text).toContain('You can reactivate it within 14 days')
  const link = linkIn(mail, '/reactivate')
  // Opening the link (as a mail scanner or a link preview does) changes nothing: the member confirms with a button.
  const scanner = await page.request.get(link, { maxRedirects: 0 })
  expect(scanner.status()).toBe(200)
  expect(scanner.headers()['set-cookie'] ?? '').not.toMatch(/sid=[^;]/)
  await page.goto(link)
  await expect(page).toHaveURL(/\/reactivate\?token=/)
  await page.getByRole('button', { name: 'Reactivate my account' }).click()
  await expect(page).toHaveURL(/\/members(\?|$)/)
  await expect(page.getByTestId('account-menu')).toContainText(user.name)

  // The link works once.
  await page.goto(link)
  await page.getByRole('button', { name: 'Reactivate my account' }).click()
  await expect(page.getByRole('alert')).toHaveText('Link expired or invalid, request a new email')
})

test('a member pending deletion asks for a new reactivation link from the login page', async ({ page }) => {
  const user = await signupMember(page, { prefix: 'leave2' })
  await page.goto('/notifications')
  const section = page.locator('details').filter({ has: page.getByText('Delete account', { exact: true }) })
  await section.getByText('Delete account', { exact: true }).click()
  await section.getByLabel('Why are you leaving?').selectOption({ label: 'Another reason' })
  await section.getByLabel('Password', { exact: true }).fill(user.password)
  await section.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/account-deleted$/)
  const first = await waitForMail(user.email, 'Your Amoura account has been deleted')

  await expect(await failedLogin(page, user)).toHaveText('This account is about to be deleted.')
  await page.getByRole('button', { name: 'Send me the reactivation link' }).click()
  await expect(page).toHaveURL(/\/reactivate$/)
  await expect(page.getByRole('status')).toHaveText('If this address belongs to an account awaiting deletion, we sent a new reactivation link to it.')
  const second = await waitForMail(user.email, 'Your Amoura account has been deleted', { after: first })
  expect(linkIn(second, '/reactivate')).not.toBe(linkIn(first, '/reactivate'))
  await page.goto(linkIn(second, '/reactivate'))
  await page.getByRole('button', { name: 'Reactivate my account' }).click()
  await expect(page).toHaveURL(/\/members(\?|$)/)
  await expect(page.getByTestId('account-menu')).toContainText(user.name)
})
