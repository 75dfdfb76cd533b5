import type { Page } from '@playwright/test'
import { activeMember, expect, expectNoSeriousA11yViolations, test } from './fixtures'

/** Holds the page's data requests matching `url` until the returned function is called. */
async function holdData(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((r) => (release = r))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

// Issue 27, feedback: a pending navigation shows a bar (and, towards a list, its skeleton); the app asks in its own
// dialog, never with confirm().

test('a page change that waits on the server shows the progress bar, and it goes when the page is there', async ({ annaPage: page }) => {
  await page.goto('/members')
  await expect(page.getByTestId('profile-card').first()).toBeVisible()
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0)
  // The data of the next page takes a second to come.
  const release = await holdData(page, /\/likes\.data/)
  await page.getByTestId('nav-likes').click()
  const bar = page.getByRole('progressbar', { name: 'Loading the page…' })
  await expect(bar).toBeVisible()
  expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
  // Likes are cards: their skeleton stands in for the page that is leaving.
  await expect(page.getByTestId('skeleton-cards')).toBeVisible()
  await expect(page.getByTestId('profile-card').first()).toBeHidden()
  release()
  await expect(page).toHaveURL(/\/likes$/)
  await expect(bar).toHaveCount(0)
  await expect(page.getByTestId('skeleton-cards')).toHaveCount(0)
})

test('the inbox shows rows of grey shapes while it loads, and its list when it is there', async ({ annaPage: page }) => {
  await page.goto('/members')
  await expect(page.getByTestId('profile-card').first()).toBeVisible()
  const release = await holdData(page, /\/chats\.data/)
  await page.getByTestId('nav-messages').click()
  await expect(page.getByTestId('skeleton-rows')).toBeVisible()
  release()
  await expect(page).toHaveURL(/\/chats$/)
  await expect(page.getByTestId('skeleton-rows')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('removing a chat asks in the app’s own dialog: Escape and Cancel keep it, Remove takes it off the list', async ({ newContext }) => {
  const a = await activeMember(newContext, { prefix: 'removera', gender: 'female', lookingFor: 'male' })
  const b = await activeMember(newContext, { prefix: 'removerb', gender: 'male', lookingFor: 'female' })
  await a.page.goto(`/members/${b.profileId}/chat`)
  await expect(a.page.getByTestId('socket-status')).toHaveText('Live')
  await a.page.getByLabel('Write a message').fill('Hello, soon removed')
  await a.page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(a.page.getByTestId('chat-message').filter({ hasText: 'Hello, soon removed' })).not.toContainText('Sending…')

  const browserDialogs: string[] = []
  a.page.on('dialog', (d) => {
    browserDialogs.push(d.message())
    void d.dismiss()
  })
  await a.page.goto('/chats')
  const removeButton = a.page.getByRole('button', { name: `Remove chat with ${b.user.name}` })
  const question = a.page.getByRole('dialog', { name: `Remove your chat with ${b.user.name}? It disappears from your list; ${b.user.name} keeps it.` })
  await removeButton.click()
  await expect(question).toBeVisible()
  await expectNoSeriousA11yViolations(a.page)
  await a.page.keyboard.press('Escape')
  await expect(question).toBeHidden()
  await removeButton.click()
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(question).toBeHidden()
  await expect(removeButton).toBeVisible()

  await removeButton.click()
  // The row goes at once; the removal is stored by a request on its way: the reload waits for its answer (without
  // the wait, a slow machine reloaded first and found the chat still listed).
  const removed = a.page.waitForResponse((r) => r.url().endsWith('/api/chat.php') && r.request().method() === 'DELETE')
  await question.getByRole('button', { name: 'Remove chat' }).click()
  await expect(removeButton).toHaveCount(0)
  expect((await removed).ok()).toBe(true)
  await a.page.reload()
  await expect(a.page.getByRole('button', { name: `Remove chat with ${b.user.name}` })).toHaveCount(0)
  expect(browserDialogs).toEqual([])
})
