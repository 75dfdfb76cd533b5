import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, setSettings, test } from './fixtures'

/**
 * The setting niche (spec section 1; app/features/niche): each of the seven shows its own theme, hero and copy, and
 * passes the accessibility check with colour contrast. The setting is global: every test puts the default back.
 */
const niches = [
  {
    id: 1,
    slug: 'default',
    primary: '#cf3f37',
    eyebrow: 'Casual dating and chat',
    title: 'Meet someone new tonight',
    search: 'Find members by gender, country and age.',
  },
  {
    id: 2,
    slug: 'she',
    primary: '#9c2b8a',
    eyebrow: 'Women seeking women',
    title: 'Where women meet women',
    search: 'Find women who love women by country and age.',
  },
  {
    id: 3,
    slug: 'bdsm',
    primary: '#a8173a',
    eyebrow: 'Kink-friendly dating',
    title: 'Kinky dating, on your terms',
    search: 'Find like-minded members by gender, country and age.',
  },
  { id: 4, slug: 'bbw', primary: '#b0306a', eyebrow: 'Curvy dating', title: 'Dating that celebrates curves', search: 'Find curvy singles by country and age.' },
  {
    id: 5,
    slug: 'gilf',
    primary: '#2f5d8a',
    eyebrow: 'Mature dating 60+',
    title: 'Meet confident women over 60',
    search: 'Find women over 60 by country and age.',
  },
  {
    id: 6,
    slug: 'milf',
    primary: '#0d6e61',
    eyebrow: 'Women 35 to 55',
    title: 'Meet self-assured women in their prime',
    search: 'Find women in their thirties, forties and fifties by country.',
  },
  { id: 7, slug: 'gay', primary: '#3451b2', eyebrow: 'Men seeking men', title: 'Where men meet men', search: 'Find men who are into men by country and age.' },
] as const

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`
}

test.describe.configure({ mode: 'serial' })

/** Runs `body` with the site in niche `id`, and puts the default niche back whatever happens. */
async function inNiche(page: Page, id: number, body: () => Promise<void>) {
  await setSettings(page, { niche: id })
  try {
    await body()
  } finally {
    await setSettings(page, { niche: 1 })
  }
}

test.afterAll(async ({ playwright }, testInfo) => {
  // Belt and braces: the default niche for the suites that follow, even if a test died mid-way.
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  await setSettings(api, { niche: 1 })
  await api.dispose()
})

for (const n of niches) {
  test(`niche ${n.id} (${n.slug}): its theme, hero and copy, accessible`, async ({ page }) => {
    await inNiche(page, n.id, async () => {
      await page.goto('/')
      await expect(page.locator('html')).toHaveAttribute('data-niche', String(n.id))
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', n.primary)
      const hero = page.getByTestId('hero')
      await expect(hero).toHaveAttribute('data-niche-hero', n.slug)
      await expect(hero.getByRole('heading', { level: 1 })).toHaveText(n.title)
      await expect(hero).toContainText(n.eyebrow)
      await expect(hero).toContainText('Amoura')
      await expect(page.getByText(n.search, { exact: true })).toBeVisible()
      // The art is drawn inline, hidden from assistive technology; nothing is fetched from elsewhere.
      await expect(hero.locator('svg.hero-art')).toHaveAttribute('aria-hidden', 'true')
      // Bootstrap's variables and the compiled-in button colours follow the niche.
      const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bs-primary').trim())
      expect(primary).toBe(n.primary)
      const navButton = page.locator('header .btn-primary').first()
      await expect(navButton).toHaveCSS('background-color', rgb(n.primary))
      await expect(hero.getByRole('link', { name: 'Sign up for free' })).toHaveCSS('color', rgb(n.primary))
      await expectNoSeriousA11yViolations(page)
    })
  })
}

test('the signup form and a visitor’s search start as the niche’s audience: men for gay, women for she', async ({ page }) => {
  const expectations = [
    { id: 7, gender: 'male', lookingFor: 'male' },
    { id: 2, gender: 'female', lookingFor: 'female' },
    { id: 1, gender: 'male', lookingFor: 'female' },
  ]
  for (const e of expectations) {
    await inNiche(page, e.id, async () => {
      await page.goto('/')
      await page.getByTestId('hero').getByRole('link', { name: 'Sign up for free' }).click()
      const modal = page.getByRole('dialog')
      await expect(modal.getByLabel('I am a')).toHaveValue(e.gender)
      await expect(modal.getByLabel('Looking for')).toHaveValue(e.lookingFor)
      await expectNoSeriousA11yViolations(page)
      await page.goto('/signup')
      await expect(page.locator('main').getByLabel('I am a')).toHaveValue(e.gender)
      await expect(page.locator('main').getByLabel('Looking for')).toHaveValue(e.lookingFor)
      await page.goto('/members')
      await expect(page.getByRole('search').getByLabel('Looking for')).toHaveValue(e.lookingFor)
    })
  }
})
