/**
 * The site's niches (spec section 1: setting `niche`, 1 default, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay):
 * each has its palette, its hero art, the looking-for a visitor starts with and the message ids of its landing copy.
 * Pure data, shared by the server and the client. The palettes are mirrored in app/styles/niches.scss (the niche
 * test checks that the two agree), and the demo data's emphasis per niche lives with the seed (db/seed).
 */

export const nicheIds = [1, 2, 3, 4, 5, 6, 7] as const
export type NicheId = (typeof nicheIds)[number]
export type NicheSlug = 'default' | 'she' | 'bdsm' | 'bbw' | 'gilf' | 'milf' | 'gay'
export type HeroArt = 'hearts' | 'venus' | 'mask' | 'curves' | 'pearls' | 'glasses' | 'mars'
type Gender = 'male' | 'female'

export interface NichePalette {
  /** Buttons, badges, brand and text-primary; white text sits on it, and it sits as text on white. */
  primary: string
  /** Links on the white page. */
  link: string
  /** The hero's gradient, from top left to bottom right; white text sits on both ends. */
  heroFrom: string
  heroTo: string
  /** Decorative colours of the hero art (never behind text). */
  accent: string
  accentSoft: string
}

export interface Niche {
  id: NicheId
  slug: NicheSlug
  palette: NichePalette
  art: HeroArt
  /** The signup form's defaults and the visitor's default search (the gender sought). */
  seeking: { gender: Gender; lookingFor: Gender }
  /** Message ids of the landing page (app/routes/home.tsx). */
  copy: {
    eyebrow: string
    title: string
    lead: string
    steps: { search: string; like: string; chat: string }
  }
}

const nicheCopy = (slug: Exclude<NicheSlug, 'default'>): Niche['copy'] => ({
  eyebrow: `home.niche.${slug}.eyebrow`,
  title: `home.niche.${slug}.title`,
  lead: `home.niche.${slug}.lead`,
  steps: { search: `home.niche.${slug}.search`, like: `home.niche.${slug}.like`, chat: `home.niche.${slug}.chat` },
})

const straight = { gender: 'male', lookingFor: 'female' } as const

export const niches: Record<NicheId, Niche> = {
  // The base theme of spec section 9 (app/styles/app.scss): coral red, amber accents.
  1: {
    id: 1,
    slug: 'default',
    palette: { primary: '#cf3f37', link: '#b3261e', heroFrom: '#cf3f37', heroTo: '#a3302a', accent: '#f5a623', accentSoft: '#ffe2b3' },
    art: 'hearts',
    seeking: straight,
    copy: {
      eyebrow: 'home.niche.default.eyebrow',
      title: 'home.title',
      lead: 'home.lead',
      steps: { search: 'home.step.search.text', like: 'home.step.like.text', chat: 'home.step.chat.text' },
    },
  },
  // Women seeking women: orchid to raspberry.
  2: {
    id: 2,
    slug: 'she',
    palette: { primary: '#9c2b8a', link: '#85207a', heroFrom: '#6f2a8c', heroTo: '#a8296c', accent: '#ff9fcf', accentSoft: '#f3d4ff' },
    art: 'venus',
    seeking: { gender: 'female', lookingFor: 'female' },
    copy: nicheCopy('she'),
  },
  // Kink: near black and deep burgundy with crimson and gold.
  3: {
    id: 3,
    slug: 'bdsm',
    palette: { primary: '#a8173a', link: '#98112f', heroFrom: '#18161d', heroTo: '#4a0f22', accent: '#d7263d', accentSoft: '#d9b45a' },
    art: 'mask',
    seeking: straight,
    copy: nicheCopy('bdsm'),
  },
  // Curvy: warm raspberry to plum with peach.
  4: {
    id: 4,
    slug: 'bbw',
    palette: { primary: '#b0306a', link: '#9a2a5c', heroFrom: '#b0306a', heroTo: '#6e2758', accent: '#ffb38a', accentSoft: '#ffe0cf' },
    art: 'curves',
    seeking: straight,
    copy: nicheCopy('bbw'),
  },
  // Women over 60: slate blue to muted violet, pearls and a rose.
  5: {
    id: 5,
    slug: 'gilf',
    palette: { primary: '#2f5d8a', link: '#264d73', heroFrom: '#2b577f', heroTo: '#5a3f78', accent: '#f4e9dc', accentSoft: '#d9a5b3' },
    art: 'pearls',
    seeking: straight,
    copy: nicheCopy('gilf'),
  },
  // Women 35-55: emerald teal with gold.
  6: {
    id: 6,
    slug: 'milf',
    palette: { primary: '#0d6e61', link: '#0b5e53', heroFrom: '#0d6e61', heroTo: '#134652', accent: '#f2c14e', accentSoft: '#ffe9b3' },
    art: 'glasses',
    seeking: straight,
    copy: nicheCopy('milf'),
  },
  // Men seeking men: indigo to violet with a rainbow.
  7: {
    id: 7,
    slug: 'gay',
    palette: { primary: '#3451b2', link: '#2b4396', heroFrom: '#2f4aa8', heroTo: '#5b2bb5', accent: '#9ad0ff', accentSoft: '#d6e6ff' },
    art: 'mars',
    seeking: { gender: 'male', lookingFor: 'male' },
    copy: nicheCopy('gay'),
  },
}

/** The niche of a setting value; anything out of range is the default niche. */
export function nicheOf(value: unknown): Niche {
  const n = Number(value)
  return Number.isInteger(n) && n in niches ? niches[n as NicheId] : niches[1]
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16)
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}
