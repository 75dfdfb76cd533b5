import type { Page } from '@playwright/test'
import { activeMember, expect, ownProfileId, test } from './fixtures'

// The narrowest phones still in use (320 px) and the common 375 px: no page scrolls sideways.
const widths = [320, 375]

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

test('a member’s pages fit the narrowest phones without scrolling sideways, also with a long name in them', async ({ annaPage: page, newContext }) => {
  // A member whose name is one 24-letter word writes to Anna: the lists and the chat must wrap it, not widen.
  const long = await activeMember(newContext, { prefix: 'mobilelongname', name: 'Wolfeschlegelsteinhausen', gender: 'male', lookingFor: 'female' })
  const annaId = await ownProfileId(page)
  await long.page.goto(`/members/${annaId}/chat`)
  await expect(long.page.getByTestId('socket-status')).toHaveText('Live')
  await long.page.getByLabel('Write a message').fill('Hallo Anna')
  await long.page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(long.page.getByTestId('chat-message').filter({ hasText: 'Hallo Anna' })).not.toContainText('Sending…')

  for (const width of widths) {
    await page.setViewportSize({ width, height: 720 })
    for (const path of ['/members', '/chats', '/likes', `/members/${long.profileId}/chat`]) {
      await page.goto(path)
      await expect(page.locator('main')).toBeVisible()
      expect(await overflow(page), `${path} at ${width} px`).toBeLessThanOrEqual(0)
    }
    await page.goto('/chats')
    await expect(page.getByTestId('chat-list')).toContainText('Wolfeschlegelsteinhausen')
    expect(await overflow(page), `/chats with a long name at ${width} px`).toBeLessThanOrEqual(0)
    // The site's name is still the home link's name for screen readers.
    await expect(page.getByRole('link', { name: 'Amoura' }).first()).toBeAttached()
  }
})

test('the landing page fits the narrowest phones without scrolling sideways', async ({ page }) => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 720 })
    await page.goto('/')
    expect(await overflow(page), `/ at ${width} px`).toBeLessThanOrEqual(0)
  }
})
