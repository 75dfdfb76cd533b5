/**
 * What an upload must be (docs/security.md "Uploads"). Shared with the pages, whose texts name these numbers.
 */
export const MAX_UPLOAD_MB = 10
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
/** Longest side in pixels: beyond any camera's photo, and what the pipeline can resize without paging. */
export const MAX_SIDE_PX = 12_000
export const MIN_SIDE_PX = 100
/** The values every photos.error.* text may use. */
export const photoErrorValues = { mb: MAX_UPLOAD_MB, max: MAX_SIDE_PX, min: MIN_SIDE_PX }
/** What the file pickers offer; the server decides from the bytes, whatever the browser says. */
export const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp'
