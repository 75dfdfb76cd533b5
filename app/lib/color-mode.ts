/**
 * The member's choice of colour mode (issue 27): light or dark pages, or 'auto', as the device prefers. Kept on the
 * account (users.color_mode) and set on <html data-bs-theme> (app/root.tsx); app/styles/app.scss draws both modes.
 */
export const colorModes = ['auto', 'light', 'dark'] as const
export type ColorMode = (typeof colorModes)[number]

/** The attribute for <html>: none for 'auto', so the stylesheet follows prefers-color-scheme. */
export const themeAttribute = (mode: ColorMode | undefined): 'light' | 'dark' | undefined => (mode === 'light' || mode === 'dark' ? mode : undefined)
