import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.describe('error pages', () => {
  test('an unknown address answers 404 with a way home', async ({ page }) => {
    const response = await page.goto('/does-not-exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found')
    await expect(page.getByText('404', { exact: true })).toBeVisible()
    // Valid HTML: one main element, one id "main".
    await expect(page.locator('main')).toHaveCount(1)
    await expect(page.locator('[id="main"]')).toHaveCount(1)
    const home = page.getByRole('link', { name: 'Back to the home page' })
    await expect(home).toHaveAttribute('href', '/')
    await home.click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Meet someone new tonight' })).toBeVisible()
  })

  test('a missing member answers 404', async ({ page }) => {
    const response = await page.goto('/members/999999')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found')
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible()
  })

  test('the chat list asks a visitor to log in', async ({ page }) => {
    await page.goto('/chats')
    await expect(page).toHaveURL(/\/login(\?|$)/)
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/chats')
  })
})

/**
 * Runs axe on the page and records (softly, so every page of a test gets checked) its serious or critical
 * violations in a readable list.
 */
async function checkA11y(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`).join('\n')}`,
  )
  expect.soft(report, `serious/critical axe violations on ${new URL(page.url()).pathname}`).toEqual([])
}

test.describe('accessibility (axe: no serious or critical violations)', () => {
  test('visitor pages: /, /login, /signup, /members and the 404 page', async ({ page }) => {
    for (const path of ['/', '/login', '/signup', '/members']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await checkA11y(page)
    }
    await page.goto('/does-not-exist')
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible()
    await checkA11y(page)
  })

  test('member pages: /members, a profile, /chats, a chat and /likes', async ({ annaPage: page }) => {
    await page.goto('/members')
    await expect(page.getByTestId('profile-card').first()).toBeVisible()
    // The list names its fictional profiles once, with the settings' plural (issue 28, fictional_plural).
    await expect(page.getByTestId('fictional-legend')).toHaveText('Fictional profiles on this page are marked with this sign.')
    await checkA11y(page)

    await page
      .getByTestId('profile-card')
      .filter({ has: page.getByTestId('fictional-badge') })
      .first()
      .getByRole('link')
      .click()
    await expect(page).toHaveURL(/\/members\/\d+$/)
    await expect(page.getByTestId('fictional-warning')).toBeVisible()
    await checkA11y(page)

    await page.goto('/chats')
    await expect(page.getByTestId('chat-list')).toBeVisible()
    await checkA11y(page)

    await page.getByTestId('chat-list').getByRole('link').first().click()
    await expect(page).toHaveURL(/\/chats\/\d+$/)
    await expect(page.getByTestId('socket-status')).toHaveText('Live')
    await expect(page.getByTestId('chat-message').first()).toBeVisible()
    await checkA11y(page)

    await page.goto('/likes')
    await expect(page.getByRole('heading', { level: 1, name: 'Likes' })).toBeVisible()
    await checkA11y(page)
  })
})
