import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { activateByMail, expect, expectNoSeriousA11yViolations, fillDateOfBirth, isoDateYearsAgo, ownProfileId, setSettings, test, unique } from './fixtures'

// The marketing landers and member landings (spec section 2; app/routes/landers-*.tsx, members-id-landing*.tsx).
const TRACKING = '?network=abc&sub1=x'
const landers = ['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video'] as const

/** Ids of listed profiles, from the gallery lander's links to member landings. */
async function listedProfileIds(page: Page): Promise<number[]> {
  await page.goto('/landers/gallery')
  const hrefs = await page.locator('a[href*="/landing"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
  return hrefs.map((h) => Number(/\/members\/(\d+)\/landing/.exec(h)?.[1])).filter(Boolean)
}

test.describe('marketing landers', () => {
  for (const name of landers) {
    test(`${name}: renders, passes axe and keeps the tracking query on its signup link`, async ({ page }) => {
      const response = await page.goto(`/landers/${name}${TRACKING}`)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // A translated title of its own, not just the site name.
      await expect(page).toHaveTitle(/.+ \| Amoura$/)
      await expect(page).not.toHaveTitle(/^lander\./)
      const signup = page.getByTestId('lander-signup-link').first()
      await expect(signup).toBeVisible()
      await expect(signup).toHaveAttribute('href', `/signup${TRACKING}`)
      await expectNoSeriousA11yViolations(page)
      // Following it lands on the signup form with the query intact.
      await signup.click()
      await expect(page).toHaveURL(/\/signup\?/)
      expect(new URL(page.url()).search).toBe(TRACKING)
      await expect(page.locator('#signup-form')).toBeVisible()
    })
  }

  test('a page names its messages as a cached script, and moving to another part of the site loads that part’s', async ({ page, context }) => {
    const nl = JSON.parse(fs.readFileSync('app/i18n/locales/nl.json', 'utf8')) as Record<string, string>
    await context.addCookies([{ name: 'i18n_redirected', value: 'nl', url: test.info().project.use.baseURL! }])
    const bundles: string[] = []
    page.on('response', (r) => {
      if (r.url().includes('/i18n/')) bundles.push(`${new URL(r.url()).pathname} ${r.status()} ${r.headers()['cache-control']}`)
    })
    const response = await page.goto('/landers/video')
    // The page data no longer carries the catalog: the lander's texts come from its bundle.
    expect(await response!.text()).not.toContain('"lander.cta.login"')
    await expect(page.getByTestId('lander-signup-link').first()).toHaveText(nl['lander.cta.signup'])
    expect(bundles).toEqual([expect.stringMatching(/^\/i18n\/nl-lander-[\w-]{12}\.js 200 public, max-age=31536000, immutable$/)])
    // A client-side move to the signup page (the part a visitor starts on) fetches that part's messages before it shows.
    await page.getByTestId('lander-signup-link').first().click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl['signup.title'])
    await expect(page).toHaveTitle(`${nl['signup.title']} | Amoura`)
    expect(bundles[1]).toMatch(/^\/i18n\/nl-visitor-[\w-]{12}\.js 200 /)
    await expect(page.locator('#signup-form')).toBeVisible()
  })

  test('a page whose message script failed to load fetches it again before it comes alive', async ({ page }) => {
    let refused = 0
    await page.route('**/i18n/**', (route) => (refused++ === 0 ? route.abort() : route.continue()))
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('i18n')) errors.push(m.text())
    })
    await page.goto('/login')
    // The form works (hydrated) and speaks English, not message ids.
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
    await page.getByLabel('E-mail address').fill('nobody@example.test')
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^[a-z]+\.[a-zA-Z.]+$/)
    expect(refused).toBe(2)
    expect(errors.filter((e) => e.includes('418'))).toEqual([])
  })

  test('the public landers have a description and are in the sitemap; a slug variant is not indexed', async ({ page, request }) => {
    await page.goto('/landers/iconslanding')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /eleven languages/)
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const name of landers) expect(sitemap).toContain(`/landers/${name}</loc>`)
    await page.goto('/landers/gallery/men')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  })

  test('the slug chooses a variant: men or women, and the country of the map', async ({ page }) => {
    await page.goto(`/landers/gallery/men${TRACKING}`)
    await expect(page.getByRole('link', { name: 'Men', exact: true })).toHaveAttribute('aria-current', 'page')
    // The switch keeps the visit's query.
    await expect(page.getByRole('link', { name: 'Women', exact: true })).toHaveAttribute('href', `/landers/gallery/women${TRACKING}`)
    await page.goto('/landers/maplanding/de')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet people in Germany')
    await expect(page.getByTestId('lander-map')).toBeVisible()
    // An unknown slug changes nothing but stays in the address (campaign tracking).
    const r = await page.goto('/landers/alonetonight/spring-campaign')
    expect(r?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Alone tonight? It doesn't have to stay that way.")
  })

  test('fictional profiles carry their disclosure on the landers', async ({ page }) => {
    await page.goto('/landers/collagelanding')
    await expect(page.getByTestId('fictional-badge').first()).toBeVisible()
  })

  test('the two films can be paused and stand still for reduced motion', async ({ page, newContext }) => {
    for (const name of ['transitionsvideolanding', 'video']) {
      await page.goto(`/landers/${name}`)
      const toggle = page.getByTestId('motion-toggle')
      await expect(toggle).toHaveText('Pause animation')
      await toggle.click()
      await expect(toggle).toHaveText('Play animation')
      await expect(page.getByTestId('lander-film')).toHaveClass(/is-paused/)
    }
    const still = await (await newContext({ reducedMotion: 'reduce' })).newPage()
    await still.goto('/landers/transitionsvideolanding')
    await expect(still.getByTestId('motion-toggle')).toHaveText('Play animation')
    const animation = await still
      .locator('.film-scene')
      .first()
      .evaluate((el) => getComputedStyle(el).animationName)
    expect(animation).toBe('none')
  })

  test('a logged-in member is sent to the members area', async ({ annaPage }) => {
    for (const name of landers) {
      await annaPage.goto(`/landers/${name}`)
      await expect(annaPage).toHaveURL(/\/members$/)
    }
  })
})

test.describe('member landings', () => {
  test('each one renders the member, passes axe and keeps the tracking query', async ({ page }) => {
    const [id] = await listedProfileIds(page)
    expect(id).toBeGreaterThan(0)
    for (const path of [
      `/members/${id}/landing`,
      `/members/${id}/landing2`,
      `/members/${id}/landing2/some-campaign`,
      `/members/${id}/landing3`,
      `/members/${id}/landing3/x`,
    ]) {
      const response = await page.goto(`${path}${TRACKING}`)
      expect(response?.status(), path).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByTestId('lander-signup-link')).toHaveAttribute('href', `/signup${TRACKING}`)
      // Member pages are never indexed.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
      await expectNoSeriousA11yViolations(page)
    }
  })

  test('a fictional member landing shows the disclosure and offers a like, not a chat', async ({ page }) => {
    await page.goto('/landers/gallery')
    await expect(page.getByTestId('fictional-legend')).toContainText('Fictional profiles on this page')
    const fictional = page
      .locator('li', { has: page.getByTestId('fictional-badge') })
      .first()
      .locator('a')
    const href = (await fictional.getAttribute('href'))!
    await page.goto(href.replace('/landing', '/landing2'))
    await expect(page.getByTestId('fictional-warning')).toBeVisible()
    await expect(page.getByTestId('lander-signup-link')).toContainText('to like')
  })

  test("the member signup page: the site's signup form beside the member, the visit's tracking stored for it", async ({ page, newContext }) => {
    const [id] = await listedProfileIds(page)
    const visitor = await (await newContext()).newPage()
    const response = await visitor.goto(`/members/${id}/signup${TRACKING}`)
    expect(response?.status()).toBe(200)
    await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Sign up to')
    // The page's own action: /signup's, plus the first message to this member (issue 28, item 4).
    await expect(visitor.locator('#signup-form')).toHaveAttribute('action', `/members/${id}/signup`)
    await expectNoSeriousA11yViolations(visitor)
    // The tracking query of the visit is what the signup reads (the cookie set on the first visit).
    const cookie = (await visitor.context().cookies()).find((c) => c.name === 'tracking')
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ network: 'abc', sub1: 'x' })
  })

  test("a first message written on a real member's signup page reaches them once the new member confirms", async ({ newContext, benPage }) => {
    const benId = await ownProfileId(benPage)
    const visitor = await (await newContext()).newPage()
    await visitor.goto(`/members/${benId}/signup`)
    const id = unique('firstmsg')
    const text = `Hello Ben, ${id}`
    await visitor.locator('#signup-name').fill(id.slice(0, 24))
    await visitor.locator('#signup-email').fill(`${id}@example.test`)
    await visitor.locator('#signup-password').fill('correct-horse-9')
    await fillDateOfBirth(visitor, 'signup-dob', isoDateYearsAgo(30, 40))
    await visitor.getByLabel('Your first message to Ben (optional)').fill(text)
    await expect(visitor.getByText('Ben receives it once you have confirmed your e-mail address.')).toBeVisible()
    await visitor.locator('#signup-form button[type="submit"]').click()
    await expect(visitor).toHaveURL(/\/complete-signup(\?|$)/)
    await expect(visitor.getByTestId('first-message-unsent')).toHaveCount(0)
    // Held until the address is confirmed (spec section 4): Ben's inbox does not show it yet.
    await benPage.goto('/chats')
    await expect(benPage.getByText(text)).toHaveCount(0)
    await activateByMail(visitor, `${id}@example.test`)
    await benPage.reload()
    await expect(benPage.getByText(text)).toBeVisible()
  })

  test('no message field beside a fictional profile: nobody writes to one', async ({ page }) => {
    await page.goto('/landers/gallery')
    const href = (await page
      .locator('li', { has: page.getByTestId('fictional-badge') })
      .first()
      .locator('a')
      .getAttribute('href'))!
    await page.goto(href.replace('/landing', '/signup'))
    await expect(page.locator('#signup-form')).toBeVisible()
    await expect(page.locator('#signup-message')).toHaveCount(0)
  })

  test('unknown members answer 404; logged-in members go to the profile', async ({ page, annaPage }) => {
    for (const path of [
      '/members/999999/landing',
      '/members/999999/signup',
      '/members/999999/landing2/x',
      '/members/999999/landing3',
      '/members/abc/landing',
    ]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
    }
    const [id] = await listedProfileIds(page)
    for (const path of [`/members/${id}/landing`, `/members/${id}/signup`, `/members/${id}/landing2/x`, `/members/${id}/landing3`]) {
      await annaPage.goto(path)
      await expect(annaPage).toHaveURL(new RegExp(`/members/${id}$`))
    }
  })
})

test('with signups by traffic source only, a lander offers signup to a visit with a source, and not without', async ({ page, newContext }) => {
  try {
    await setSettings(page, { signups: 'with_trafficsource' })
    const plain = await (await newContext()).newPage()
    await plain.goto('/landers/iconslanding')
    await expect(plain.getByText('Signing up is currently by invitation only.').first()).toBeVisible()
    await expect(plain.getByTestId('lander-signup-link')).toHaveCount(0)
    const tracked = await (await newContext()).newPage()
    await tracked.goto(`/landers/iconslanding${TRACKING}`)
    await expect(tracked.getByTestId('lander-signup-link').first()).toHaveAttribute('href', `/signup${TRACKING}`)
  } finally {
    await setSettings(page, { signups: null })
  }
})
