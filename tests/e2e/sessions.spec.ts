import { expect, login, signupMember, test } from './fixtures'

test('settings: the list of sessions, and "End this one" behind the password (issue 24, point 18)', async ({ page, newContext }) => {
  const user = await signupMember(page, { prefix: 'ses' })
  // A second device, from an address in the Netherlands (the site trusts X-Forwarded-For from the local proxy): the
  // session to end.
  const other = await (
    await newContext({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
      extraHTTPHeaders: { 'X-Forwarded-For': '145.97.0.1' },
    })
  ).newPage()
  await login(other, user)

  await page.goto('/notifications')
  const sessions = page.getByTestId('session')
  await expect(sessions).toHaveCount(2)
  const mine = sessions.filter({ hasText: 'This device' })
  const theirs = sessions.filter({ hasText: 'Firefox on Windows' })
  await expect(theirs).toHaveCount(1)
  // With the country the session started from (GeoIP; the address itself is not kept), in the page's language.
  await expect(theirs.getByTestId('session-device')).toHaveText('Firefox on Windows, Netherlands')
  // Devices are named by browser and system, never by the raw user-agent string (issue 27).
  await expect(mine.getByTestId('session-device')).toHaveText('Chrome on Windows')
  await expect(sessions.filter({ hasText: 'Mozilla/5.0' })).toHaveCount(0)

  // A wrong password ends nothing: the form stays open with the error, the other device stays logged in.
  await theirs.getByText('End this one').click()
  await theirs.getByLabel('Password', { exact: true }).fill('not-my-password')
  await theirs.getByRole('button', { name: 'End session' }).click()
  await expect(theirs.getByText('Please check your password.', { exact: true })).toBeVisible()
  await expect(theirs.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(other.request.get('/api/user.php', { headers: { 'X-Request-Type': 'client' } }).then((r) => r.status())).resolves.toBe(200)

  // The right password ends that session only.
  await theirs.getByLabel('Password', { exact: true }).fill(user.password)
  await theirs.getByRole('button', { name: 'End session' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The session was ended.' })).toBeVisible()
  await expect(sessions).toHaveCount(1)
  await expect(mine).toHaveCount(1)
  await other.goto('/notifications')
  await expect(other).toHaveURL(/\/login/)

  // Ending this device's own session logs out.
  await mine.getByText('End this one').click()
  await expect(mine).toContainText('ending its session logs you out here')
  await mine.getByLabel('Password', { exact: true }).fill(user.password)
  await mine.getByRole('button', { name: 'End session' }).click()
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/notifications')
  await expect(page).toHaveURL(/\/login/)
})
