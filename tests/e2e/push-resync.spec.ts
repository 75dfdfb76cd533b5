import { expect, login, openAccountMenu, signupMember, test, unique } from './fixtures'

// The server ends a push subscription with the session that registered it (issue 24, point 11). The browser keeps
// its own subscription across a logout, so each new login must register it again. Headless Chromium reaches no push
// service here, so the browser's side is stubbed: permission granted and a subscription already present.
test('a browser that allowed pushes registers its subscription again for each new login, once per tab', async ({ page }) => {
  const endpoint = `https://push.example.test/${unique('sub')}`
  await page.addInitScript((endpoint) => {
    const subscription = {
      endpoint,
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
    }
    Object.defineProperty(Notification, 'permission', { get: () => 'granted' })
    Object.defineProperty(navigator.serviceWorker, 'getRegistration', {
      value: async () => ({ pushManager: { getSubscription: async () => ({ toJSON: () => subscription }) } }),
    })
  }, endpoint)
  const posts: string[] = []
  page.on('requestfinished', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/user.php?push=1') && (r.postData() ?? '').includes(endpoint)) posts.push(r.url())
  })
  const user = await signupMember(page, { prefix: 'pushsync' })
  await page.goto('/notifications')
  await expect.poll(() => posts.length).toBe(1)
  // Once per tab and login: another page of the same session sends nothing.
  await page.goto('/profile')
  await expect(page.getByTestId('account-menu')).toBeVisible()
  expect(posts).toHaveLength(1)

  const menu = await openAccountMenu(page)
  await menu.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await login(page, user)
  await expect.poll(() => posts.length).toBe(2)
})
