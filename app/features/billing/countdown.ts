/** hh:mm:ss with two-digit padding (spec section 4); 0 and below show 00:00:00. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
}

/** Whole hours left (rounded up), for "shown with time left in hours" (spec section 9). */
export const hoursLeft = (endsAt: string | Date, now = Date.now()) => Math.max(0, Math.ceil((new Date(endsAt).getTime() - now) / 3600_000))

/** Spec section 4: the members area, where the time-bonus banner and popup appear. */
export const membersAreaRoutes = new Set(['members', 'members-id', 'chats', 'likes', 'likes-type', 'likes-m-id', 'premium'])

/** The popup waits this long in the members area (spec section 9), only at 0 credits. */
export const TIME_BONUS_POPUP_DELAY_MS = 40_000
