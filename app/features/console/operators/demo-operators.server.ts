import crypto from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { operators, type OperatorRole } from '#db/schema/index'
import { planDemoLogins, randomPassword, randomTotpSecret, readDemoLogins, writeDemoLogins, type DemoOperatorLogin } from '#db/seed/demo-logins.server'
import { createOperator } from './operator-accounts.server'
import { decryptSecret, encryptSecret } from '#app/features/authentication/totp.server'

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
    await db()
      .update(operators)
      .set({ totpSecret: encryptSecret(login.totpSecret), totpEnabledAt: sql`coalesce(${operators.totpEnabledAt}, now())` })
      .where(eq(operators.id, id))
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

/**
 * SHA-256 of the authenticator keys that the source published before decision record 025 (their passwords were
 * published with them). Only digests: enough to recognise a demo operator seeded then, useless to log in with.
 */
const PUBLISHED_KEY_DIGESTS = new Set([
  'a4718cecd43c3e7040916f49c7f4c3c3c337d50f9007f6a53773104c7ddedaf8',
  'a6ae25e90eb64606ce9244ef69ad4044d1f5a3e5f8d362f8d1ecfc1120fe7f77',
  '2c66cfa511c131fa9111636d3a40a03cad2d209dbecae17a7275b2732117864e',
  '8551c6e5af087cced1c87739d05ebd3aac51ec986a1349c3cca77b9f9734c582',
])

function hasPublishedKey(stored: string | null): boolean {
  if (!stored) return false
  try {
    return PUBLISHED_KEY_DIGESTS.has(crypto.createHash('sha256').update(decryptSecret(stored)).digest('hex'))
  } catch {
    // Encrypted under another SESSION_SECRET: not readable here, and not a key this start can judge.
    return false
  }
}

/**
 * Disables the demo operators that a database seeded before decision record 025 still holds with the logins that
 * were published in the source: on a reachable site anyone could use them. Runs at every start; returns how many.
 */
export async function disablePublishedDemoOperators(): Promise<number> {
  const rows = await db()
    .select({ id: operators.id, totpSecret: operators.totpSecret })
    .from(operators)
    .where(and(inArray(operators.email, demoEmails), isNull(operators.disabledAt)))
  const ids = rows.filter((r) => hasPublishedKey(r.totpSecret)).map((r) => r.id)
  if (ids.length)
    await db()
      .update(operators)
      .set({ disabledAt: sql`now()` })
      .where(inArray(operators.id, ids))
  return ids.length
}
