/**
 * The gifts a member can send in a chat. Plain data (no React): the server validates against it and the client
 * draws each gift with `components/gift-art.tsx`.
 */
export const giftIds = ['rose', 'bouquet', 'heart', 'chocolates', 'champagne', 'cocktail', 'teddy', 'ring', 'star', 'cupcake', 'kiss', 'sunflower'] as const

export type GiftId = (typeof giftIds)[number]

const known: ReadonlySet<string> = new Set(giftIds)

export function isGiftId(v: unknown): v is GiftId {
  return typeof v === 'string' && known.has(v)
}

/** catalog message id of the gift's name */
export function giftNameId(id: GiftId): string {
  return `gift.${id}`
}
