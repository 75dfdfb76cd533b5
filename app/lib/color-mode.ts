/**
 * The member's choice of colour mode (issue 27): light or dark pages, or 'auto', as the device prefers. Kept on the
 * account (users.color_mode) and set on <html data-bs-theme> (app/root.tsx); app/styles/app.scss draws both modes.
 */
export const colorModes = ['auto', 'light', 'dark'] as const
export type ColorMode = (typeof colorModes)[number]

/** The attribute for <html>: none for 'auto', so the stylesheet follows prefers-color-scheme. */
export const themeAttribute = (mode: ColorMode | undefined): 'light' | 'dark' | undefined => (mode === 'light' || mode === 'dark' ? mode : undefined)

/**
 * A route's say in the colour mode (its `handle`): 'light' for pages drawn as pictures on light grounds (the landers:
 * their art, cards and text colours were made for light pages, and half of them turned unreadable in dark mode),
 * 'device' for a page under such a layout that draws both ways again (the home page).
 */
export interface ColorSchemeHandle {
  colorScheme?: 'light' | 'device'
}

/** The mode the matched routes pin the page to: the deepest route that names one decides; none, the member's. */
export function pinnedColorScheme(matches: readonly { handle?: unknown }[]): 'light' | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const scheme = (matches[i].handle as ColorSchemeHandle | undefined)?.colorScheme
    if (scheme) return scheme === 'light' ? 'light' : undefined
  }
  return undefined
}
