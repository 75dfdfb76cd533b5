import { chooseLanguage, expect, expectNoSeriousA11yViolations, test, unique, waitForMail } from './fixtures'

const footerPaths = [
  '/pages/terms',
  '/pages/privacy',
  '/pages/cookies',
  '/pages/ban',
  '/pricing',
  '/complaints',
  '/pages/return-policy',
  '/pages/faq',
  '/pages/service',
]

test('the footer’s nine links answer with their content, placeholders filled', async ({ page }) => {
  await page.goto('/members')
  const links = page.getByTestId('footer-links').getByRole('link')
  await expect(links).toHaveCount(9)
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(footerPaths)
  for (const path of footerPaths) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('main')).not.toContainText('{{')
  }
  await page.goto('/pages/service')
  await expect(page.getByTestId('content-page')).toContainText('Amoura Media B.V.')
  await page.goto('/pages/terms')
  // The terms date: the company's added date here (later than 2023-12-01), written out in English.
  await expect(page.getByTestId('content-page')).toContainText(/valid from [A-Z][a-z]+ \d{1,2}, 20\d\d/i)
  await expectNoSeriousA11yViolations(page)
  expect((await page.goto('/pages/no-such-page'))?.status()).toBe(404)
  // The spec's `{token}`: the same pages at the root; an unknown token is the site's 404 page; routes keep priority.
  expect((await page.goto('/service'))?.status()).toBe(200)
  await expect(page.getByTestId('content-page')).toContainText('Amoura Media B.V.')
  expect((await page.goto('/no-such-page'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible()
  await page.goto('/pricing')
  await expect(page.getByTestId('content-page')).toHaveCount(0)
})

test('content pages come in the visitor’s language', async ({ page }) => {
  await page.goto('/')
  await chooseLanguage(page, 'Deutsch')
  await page.goto('/pages/privacy')
  await expect(page.getByTestId('content-page')).toHaveAttribute('lang', 'de')
  await expect(page.getByTestId('footer-links')).toContainText('Datenschutz')
})

test('a visitor files a complaint: what was typed is kept on an error, then a reference and a confirmation e-mail', async ({ page }) => {
  const email = `${unique('complaint')}@example.test`
  await page.goto('/complaints')
  await page.getByLabel('What is it about?').selectOption('scam')
  await page.getByLabel('Your complaint').fill('Too short')
  await page.getByLabel('Your e-mail address').fill(email)
  await page.getByRole('button', { name: 'Send complaint' }).click()
  await expect(page.getByText('Please describe your complaint in at least 20 characters.')).toBeVisible()
  await expect(page.getByLabel('Your e-mail address')).toHaveValue(email)
  await page.getByLabel('Your complaint').fill('A member asked me to send money by Western Union for a plane ticket.')
  await page.getByRole('button', { name: 'Send complaint' }).click()
  const filed = page.getByTestId('complaint-filed')
  await expect(filed).toContainText('Your complaint has been filed with reference')
  const reference = (await filed.locator('strong').textContent())!
  expect(reference).toMatch(/^C-\d{8}-[A-Z2-9]{6}$/)
  const mail = await waitForMail(email, reference)
  expect(mail.text).toContain(reference)
  await expectNoSeriousA11yViolations(page)
})

// Issue 14: icons come from one small SVG sprite of the icons the site uses (app/ui/icon.tsx), not from the
// bootstrap-icons web font and its stylesheet.
test('the home page and an icon-led lander draw their icons from the sprite and download no web font', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  for (const path of ['/', '/landers/iconslanding']) {
    await page.goto(path)
    const icons = page.locator('svg.bi')
    expect(await icons.count(), path).toBeGreaterThan(3)
    const hrefs = await page.locator('svg.bi > use').evaluateAll((uses) => uses.map((u) => u.getAttribute('href') ?? ''))
    for (const href of hrefs) expect(href, path).toMatch(/^\/assets\/icon-sprite-[\w-]+\.svg#[a-z0-9-]+$/)
    // The symbol is drawn (the sprite arrived and has it), at the text's size, and hidden from screen readers.
    await expect
      .poll(() =>
        icons
          .first()
          .locator('use')
          .evaluate((u) => (u as SVGGraphicsElement).getBBox().width),
      )
      .toBeGreaterThan(0)
    await expect(icons.first()).toHaveAttribute('aria-hidden', 'true')
    const size = await icons.first().evaluate((svg) => [svg.getBoundingClientRect().height, parseFloat(getComputedStyle(svg).fontSize)])
    expect(size[0]).toBeCloseTo(size[1], 0)
  }
  await page.waitForLoadState('networkidle')
  expect(requested.filter((p) => /\.(woff2?|ttf|eot)$/.test(p) || /bootstrap-icons/.test(p))).toEqual([])
  // One sprite for both pages (cached), nothing else of the kind.
  expect(new Set(requested.filter((p) => p.includes('icon-sprite'))).size).toBe(1)
})
