/** The member's screens (Anna's, in the demo), drawn by `npm run screenshots` and read by tests/e2e/css-purge.spec.ts. */
export const memberScreens = [
  '/members',
  '/members/2',
  '/chats',
  '/chats/1',
  '/likes',
  '/credits',
  '/premium',
  '/profile',
  '/notifications',
  '/swipe-game',
  '/match-finder',
  '/transactions',
]
