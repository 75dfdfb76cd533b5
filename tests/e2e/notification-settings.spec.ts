import { expect, expectNoSeriousA11yViolations, test } from './fixtures'

// The notification part of /notifications (the settings page). That a type turned off stops its e-mail is tested
// over real SMTP in app/features/notifications/email-notifications.test.ts (e-mails wait a few minutes by design).

test('a member chooses which e-mails and pushes to get, and the choice is kept', async ({ annaPage: page }) => {
  await page.goto('/notifications')
  const section = page.getByRole('region', { name: 'Notifications' })
  const likes = section.getByRole('checkbox', { name: 'Likes', exact: true })
  const news = section.getByRole('checkbox', { name: 'News about Amoura' })
  const discreet = section.getByRole('switch', { name: /Discreet/ })
  // Defaults: social e-mails on, marketing e-mails off until the member opts in.
  await expect(likes).toBeChecked()
  await expect(section.getByRole('checkbox', { name: 'New messages' })).toBeChecked()
  await expect(news).not.toBeChecked()
  await expect(section.getByRole('checkbox', { name: 'Offers and promotions' })).not.toBeChecked()
  await expectNoSeriousA11yViolations(page)

  await likes.uncheck()
  await news.check()
  await discreet.check()
  await section.getByRole('button', { name: 'Save notification settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your notification settings have been saved.' })).toBeVisible()

  await page.reload()
  await expect(likes).not.toBeChecked()
  await expect(news).toBeChecked()
  await expect(discreet).toBeChecked()

  // Put Anna back as she was, for the other tests.
  await likes.check()
  await news.uncheck()
  await discreet.uncheck()
  await section.getByRole('button', { name: 'Save notification settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your notification settings have been saved.' })).toBeVisible()
})

test('an unsubscribe link that is not ours changes nothing and says so', async ({ page }) => {
  await page.goto('/unsubscribe?token=unsubscribe.1.like.0.forged')
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
})
