import { expect, resultCards, test } from './fixtures'

// Issue 12 (SEO): robots.txt, sitemap.xml and the head tags of public and member pages (app/lib/seo.ts,
// app/ui/seo-tags.tsx). No PUBLIC_URL in the test server: it is http://localhost:<port>.

test('robots.txt allows the public site, keeps crawlers out of member areas and names the sitemap', async ({ request, baseURL }) => {
  const res = await request.get('/robots.txt')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toMatch(/^text\/plain/)
  const body = await res.text()
  expect(body).toContain('User-agent: *')
  for (const p of ['/members', '/chats', '/api/', '/profile', '/dev/', '/webhooks/']) expect(body).toContain(`Disallow: ${p}\n`)
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})

test('sitemap.xml lists the public pages, and no member page', async ({ request, baseURL }) => {
  const res = await request.get('/sitemap.xml')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toMatch(/^application\/xml/)
  const body = await res.text()
  expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/)
  expect(body.trim().endsWith('</urlset>')).toBe(true)
  const locs = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
  for (const p of ['/', '/pricing', '/complaints', '/pages/terms', '/pages/faq', '/landers/tinderswipe', '/signup', '/login'])
    expect(locs).toContain(`${baseURL}${p}`)
  expect(locs.some((l) => l.includes('/members'))).toBe(false)
})

test('the home page has a canonical address, a description and Open Graph tags, no image', async ({ page, baseURL }) => {
  await page.goto('/?utm_source=test')
  const head = page.locator('head')
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`)
  await expect(head.locator('meta[name="description"]')).toHaveCount(1)
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.+/)
  await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website')
  await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/`)
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/)
  await expect(head.locator('meta[property="og:site_name"]')).toHaveAttribute('content', /.+/)
  await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute('content', /^en_[A-Z]{2}$/)
  await expect(head.locator('meta[property="og:image"]')).toHaveCount(0)
  await expect(head.locator('meta[name="robots"]')).toHaveCount(0)
})

test('a member profile is never indexed and has no share image', async ({ annaPage: page }) => {
  await page.goto('/members')
  const href = await resultCards(page).first().getByRole('link').first().getAttribute('href')
  expect(href).toMatch(/^\/members\/\d+/)
  await page.goto(href!)
  const head = page.locator('head')
  await expect(head.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  await expect(head.locator('meta[property^="og:"]')).toHaveCount(0)
  await expect(head.locator('link[rel="canonical"]')).toHaveCount(0)
})
