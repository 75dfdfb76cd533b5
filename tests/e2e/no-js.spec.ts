import { anna, ben, expect, login, test, unique } from './fixtures'

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('logging in and sending a chat message work by plain form posts', async ({ page }) => {
    // Wrong password first: the server answers with the error in the page.
    await page.goto('/login')
    await page.getByLabel('E-mail address').fill(anna.email)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Login failed, please try again')
    await expect(page.getByLabel('E-mail address')).toHaveValue(anna.email)

    await login(page, anna)
    await expect(page.getByTestId('account-menu')).toContainText(anna.name)

    // The chat list and the conversation are plain links.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Messages/ })
      .click()
    await expect(page).toHaveURL(/\/chats$/)
    await page
      .getByTestId('chat-list')
      .getByRole('link', { name: new RegExp(`^${ben.name},`) })
      .click()
    await expect(page).toHaveURL(/\/chats\/\d+$/)
    // The page streams in: until it has loaded, the last message shown may not be the newest one.
    await page.waitForLoadState('load')
    const log = page.getByTestId('chat-messages')
    await expect(log).toBeVisible()
    const lastBefore = await log.getByTestId('chat-message').last().textContent()

    // Send by form POST.
    const text = unique('Sent without JavaScript ')
    await page.getByLabel('Write a message').fill(text)
    const sendButton = page.getByRole('button', { name: 'Send', exact: true })
    await expect(sendButton, 'the Send button must be usable without JavaScript').toBeEnabled({ timeout: 2_000 })
    await sendButton.click()

    // After the post the page is rendered again with the message in the conversation.
    await expect(page).toHaveURL(/\/chats\/\d+$/)
    await expect(log.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1)
    // Once: the newest message, right after what was the newest before (the page shows the newest 50).
    await expect(log.getByTestId('chat-message').last()).toContainText(text)
    await expect(log.getByTestId('chat-message').nth(-2)).toHaveText(lastBefore!)
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page.getByLabel('Write a message')).toHaveValue('')

    // A second message works too (a fresh idempotency key per rendered form), and a reload keeps both.
    const second = unique('Second without JavaScript ')
    await page.getByLabel('Write a message').fill(second)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(log.getByTestId('chat-message').filter({ hasText: second })).toHaveCount(1)
    await page.goto(page.url())
    await expect(log.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1)
    await expect(log.getByTestId('chat-message').filter({ hasText: second })).toHaveCount(1)
  })
})
