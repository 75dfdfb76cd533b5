import { activeMember, expect, membersWithPhotos, resultCards, test } from './fixtures'

const countOf = async (text: Promise<string | null>) => Number(/^(\d+)/.exec((await text) ?? '')?.[1] ?? 0)

test('a visitor searches by country and region; a narrow search adds similar members; the search survives a visit to a profile', async ({ page }) => {
  // Visitors may search (setting logged_out_search, on by default).
  const response = await page.goto('/members')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL(/\/members$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search members')
  await expect(page.getByRole('note')).toContainText('Log in or sign up for free to chat, like and see more photos.')
  await expect(resultCards(page).first()).toBeVisible()

  const search = page.getByRole('search', { name: 'Member search' })
  const resultCount = page.getByTestId('result-count')
  await search.getByLabel('Looking for').selectOption({ label: 'Men and women' })
  await search.getByLabel('Country').selectOption({ label: 'All countries' })
  await search.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/gender=any/)
  await expect(search.getByLabel('Region')).toHaveCount(0)

  // Choosing a country searches at once and brings its regions.
  await search.getByLabel('Country').selectOption({ label: 'Germany' })
  await expect(page).toHaveURL(/country=DE/)
  const region = search.getByLabel('Region')
  await expect(region).toBeVisible()
  await expect(region.getByRole('option', { name: 'All regions' })).toHaveCount(1)
  await expect(region.getByRole('option', { name: 'Bayern', exact: true })).toHaveCount(1)
  await expect(resultCount).toHaveText(/^\d+ members? found$/)
  const germany = await countOf(resultCount.textContent())
  expect(germany).toBeGreaterThan(5)
  for (const text of await resultCards(page).allTextContents()) expect(text).toContain('Germany')

  // A region narrows it down: the demo members of Bayern live in München.
  await region.selectOption({ label: 'Bayern' })
  await search.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/countryregion=Bayern/)
  await expect(resultCount).not.toHaveText(`${germany} members found`)
  const bayern = await countOf(resultCount.textContent())
  expect(bayern).toBeGreaterThan(0)
  expect(bayern).toBeLessThan(germany)
  await expect(resultCards(page)).toHaveCount(bayern)
  for (const text of await resultCards(page).allTextContents()) expect(text).toContain('München, Germany')

  // Few results: similar members (same country, any region, wider ages) follow under their own heading.
  expect(bayern, 'the Bayern search is narrow enough for similar results (threshold 6)').toBeLessThan(6)
  await expect(page.getByRole('heading', { level: 2, name: 'Similar members' })).toBeVisible()
  const similar = page.getByTestId('similar-results').getByTestId('profile-card')
  expect(await similar.count()).toBeGreaterThan(0)
  for (const text of await similar.allTextContents()) {
    expect(text).toContain('Germany')
    expect(text).not.toContain('München')
  }

  // The search state survives a visit to a profile and the way back.
  const url = page.url()
  const countText = await resultCount.textContent()
  await resultCards(page).first().getByRole('link').click()
  await expect(page).toHaveURL(/\/members\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(url)
  await expect(search.getByLabel('Looking for')).toHaveValue('any')
  await expect(search.getByLabel('Country')).toHaveValue('DE')
  await expect(search.getByLabel('Region')).toHaveValue('Bayern')
  await expect(resultCount).toHaveText(countText!)
  await expect(page.getByRole('heading', { level: 2, name: 'Similar members' })).toBeVisible()

  // Another country drops the region (it belonged to Germany).
  await search.getByLabel('Country').selectOption({ label: 'Austria' })
  await expect(page).toHaveURL(/country=AT/)
  await expect(page).not.toHaveURL(/countryregion=Bayern/)
  await expect(search.getByLabel('Region')).toHaveValue('')
  await expect(search.getByLabel('Region').getByRole('option', { name: 'Steiermark' })).toHaveCount(1)
})

test('members with a photo come first, before a more recently active member without one (issue 28)', async ({ page, newContext }) => {
  const withPhotos = await membersWithPhotos(page, { count: 2, gender: 'female', country: 'IE', prefix: 'Photo', age: 47 })
  // Signed up after them, so more recently active: without the photo-first order this card would lead.
  const without = await activeMember(newContext, { prefix: 'nophoto', gender: 'female', lookingFor: 'male', country: 'IE', age: 47 })
  const viewer = await activeMember(newContext, { prefix: 'photoviewer', gender: 'male', lookingFor: 'female', country: 'IE', age: 47 })
  await viewer.page.goto('/members?gender=female&country=IE&min_age=47&max_age=47')
  const ids = await resultCards(viewer.page).evaluateAll((cards) =>
    cards.map((c) => Number(/\/members\/(\d+)/.exec(c.querySelector('a')?.getAttribute('href') ?? '')?.[1])),
  )
  expect(ids).toEqual(expect.arrayContaining([...withPhotos, without.profileId]))
  for (const id of withPhotos) expect(ids.indexOf(id), `member ${id} (photo) before ${without.profileId} (none)`).toBeLessThan(ids.indexOf(without.profileId))
})
