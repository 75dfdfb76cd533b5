import type { IconName } from './icon-names'
// Generated from icon-names.ts by scripts/icon-sprite.ts (a Vite plugin); a hashed asset in the build.
import spriteUrl from './icon-sprite.svg?url'

/**
 * A Bootstrap Icons glyph from the site's own sprite: an inline <svg> that draws the sprite's symbol in the text
 * colour at the text size (1em, like the icon font did), so spacing (`me-1`) and size (`fs-4`, `display-1`) classes
 * work as before. Decorative by default, hidden from assistive technology; give `label` when the icon alone carries
 * meaning, and it becomes an image with that name.
 */
export function Icon({ name, className, label }: { name: IconName; className?: string; label?: string }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const }
  return (
    <svg className={className ? `bi ${className}` : 'bi'} width="1em" height="1em" fill="currentColor" focusable="false" data-icon={name} {...a11y}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  )
}
