import { interestCatalog } from '#app/features/content/interests'

/**
 * Conversation starters offered in an empty chat. Pure and deterministic, so the server and the client render the
 * same suggestions. `id` is a catalog message id; `values` fill its ICU placeholders. An `interest` value is the
 * interest slug: the caller translates `interest.<slug>` before formatting the message.
 */
export interface Icebreaker {
  id: string
  values?: Record<string, string>
}

const sharedIds = ['icebreaker.shared.1', 'icebreaker.shared.2', 'icebreaker.shared.3'] as const
const theirsIds = ['icebreaker.theirs.1', 'icebreaker.theirs.2'] as const
const genericIds = [
  'icebreaker.generic.1',
  'icebreaker.generic.2',
  'icebreaker.generic.3',
  'icebreaker.generic.4',
  'icebreaker.generic.5',
  'icebreaker.generic.6',
] as const

/** Every message id `pickIcebreakers` can return. */
export const icebreakerMessageIds: readonly string[] = [...sharedIds, ...theirsIds, ...genericIds]

const knownInterests = new Set(interestCatalog.map((i) => i.slug))

/** mulberry32: a small, fast PRNG; the same seed always yields the same sequence. */
function randomFrom(seed: number): () => number {
  let a = Math.trunc(Number.isFinite(seed) ? seed : 0) >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** Known interest slugs, each once, in the given order. */
function cleanInterests(slugs: readonly string[]): string[] {
  return [...new Set(slugs.filter((s) => knownInterests.has(s)))]
}

/**
 * Up to `count` (default 4) starters: first about interests both share, then about the partner's interests the viewer
 * lacks, then generic lines. Each message id and each interest appear at most once.
 */
export function pickIcebreakers(input: {
  viewerInterests: string[]
  partnerInterests: string[]
  partnerName: string
  seed: number
  count?: number
}): Icebreaker[] {
  const count = Math.max(0, Math.floor(input.count ?? 4))
  if (count === 0) return []
  const random = randomFrom(input.seed)
  const name = input.partnerName
  const viewer = new Set(cleanInterests(input.viewerInterests))
  const partner = cleanInterests(input.partnerInterests)
  const shared = shuffled(
    partner.filter((s) => viewer.has(s)),
    random,
  )
  const theirs = shuffled(
    partner.filter((s) => !viewer.has(s)),
    random,
  )

  const out: Icebreaker[] = []
  const about = (ids: readonly string[], interests: string[]) => {
    const templates = shuffled(ids, random)
    for (let i = 0; i < templates.length && i < interests.length && out.length < count; i++) {
      out.push({ id: templates[i], values: { interest: interests[i], name } })
    }
  }
  about(sharedIds, shared)
  about(theirsIds, theirs)
  for (const id of shuffled(genericIds, random)) {
    if (out.length >= count) break
    out.push({ id, values: { name } })
  }
  return out
}
