import { generate } from 'otplib'

/**
 * A TOTP code of the step the server will see: only the current 30-second step is accepted (issue 24), so a code
 * made in the last seconds of a step waits for the next one rather than arrive after it ended.
 */
export async function currentTotp(secret: string, marginMs = 3000): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000)
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 100))
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) })
}

/** The code of a step `steps` away from now (negative: an earlier one). */
export function totpAt(secret: string, steps: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })
}
