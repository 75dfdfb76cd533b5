import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

// The narrowest phones still in use (320 px) and the common 375 px: no page scrolls sideways.
const widths = [320, 375]

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

test('a member’s pages fit the narrowest phones without scrolling sideways', async ({ annaPage: page }) => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 720 })
    for (const path of ['/members', '/chats', '/likes']) {
      await page.goto(path)
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
      expect(await overflow(page), `${path} at ${width} px`).toBeLessThanOrEqual(0)
    }
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
