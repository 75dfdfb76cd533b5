import { signLink, verifyLink } from '#app/lib/signed-links.server'
import { publicUrl } from '#app/lib/env.server'

// A suspended or banned member cannot log in, so the statement e-mail carries a signed link to their decision's
// appeal page (DSA article 20: the complaint system must be reachable). It lasts six months.
const PURPOSE = 'appeal'
const TTL_S = 180 * 24 * 3600

export function appealUrl(userId: number, decisionId: number): string {
  return `${publicUrl()}/appeal/${signLink(PURPOSE, userId, String(decisionId), TTL_S)}`
}

/** The member and decision of a valid appeal link, or null. */
export function readAppealLink(token: string | undefined): { userId: number; decisionId: number } | null {
  const v = verifyLink(PURPOSE, token)
  if (!v || !/^\d{1,9}$/.test(v.arg)) return null
  return { userId: v.userId, decisionId: Number(v.arg) }
}
