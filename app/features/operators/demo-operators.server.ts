import { eq, inArray, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { operators, type OperatorRole } from '#db/schema/index'
import { planDemoLogins, randomPassword, randomTotpSecret, readDemoLogins, writeDemoLogins, type DemoOperatorLogin } from '#db/seed/demo-logins.server'
import { createOperator } from './operator-accounts.server'
import { encryptSecret } from './totp.server'

/**
 * Demo operators, one per role, seeded with the demo members (decision record 025: only where a demo was asked
 * for). Their second factor is set up already, with a key made per install like their password, kept in
 * DATA_DIR/demo-logins.json and printed at start, so a demo (and the browser tests) can add it to an authenticator
 * app or compute the codes. A real console starts with `npm run operator:create`.
 */
export const demoOperators: { email: string; name: string; role: OperatorRole }[] = [
  { email: 'admin@demo.local', name: 'Demo Admin', role: 'admin' },
  { email: 'moderator@demo.local', name: 'Demo Moderator', role: 'moderator' },
  { email: 'moderator2@demo.local', name: 'Second Moderator', role: 'moderator' },
  { email: 'support@demo.local', name: 'Demo Support', role: 'support' },
]
const demoEmails = demoOperators.map((o) => o.email)

async function existingEmails(): Promise<Set<string>> {
  const rows = await db().select({ email: operators.email }).from(operators).where(inArray(operators.email, demoEmails))
  return new Set(rows.map((r) => r.email))
}

/** Creates the demo operators that are missing, with random logins kept in `dataDir` (existing ones keep theirs). */
export async function seedDemoOperators(dataDir: string): Promise<DemoOperatorLogin[]> {
  const existing = await existingEmails()
  const kept = readDemoLogins(dataDir)
  const logins = planDemoLogins(demoEmails, kept.operators, existing, (email) => ({
    role: demoOperators.find((o) => o.email === email)!.role,
    email,
    password: randomPassword(),
    totpSecret: randomTotpSecret(),
  }))
  writeDemoLogins(dataDir, { ...kept, operators: logins })
  for (const login of logins) {
    const o = demoOperators.find((d) => d.email === login.email)!
    const [found] = await db().select({ id: operators.id }).from(operators).where(eq(operators.email, o.email))
    const id = found?.id ?? (await createOperator({ ...o, password: login.password }))
    await db().update(operators).set({ totpSecret: encryptSecret(login.totpSecret), totpEnabledAt: sql`coalesce(${operators.totpEnabledAt}, now())` }).where(eq(operators.id, id))
  }
  return logins
}

/** The demo operators' logins kept in `dataDir` whose accounts exist in this database, for the start banner. */
export async function existingDemoOperators(dataDir: string): Promise<DemoOperatorLogin[]> {
  const kept = readDemoLogins(dataDir).operators
  if (!kept.length) return []
  const present = await existingEmails()
  return kept.filter((o) => present.has(o.email))
}
