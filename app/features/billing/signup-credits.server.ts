import type { Tx } from '#db/client.server'
import { bookCredits } from './ledger.server'

/** The signup_credits setting, granted once per account when it is activated (in the activation's transaction). */
export async function grantSignupCredits(tx: Tx, userId: number, amount: number): Promise<void> {
  if (!(amount > 0)) return
  await bookCredits(tx, { userId, delta: amount, reason: 'signup_bonus', reference: null, key: `signup_bonus:${userId}` })
}
