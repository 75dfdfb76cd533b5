import { expect, test } from './fixtures'

// Issue 15: the Content-Security-Policy in a real browser. Every other test runs under it too and fails on a
// violation (tests/e2e/fixtures.ts); these check that the policy is really enforced and that each reply of a
// cached page (server/page-cache.server.ts) has a nonce of its own that the page's scripts carry.

test('a script injected into the page does not run, and neither does an inline event handler', async ({ browser, baseURL }) => {
  // A context of its own: the violations here are the point, not a failure of the suite's policy watch.
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const refused: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) refused.push(m.text())
  })
  await page.goto('/login')
  const ran = await page.evaluate(async () => {
    const w = window as unknown as Record<string, unknown>
    const script = document.createElement('script')
    script.textContent = 'window.__injected = true'
    document.head.append(script)
    const button = document.createElement('button')
    button.setAttribute('onclick', 'window.__clicked = true')
    document.body.append(button)
    button.click()
    await new Promise((r) => setTimeout(r, 100))
    return { script: w.__injected === true, handler: w.__clicked === true }
  })
  expect(ran).toEqual({ script: false, handler: false })
  await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2)
  await context.close()
})

test('each reply of a page carries its own nonce, on the header and on every inline script, and the page works', async ({ page }) => {
  const nonces: string[] = []
  for (let i = 0; i < 2; i++) {
    const res = await page.goto('/signup')
    const csp = res!.headers()['content-security-policy']
    expect(csp).not.toMatch(/script-src[^;]*unsafe/)
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]
    // Browsers hide the attribute once the document is parsed; the property keeps it.
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((s) => !(s as HTMLScriptElement).type.includes('json'))
        .map((s) => (s as HTMLScriptElement).nonce),
    )
    expect(scripts.length).toBeGreaterThan(0)
    expect(new Set(scripts)).toEqual(new Set([nonce]))
    nonces.push(nonce)
  }
  expect(nonces[0]).not.toBe(nonces[1])
})

test('a member’s page hydrates under the policy', async ({ annaPage: page }) => {
  await page.goto('/chats')
  await page.locator('a[href^="/chats/"]').first().click()
  // Enabled only once React has hydrated the conversation.
  await expect(page.getByTestId('gift-button')).toBeEnabled()
  await expect(page.getByTestId('send-button')).toBeVisible()
})
