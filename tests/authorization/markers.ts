// The marker strings of the authorization matrix's world (tests/authorization/world.ts): what a refusal, or any
// answer at all, must not show.

/** Strings that appear in no answer to any actor: other people's e-mail addresses, messages and private texts. */
export const secretMarkers = [
  'oqzx-mail',
  'oqzx-message-to-p',
  'pqzx-message-to-o',
  'oqzx-chatphoto',
  'oqzx-decision-note',
  'oqzx-holder',
  'oqzx-street',
  'hqzx',
  'Hannaqzx',
  'pqzx-mail',
  'bqzx-mail',
  'kqzx',
  'zqzx',
] as const
/** What of O a page may show when O's profile is shown, and no refusal may show. */
export const otherName = 'Oliviaqzx'
export const otherMarkers = [otherName, 'oqzx-about'] as const
