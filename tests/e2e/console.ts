import { generate } from 'otplib'
import { expect, type Page } from '@playwright/test'

/** The demo operators seeded with the demo data (app/features/operators/demo-operators.server.ts), with their authenticator keys. */
export const operatorsDemo = {
  admin: { email: 'admin@demo.local', password: 'demo-admin-2026', name: 'Demo Admin', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXA' },
  moderator: { email: 'moderator@demo.local', password: 'demo-moderator-2026', name: 'Demo Moderator', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLA' },
  moderator2: { email: 'moderator2@demo.local', password: 'demo-moderator2-2026', name: 'Second Moderator', totpSecret: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LA' },
  support: { email: 'support@demo.local', password: 'demo-support-2026', name: 'Demo Support', totpSecret: 'ONSWG4TFOQQGC3DMONSWG4TFOQQGC3DA' },
} as const
export type DemoOperator = (typeof operatorsDemo)[keyof typeof operatorsDemo]

// Each 30-second code is accepted once per operator (no replay): a second login of the same operator waits for
// the next step. The fixtures log each operator in once per worker, so this rarely waits.
const lastStep = new Map<string, number>()
async function freshCode(op: DemoOperator): Promise<string> {
  let step = Math.floor(Date.now() / 30_000)
  if ((lastStep.get(op.email) ?? -1) >= step) {
    await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - Date.now() + 200))
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
