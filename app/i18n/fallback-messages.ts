import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'

/**
 * The English texts the error page needs when the root data is missing (the root loader itself failed). Only
 * these ship with the browser bundle; every page's messages come as a bundle script (app/i18n/message-bundles.server.ts).
 * Parsed already, as the bundles' are: the browser's build has no message parser (vite.config.ts).
 * app/i18n/fallback-messages.test.ts keeps them equal to en.json.
 */
const texts: Record<string, string> = {
  'error.notFound': 'This page could not be found',
  'error.forbidden': 'You do not have access to this page.',
  'error.generic': 'An error has occurred.',
  'error.home': 'Back to the home page',
}

export const fallbackMessages: Record<string, MessageFormatElement[]> = Object.fromEntries(
  Object.entries(texts).map(([id, value]) => [id, [{ type: TYPE.literal, value }]]),
)
