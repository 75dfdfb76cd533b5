import { eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { operators, type OperatorRole } from '#db/schema/index'
import { createOperator } from './operator-accounts.server'
import { encryptSecret } from './totp.server'

/**
 * Demo operators, one per role, seeded with the demo members (never with SEED_DEMO=0). Their second factor is
 * already set up with a fixed key, printed at start, so a demo (and the browser tests) can add it to an
 * authenticator app or compute the codes. A real console starts with `npm run operator:create`.
 */
export const demoOperators: { email: string; name: string; role: OperatorRole; password: string; totpSecret: string }[] = [
  { email: 'admin@demo.local', name: 'Demo Admin', role: 'admin', password: 'demo-admin-2026', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXA' },
  { email: 'moderator@demo.local', name: 'Demo Moderator', role: 'moderator', password: 'demo-moderator-2026', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLA' },
  { email: 'moderator2@demo.local', name: 'Second Moderator', role: 'moderator', password: 'demo-moderator2-2026', totpSecret: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LA' },
  { email: 'support@demo.local', name: 'Demo Support', role: 'support', password: 'demo-support-2026', totpSecret: 'ONSWG4TFOQQGC3DMONSWG4TFOQQGC3DA' },
]

export async function seedDemoOperators(): Promise<void> {
  for (const o of demoOperators) {
    const [existing] = await db().select({ id: operators.id }).from(operators).where(sql`lower(${operators.email}) = ${o.email}`)
    const id = existing?.id ?? (await createOperator(o))
    await db().update(operators).set({ totpSecret: encryptSecret(o.totpSecret), totpEnabledAt: sql`coalesce(${operators.totpEnabledAt}, now())` }).where(eq(operators.id, id))
  }
}

/** The demo operators present in the database, for the start banner. */
export async function existingDemoOperators(): Promise<typeof demoOperators> {
  const rows = await db().select({ email: operators.email }).from(operators)
  const present = new Set(rows.map((r) => r.email))
  return demoOperators.filter((o) => present.has(o.email))
}
