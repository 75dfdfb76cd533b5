import { activateByMail, activeMember, expect, expectNoSeriousA11yViolations, jpeg, ownProfileId, setSettings, signupMember, test, unique } from './fixtures'

const photoAlertText = 'Members with a photo get far more replies. Add your photo now!'

test('edit the profile and see it on the public profile; the photo alert until dismissed', async ({ page }) => {
  const user = await signupMember(page, { prefix: 'prof' })

  // No photo yet: the alert shows in the members area, not on /profile; dismissing it is remembered.
  await page.goto('/members')
  const alert = page.getByRole('status').filter({ hasText: photoAlertText })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('link', { name: 'Add a photo' })).toHaveAttribute('href', '/profile')
  await alert.getByRole('link', { name: 'Add a photo' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
  await expect(page.getByText(photoAlertText)).toHaveCount(0)
  await page.goto('/likes')
  await expect(alert).toBeVisible()
  await alert.getByRole('button', { name: 'Dismiss' }).click()
  await expect(alert).toHaveCount(0)
  await page.goto('/members')
  await expect(page.getByTestId('profile-card').first()).toBeVisible()
  await expect(page.getByText(photoAlertText)).toHaveCount(0)

  await page.goto('/profile')
  const about = `About ${user.name}: ${unique('sailing and ')}`
  await page.getByLabel('About me').fill(about)
  await page.getByLabel('Hair colour').selectOption({ label: 'Red' })
  await page.getByLabel('Eye colour').selectOption({ label: 'Green' })
  const interests = page.getByRole('group', { name: 'Interests' })
  await interests.getByText('Cooking', { exact: true }).click()
  await interests.getByText('Photography', { exact: true }).click()
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible()
  // The result also shows where the member is, at the form's end (issue 27): a toast in the viewport, then gone.
  const toast = page.getByTestId('result-toast')
  await expect(toast).toHaveText('Your profile has been saved.')
  await expect(toast).toBeInViewport()
  await expect(toast).toBeHidden({ timeout: 10_000 })

  // Kept after a reload.
  await page.reload()
  await expect(page.getByLabel('About me')).toHaveValue(about)
  await expect(page.getByLabel('Hair colour')).toHaveValue('red')
  await expect(page.getByLabel('Cooking', { exact: true })).toBeChecked()

  await page.getByRole('link', { name: 'View my public profile' }).click()
  await expect(page).toHaveURL(/\/members\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${user.name}, 30$`))
  await expect(page.getByText(about)).toBeVisible()
  const details = page.locator('dl')
  await expect(details.locator('div').filter({ hasText: 'Hair colour' }).locator('dd')).toHaveText('Red')
  await expect(details.locator('div').filter({ hasText: 'Eye colour' }).locator('dd')).toHaveText('Green')
  const shownInterests = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Interests' }) })
    .getByRole('listitem')
  await expect(shownInterests).toHaveText(['Cooking', 'Photography'], { useInnerText: true })

  // The date of birth is three choices in the language's order (issue 27), not the browser's date input.
  await page.goto('/profile')
  const dob = page.getByRole('group', { name: 'Date of birth' })
  await expect(dob.getByRole('combobox')).toHaveCount(3)
  const year = String(new Date().getFullYear() - 41)
  await dob.getByRole('combobox', { name: 'Day' }).selectOption('1')
  await dob.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'January' })
  await dob.getByRole('combobox', { name: 'Year' }).selectOption(year)
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible()
  await page.reload()
  await expect(dob.getByRole('combobox', { name: 'Year' })).toHaveValue(year)
  await page.getByRole('link', { name: 'View my public profile' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${user.name}, 41$`))
})

test('upload two photos at once, choose the main one, delete one; free members see the others locked', async ({ page, benPage }) => {
  const user = await signupMember(page, { prefix: 'photo', gender: 'female', lookingFor: 'male', country: 'NL' })
  await activateByMail(page, user.email)
  const profileId = await ownProfileId(page)

  await page.goto('/profile')
  const photos = page.getByTestId('own-photo')
  await expect(photos).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'My photos' })).toContainText('(0/3)')

  // Hold the uploads back a little, so their progress can be seen.
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/api/photos.php', async (route) => {
    await held
    await route.continue()
  })
  await page.getByLabel('Choose photos').setInputFiles([
    { name: 'first.jpg', mimeType: 'image/jpeg', buffer: await jpeg(200, 40, 40) },
    { name: 'second.jpg', mimeType: 'image/jpeg', buffer: await jpeg(40, 40, 200) },
  ])
  await expect(page.getByRole('progressbar', { name: 'first.jpg' })).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'second.jpg' })).toBeVisible()
  release()
  await expect(page.getByTestId('upload')).toHaveCount(0)
  await expect(photos).toHaveCount(2)
  await expect(page.getByRole('heading', { name: 'My photos' })).toContainText('(2/3)')
  await page.unroute('**/api/photos.php')

  // The first upload became the main photo; make the second one main.
  const first = await photos.nth(0).locator('img').getAttribute('src')
  const second = await photos.nth(1).locator('img').getAttribute('src')
  const card = (src: string | null) => photos.filter({ has: page.locator(`img[src="${src}"]`) })
  await expect(card(first)).toContainText('Main photo')
  await expect(card(second)).not.toContainText('Main photo')
  await card(second).getByRole('button', { name: 'Make main photo' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your main photo has been changed.' })).toBeVisible()
  await expect(card(second)).toContainText('Main photo')
  await expect(card(first)).not.toContainText('Main photo')
  await expect(card(first).getByRole('button', { name: 'Make main photo' })).toBeVisible()

  // Ben, a free member, sees the main photo and the other one blurred and locked; the server sends him only the
  // blurred file.
  await benPage.goto(`/members/${profileId}`)
  await expect(benPage.getByRole('heading', { level: 1 })).toContainText(user.name)
  await expect(benPage.getByRole('img', { name: `Photo of ${user.name}` }).first()).toBeVisible()
  const locked = benPage.getByTestId('locked-photo')
  await expect(locked).toHaveCount(1)
  await expect(benPage.getByText('Only Premium members can see all photos')).toBeVisible()
  const lockedSrc = (await locked.getAttribute('src'))!
  const forBen = await benPage.request.get(lockedSrc)
  expect(forBen.status()).toBe(200)
  expect(forBen.headers()['x-photo-blurred']).toBe('1')
  const forOwner = await page.request.get(lockedSrc)
  expect(forOwner.headers()['x-photo-blurred']).toBe('0')
  expect((await forOwner.body()).equals(await forBen.body())).toBe(false)
  // The owner sees it unlocked on the public profile.
  await page.goto(`/members/${profileId}`)
  await expect(page.getByTestId('photo')).toHaveCount(1)
  await expect(page.getByTestId('locked-photo')).toHaveCount(0)

  // Delete the one that is not main, after the app's own confirmation.
  await page.goto('/profile')
  await card(first).getByRole('button', { name: 'Delete photo' }).click()
  const question = page.getByRole('dialog', { name: 'Delete this photo?' })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Delete photo' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Picture deleted.' })).toBeVisible()
  await expect(photos).toHaveCount(1)
  await expect(card(second)).toContainText('Main photo')

  // With a photo, the photo alert is gone; Ben no longer gets a locked photo.
  await page.goto('/members')
  await expect(page.getByTestId('profile-card').first()).toBeVisible()
  await expect(page.getByText(photoAlertText)).toHaveCount(0)
  await benPage.reload()
  await expect(benPage.getByTestId('locked-photo')).toHaveCount(0)
})

test('private notes about another member: written, kept, deleted, seen by their author alone (issue 28)', async ({ newContext, page: hooks }) => {
  const a = await activeMember(newContext, { prefix: 'notea' })
  const b = await activeMember(newContext, { prefix: 'noteb' })
  try {
    // Off by default: no note box.
    await a.page.goto(`/members/${b.profileId}`)
    await expect(a.page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(a.page.getByTestId('private-note')).toHaveCount(0)
    await setSettings(hooks, { visible_profile_notes: true })
    await a.page.reload()
    const box = a.page.getByTestId('private-note')
    await expect(box).toContainText(`Only you can see this note. ${b.user.name} never does.`)
    await box.getByLabel(`Your note about ${b.user.name}`).fill('Met at the harbour festival; likes sailing.')
    await box.getByRole('button', { name: 'Save note' }).click()
    await expect(box.getByRole('status')).toHaveText('Your note has been saved.')
    await a.page.reload()
    await expect(box.getByLabel(`Your note about ${b.user.name}`)).toHaveValue('Met at the harbour festival; likes sailing.')
    await expectNoSeriousA11yViolations(a.page)
    // B, on A's page, has a note box of their own, empty: nothing of A's note.
    await b.page.goto(`/members/${a.profileId}`)
    await expect(b.page.getByTestId('private-note').locator('textarea')).toHaveValue('')
    await expect(b.page.locator('body')).not.toContainText('harbour festival')
    // Deleted by its author.
    await box.getByRole('button', { name: 'Delete note' }).click()
    await expect(box.getByRole('status')).toHaveText('Your note has been deleted.')
    await a.page.reload()
    await expect(box.locator('textarea')).toHaveValue('')
  } finally {
    await setSettings(hooks, { visible_profile_notes: null })
  }
})
