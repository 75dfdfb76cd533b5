import { generate } from 'otplib'
import { expect, test, type Page } from '@playwright/test'
import { demoOperator } from './demo-logins'

/**
 * The demo operators seeded with the demo data (app/features/console/operators/demo-operators.server.ts). Their passwords
 * and authenticator keys are the web server's, read from its DATA_DIR when a test first uses them.
 */
export const operatorsDemo = {
  admin: demoOperator('admin@demo.local', 'Demo Admin'),
  moderator: demoOperator('moderator@demo.local', 'Demo Moderator'),
  moderator2: demoOperator('moderator2@demo.local', 'Second Moderator'),
  support: demoOperator('support@demo.local', 'Demo Support'),
}
export type DemoOperator = (typeof operatorsDemo)[keyof typeof operatorsDemo]

// Each 30-second code is accepted once per operator (no replay): a second login of the same operator waits for
// the next step. The fixtures log each operator in once per worker, so this rarely waits; when it does, the wait
// is added to the test's time (a retry logs in again, and a slow machine must not turn the wait into a timeout).
const lastStep = new Map<string, number>()
async function untilNextStep(step: number) {
  const wait = (step + 1) * 30_000 - Date.now() + 200
  test.info().setTimeout(test.info().timeout + wait)
  await new Promise((r) => setTimeout(r, wait))
}
async function freshCode(op: DemoOperator): Promise<string> {
  let step = Math.floor(Date.now() / 30_000)
  if ((lastStep.get(op.email) ?? -1) >= step) {
    await untilNextStep(step)
    step = Math.floor(Date.now() / 30_000)
  }
  // Only the current step is accepted (issue 24): a code made in a step's last seconds waits for the next one.
  if ((step + 1) * 30_000 - Date.now() < 3000) {
    await untilNextStep(step)
    step = Math.floor(Date.now() / 30_000)
  }
  lastStep.set(op.email, step)
  return generate({ secret: op.totpSecret, epoch: Math.floor(Date.now() / 1000) })
}

/** Logs an operator in at /admin/login: password, then the authenticator code; waits for the console. */
export async function operatorLogin(page: Page, op: DemoOperator): Promise<void> {
  await page.goto('/admin/login')
  await page.getByLabel('E-mail address').fill(op.email)
  await page.getByLabel('Password').fill(op.password)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/admin\/login\/code$/)
  await page.getByLabel('Code').fill(await freshCode(op))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByTestId('operator-name')).toContainText(op.name)
}
