import type { Page } from '@playwright/test'
import { activeMember, expect, ownProfileId, resultCards, setCheckedOnceHydrated, test } from './fixtures'

/** The search result card of the member called `name` (names are unique per test). */
function cardOf(page: Page, name: string) {
  return resultCards(page).filter({ has: page.getByRole('heading', { name: new RegExp(`^${name},`) }) })
}

test('block a member from the profile, then unblock from the settings', async ({ newContext }) => {
  // Two real members in Ireland who would find each other.
  const a = await activeMember(newContext, { prefix: 'blocker', gender: 'female', lookingFor: 'male', country: 'IE', age: 33 })
  const b = await activeMember(newContext, { prefix: 'blocked', gender: 'male', lookingFor: 'female', country: 'IE', age: 34 })
  const search = `/members?gender=male&country=IE&min_age=34&max_age=34`

  // B likes A; A finds B in the search and among the received likes.
  await b.page.goto(`/members/${a.profileId}`)
  await b.page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(b.page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible()
  await a.page.goto(search)
  await expect(cardOf(a.page, b.user.name)).toHaveCount(1)
  await a.page.goto('/likes')
  await expect(cardOf(a.page, b.user.name)).toHaveCount(1)

  // A blocks B from B's profile, after confirming in the app's own dialog; Cancel (or Escape) blocks nothing.
  await a.page.goto(`/members/${b.profileId}`)
  const question = a.page.getByRole('dialog', { name: `Block ${b.user.name}? You will no longer see each other, and likes between you are removed.` })
  await a.page.getByRole('button', { name: 'Block', exact: true }).click()
  await expect(question).toBeVisible()
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(question).toBeHidden()
  await a.page.getByRole('button', { name: 'Block', exact: true }).click()
  await a.page.keyboard.press('Escape')
  await expect(question).toBeHidden()
  await a.page.reload()
  await expect(a.page.getByRole('button', { name: 'Block', exact: true })).toBeVisible()
  await a.page.getByRole('button', { name: 'Block', exact: true }).click()
  await question.getByRole('button', { name: 'Block', exact: true }).click()
  await expect(a.page.getByRole('status').filter({ hasText: `You blocked ${b.user.name}. You won't see each other any more.` })).toBeVisible()
  // The Block button sits at the page's end: the result shows where the member is too, as a toast (issue 27).
  const toast = a.page.getByTestId('result-toast')
  await expect(toast).toHaveText(`You blocked ${b.user.name}. You won't see each other any more.`)
  await expect(toast).toBeInViewport()
  await expect(a.page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible()

  // B is gone from A's search and likes.
  await a.page.goto(search)
  await expect(a.page.getByTestId('result-count')).toBeVisible()
  await expect(cardOf(a.page, b.user.name)).toHaveCount(0)
  await expect(a.page.getByTestId('similar-results').getByRole('heading', { name: new RegExp(`^${b.user.name},`) })).toHaveCount(0)
  await a.page.goto('/likes')
  await expect(a.page.getByRole('heading', { level: 1, name: 'Likes' })).toBeVisible()
  await expect(cardOf(a.page, b.user.name)).toHaveCount(0)

  // B may not see A any more: the profile and the chat say so.
  const response = await b.page.goto(`/members/${a.profileId}`)
  expect(response?.status()).toBe(403)
  await expect(b.page.getByRole('alert')).toHaveText(`You're blocked by ${a.user.name}. You do not have access to this page.`)
  await b.page.goto(`/members/${a.profileId}/chat`)
  await expect(b.page.getByRole('alert')).toHaveText(`You're blocked by ${a.user.name}. You do not have access to this page.`)
  await b.page.goto('/members?gender=female&country=IE&min_age=33&max_age=33')
  await expect(b.page.getByTestId('result-count')).toBeVisible()
  await expect(cardOf(b.page, a.user.name)).toHaveCount(0)

  // A unblocks B from the settings' list.
  await a.page.goto('/notifications')
  const blocked = a.page.getByTestId('blocked-list').getByRole('listitem')
  await expect(blocked).toHaveCount(1)
  await expect(blocked).toContainText(b.user.name)
  await blocked.getByRole('button', { name: 'Unblock' }).click()
  await expect(a.page.getByRole('status').filter({ hasText: 'The member has been unblocked.' })).toBeVisible()
  await expect(a.page.getByText("You haven't blocked anyone.")).toBeVisible()
  await a.page.goto(search)
  await expect(cardOf(a.page, b.user.name)).toHaveCount(1)
  await b.page.goto(`/members/${a.profileId}`)
  await expect(b.page.getByRole('heading', { level: 1 })).toContainText(a.user.name)
})

test('report a profile with a reason', async ({ benPage: page }) => {
  await page.goto('/members')
  // A profile with a photo, so that the form offers to report the photo or the profile (members made by other
  // tests may have none and be listed first).
  const card = resultCards(page)
    .filter({ has: page.locator('img') })
    .first()
  const heading = (await card.getByRole('heading').textContent())!.trim()
  const name = heading.split(',')[0]
  await card.getByRole('link').click()
  await expect(page).toHaveURL(/\/members\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  await page.getByText('Report', { exact: true }).click()
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: `Report ${name}` }) })
  await expect(form.getByLabel('What are you reporting?')).toHaveValue('')
  await form.getByLabel('Reason').selectOption({ label: 'Fake profile' })
  await form.getByLabel('Details (optional)').fill('The photo looks like a drawing.')
  await form.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you. Our team will review your report.' })).toBeVisible()
  await expect(page.getByTestId('result-toast')).toHaveText('Thank you. Our team will review your report.')
  await expect(page.getByTestId('result-toast')).toBeInViewport()
})

test('invisible mode hides from search; privacy mode shows the profile only to members one liked', async ({ newContext, annaPage, benPage }) => {
  // A woman in the Netherlands: Ben's default search (women in his country) would show her.
  const a = await activeMember(newContext, { prefix: 'private', gender: 'female', lookingFor: 'male', country: 'NL', age: 47 })
  const search = '/members?gender=female&country=NL&min_age=47&max_age=47'
  await benPage.goto(search)
  await expect(cardOf(benPage, a.user.name)).toHaveCount(1)

  async function savePrivacy(invisible: boolean, privacyMode: boolean) {
    await a.page.goto('/notifications')
    await setCheckedOnceHydrated(a.page.getByRole('switch', { name: 'Invisible mode' }), invisible)
    await setCheckedOnceHydrated(a.page.getByRole('switch', { name: 'Privacy mode' }), privacyMode)
    await a.page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(a.page.getByRole('status').filter({ hasText: 'Your settings have been saved.' })).toBeVisible()
    await a.page.reload()
    await expect(a.page.getByRole('switch', { name: 'Invisible mode' })).toBeChecked({ checked: invisible })
    await expect(a.page.getByRole('switch', { name: 'Privacy mode' })).toBeChecked({ checked: privacyMode })
  }

  // Invisible: gone from Ben's search.
  await savePrivacy(true, false)
  await benPage.goto(search)
  await expect(benPage.getByTestId('result-count')).toBeVisible()
  await expect(cardOf(benPage, a.user.name)).toHaveCount(0)

  // Privacy mode: A likes Anna but not Ben. Anna sees the profile, Ben does not (not even from the search).
  await savePrivacy(false, true)
  const annaId = await ownProfileId(annaPage)
  await a.page.goto(`/members/${annaId}`)
  await a.page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(a.page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible()

  await annaPage.goto(`/members/${a.profileId}`)
  await expect(annaPage.getByRole('heading', { level: 1 })).toContainText(a.user.name)
  const response = await benPage.goto(`/members/${a.profileId}`)
  expect(response?.status()).toBe(404)
  await expect(benPage.getByRole('heading', { level: 1 })).toHaveText('This page could not be found')
  await benPage.goto(search)
  await expect(benPage.getByTestId('result-count')).toBeVisible()
  await expect(cardOf(benPage, a.user.name)).toHaveCount(0)
})
