import type { Page } from '@playwright/test'
import { activeMember, expect, expectNoSeriousA11yViolations, membersWithPhotos, test } from './fixtures'

const card = (page: Page) => page.getByTestId('swipe-card')
const cardId = async (page: Page) => (await card(page).getAttribute('data-profile'))!

test('the swipe game: skip and undo, like by button and arrow key up to the daily limit, then the wait', async ({ newContext }) => {
  const { page } = await activeMember(newContext, { prefix: 'swipe', country: 'NL', gender: 'male', lookingFor: 'female' })
  // Only members who can like back are proposed (issue 28): six women with photos, none of them fictional.
  await membersWithPhotos(page, { count: 6, gender: 'female', country: 'NL', prefix: 'Swipe' })
  await page.goto('/likes')
  await page.getByTestId('link-swipe-game').click()
  await expect(page).toHaveURL(/\/swipe-game$/)
  await expect(page.getByTestId('likes-left')).toHaveText('4 likes left today')
  await expectNoSeriousA11yViolations(page)

  // Skip, then undo: the same profile comes back.
  const first = await cardId(page)
  await page.getByRole('button', { name: 'Skip' }).click()
  await expect(card(page)).not.toHaveAttribute('data-profile', first)
  await page.getByTestId('swipe-undo').click()
  await expect(card(page)).toHaveAttribute('data-profile', first)

  for (let left = 3; left >= 0; left--) {
    await expect(card(page)).toHaveAttribute('data-fictional', 'false')
    const id = await cardId(page)
    if (left % 2) await page.getByRole('button', { name: 'Like', exact: true }).click()
    else await page.keyboard.press('ArrowRight')
    await expect(card(page)).not.toHaveAttribute('data-profile', id)
    await expect(page.getByTestId('likes-left')).toHaveText(left === 0 ? 'No likes left today' : left === 1 ? '1 like left today' : `${left} likes left today`)
  }
  await expect(page.getByTestId('swipe-wait')).toContainText("You have used today's likes. New likes in")
  await expect(page.getByTestId('countdown')).toHaveText(/^\d\d:\d\d:\d\d$/)
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeDisabled()
  // The server holds the line too: a fifth like by a plain form post is refused.
  const id = await cardId(page)
  const res = await page.request.post('/swipe-game', { form: { intent: 'like', profileId: id }, headers: { Origin: new URL(page.url()).origin } })
  expect(res.status()).toBe(429)
  await page.reload()
  await expect(page.getByTestId('likes-left')).toHaveText('No likes left today')

  // The sent likes are on the likes page, none of them fictional.
  await page.goto('/likes/sent')
  const sent = page.getByTestId('likes-grid').getByTestId('profile-card')
  await expect(sent).toHaveCount(4)
  await expect(sent.getByTestId('fictional-warning')).toHaveCount(0)
})

test('a mutual like raises the match modal on both sides, live', async ({ newContext }) => {
  const a = await activeMember(newContext, { prefix: 'matcha', country: 'NL', gender: 'male', lookingFor: 'female' })
  const b = await activeMember(newContext, { prefix: 'matchb', country: 'NL', gender: 'female', lookingFor: 'male' })
  // A likes B from the match finder.
  await a.page.goto('/match-finder')
  await expect(a.page.getByTestId('finder-grid')).toBeVisible()
  await a.page.goto(`/members/${b.profileId}`)
  await a.page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(a.page.getByRole('button', { name: 'Liked' })).toBeVisible()

  // A waits with an open socket; B likes back: both see the match modal.
  const socket = a.page.waitForEvent('websocket', (ws) => ws.url().endsWith('/ws'))
  await a.page.goto('/members')
  await socket
  const bSocket = b.page.waitForEvent('websocket', (ws) => ws.url().endsWith('/ws'))
  await b.page.goto(`/members/${a.profileId}`)
  await bSocket
  await b.page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(a.page.getByTestId('match-modal')).toContainText(`You and ${b.user.name} like each other.`)
  await expect(b.page.getByTestId('match-modal')).toContainText(`You and ${a.user.name} like each other.`)
  // A click on the button leads to the chat with that member.
  await a.page.getByTestId('match-go').click()
  await expect(a.page).toHaveURL(new RegExp(`/members/${b.profileId}/chat$`))
  // A click anywhere else closes it.
  await b.page.locator('.modal').click({ position: { x: 5, y: 5 } })
  await expect(b.page.getByTestId('match-modal')).toHaveCount(0)
})

test('a new like shows a popup with the profile, live', async ({ newContext }) => {
  const a = await activeMember(newContext, { prefix: 'likea', country: 'NL', gender: 'male', lookingFor: 'female' })
  const b = await activeMember(newContext, { prefix: 'likeb', country: 'NL', gender: 'female', lookingFor: 'male' })
  const socket = b.page.waitForEvent('websocket', (ws) => ws.url().endsWith('/ws'))
  await b.page.goto('/members')
  await socket
  await a.page.goto(`/members/${b.profileId}`)
  await a.page.getByRole('button', { name: 'Like', exact: true }).click()
  const popup = b.page.getByTestId('new-like-popup')
  await expect(popup).toContainText(`${a.user.name}, 30 likes you.`)
  await popup.getByRole('link', { name: 'View profile' }).click()
  await expect(b.page).toHaveURL(new RegExp(`/members/${a.profileId}$`))
})

test('?t=3 raises the like modal after 3 seconds and removes the parameter', async ({ newContext }) => {
  const { page } = await activeMember(newContext, { prefix: 'likemodal', country: 'NL', gender: 'male', lookingFor: 'female' })
  // The modal proposes a member who can like back: one with a photo.
  await membersWithPhotos(page, { count: 1, gender: 'female', country: 'NL', prefix: 'Modal' })
  await page.goto('/members?t=3')
  const started = Date.now()
  await expect(page.getByTestId('like-modal')).toBeVisible({ timeout: 10_000 })
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_500)
  await expect(page).toHaveURL(/\/members$/)
  await page.getByTestId('like-modal-choose').click()
  await expect(page).toHaveURL(/\/members\/\d+$/)
})

test('the swipe lander: a visitor swipes labelled profiles and is led to the signup with the tracking query', async ({ page }) => {
  await page.goto('/landers/tinderswipe?network=e2e&ref=lander')
  await expect(page.getByRole('heading', { level: 1, name: 'Who do you like?' })).toBeVisible()
  // A fictional profile's card carries the disclosure; a member's does not.
  const card = page.getByTestId('swipe-card')
  await expect(card).toBeVisible()
  const fictional = (await card.getAttribute('data-fictional')) === 'true'
  await expect(card.getByTestId('fictional-warning')).toHaveCount(fictional ? 1 : 0)
  await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(page.getByTestId('lander-signup')).toContainText('could like you too! Sign up for free to find out.')
  await expect(page.getByTestId('lander-signup-link')).toHaveAttribute('href', '/signup?network=e2e&ref=lander')
  await expectNoSeriousA11yViolations(page)
})
