/**
 * Every Bootstrap Icons glyph the product shows, and nothing else: the SVG sprite is built from exactly this list
 * (scripts/icon-sprite.ts, a Vite plugin; one <symbol> per name from node_modules/bootstrap-icons/icons), so a page
 * downloads these few glyphs instead of the whole icon font. `<Icon name>` only takes these names; to show a new
 * icon, add its name here (kept sorted). Names that come from data (the fictional-profile icon setting, interests
 * stored in the database) go through `iconOr`, so an unknown one falls back instead of drawing nothing.
 */
export const iconNames = [
  'airplane', 'apple', 'arrow-clockwise', 'arrow-counterclockwise', 'arrow-left', 'arrow-repeat', 'bag-heart',
  'balloon', 'bank', 'bank2', 'bell', 'bell-fill', 'bicycle', 'book', 'box-arrow-right', 'building',
  'calendar-heart', 'camera', 'camera-fill', 'camera-reels', 'car-front', 'cart', 'chat', 'chat-dots',
  'chat-dots-fill', 'chat-heart', 'chat-heart-fill', 'check', 'check-all', 'check-circle', 'check-circle-fill',
  'check-lg', 'chevron-left', 'circle', 'coin', 'cone-striped', 'controller', 'cpu', 'credit-card',
  'credit-card-2-back', 'credit-card-2-front', 'cup', 'cup-hot', 'cup-straw', 'download', 'dribbble', 'droplet',
  'egg-fried', 'emoji-heart-eyes', 'emoji-laughing', 'emoji-smile', 'file-earmark-text', 'film', 'flag', 'flower1',
  'flower2', 'gear', 'gear-wide-connected', 'gem', 'geo', 'geo-alt', 'geo-alt-fill', 'gift', 'grid-3x3-gap',
  'hand-index-thumb', 'hand-thumbs-up', 'heart', 'heart-fill', 'heart-pulse', 'hearts', 'hourglass-split', 'image',
  'images', 'info-circle', 'journal-text', 'lightbulb', 'lightning-charge', 'lock-fill', 'mask', 'mic', 'moon',
  'moon-stars', 'moon-stars-fill', 'music-note', 'music-note-beamed', 'palette', 'pause-fill', 'paypal', 'pen',
  'pencil-square', 'people', 'people-fill', 'percent', 'person', 'person-badge', 'person-circle', 'person-gear',
  'person-plus', 'person-plus-fill', 'phone', 'play-fill', 'plus-circle', 'plus-lg', 'printer', 'receipt', 'search',
  'search-heart', 'search-heart-fill', 'send', 'shield-check', 'shield-exclamation', 'shield-lock', 'signpost-split',
  'slash-circle', 'sliders', 'snow', 'speedometer2', 'stars', 'stopwatch', 'sunset', 'tag-fill', 'tools',
  'translate', 'trash', 'tree', 'tv', 'umbrella', 'upc', 'water', 'x-circle', 'x-lg',
] as const

export type IconName = (typeof iconNames)[number]

const known: ReadonlySet<string> = new Set(iconNames)

export function isIconName(name: unknown): name is IconName {
  return typeof name === 'string' && known.has(name)
}

/** A name from data (a setting, a database row) as an icon of the sprite, or `fallback` when the sprite lacks it. */
export function iconOr(name: string | null | undefined, fallback: IconName): IconName {
  return isIconName(name) ? name : fallback
}
