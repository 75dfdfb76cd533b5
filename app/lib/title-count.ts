/**
 * The page title carries the number of things waiting for the member, unread messages plus new likes, in
 * brackets in front (spec section 4): "(3) Messages | Amoura". The same sum goes to the app badge (app-badge.ts).
 */
const PREFIX = /^\(\d+\+?\) /

/** The title without a count prefix of ours. */
export function stripTitleCount(title: string): string {
  return title.replace(PREFIX, '')
}

/** The title with `(count) ` in front, or without any prefix when there is nothing waiting. */
export function titleWithCount(title: string, count: number): string {
  const base = stripTitleCount(title)
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0
  return n > 0 ? `(${n}) ${base}` : base
}

/** What the member has waiting: the sum shown in the title and on the app badge. */
export function attentionCount(counts: { unread: number; newLikes: number } | null | undefined): number {
  if (!counts) return 0
  return Math.max(0, counts.unread) + Math.max(0, counts.newLikes)
}
