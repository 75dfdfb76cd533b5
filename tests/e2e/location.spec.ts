import { expect, signupMember, test } from './fixtures'

test.use({ geolocation: { latitude: 52.1234, longitude: 5.8321 }, permissions: ['geolocation'] })

test('"Use my location" posts the position and fills in the place; a GET of the same endpoint stores nothing', async ({ page }) => {
  await signupMember(page, { prefix: 'loc', country: 'NL' })
  await page.goto('/profile')
  const posted = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/geocode.php')
  await page.getByRole('button', { name: 'Use my location' }).click()
  const request = await posted
  // The position goes in a POST body, never in a URL a link could hold.
  expect(request.method()).toBe('POST')
  expect(new URL(request.url()).search).toBe('')
  await expect(page.getByLabel('City')).toHaveValue('Otterlo')

  // A link on another site asks for Amsterdam with the member's cookie: the place is looked up, not stored.
  const lookup = await page.request.get('/api/geocode.php?lat=52.372&lon=4.893&save=1')
  expect(await lookup.json()).toEqual({ result: { country: 'NL', region: null, city: 'Amsterdam' } })
  await page.reload()
  await expect(page.getByLabel('City')).toHaveValue('Otterlo')
})
