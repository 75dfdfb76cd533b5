import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link, redirect, useLocation } from 'react-router'
import { SwipeCard } from '#app/features/matching/components/swipe-card'
import type { Proposal } from '#app/features/matching/proposals.server'
import { parseSearchQuery } from '#app/features/search/search.schema'
import { defaultLookingFor, searchMembers } from '#app/features/search/search-members.server'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import type { Route } from './+types/landers-tinderswipe'
import type { SeoHandle } from '#app/ui/seo-tags'
import { Icon } from '#app/ui/icon'

const CARDS = 10
// After this many cards (or the first like) the lander asks the visitor to sign up.
const SIGNUP_AFTER = 3

/** og:title of the public page (app/ui/seo-tags.tsx). */
export const handle: SeoHandle = { seo: () => ({ titleId: 'lander.swipe.title' }) }

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (context.viewer) throw redirect('/swipe-game')
  // Listed profiles a visitor may see (fictional ones carry their disclosure on the card).
  const result = await searchMembers(null, parseSearchQuery(url.searchParams, { gender: defaultLookingFor(null, (await getSettings()).niche) }), CARDS)
  const cards: Proposal[] = result.profiles.map((profile) => ({ profile, sharedInterests: [], interests: [], sameRegion: false, matchImage: null }))
  return { cards }
}

/**
 * The swipe lander (spec section 2): visitors swipe through a few profiles; a like, or a few cards, leads into the
 * signup with the tracking query of the visit kept. Nothing is stored for a visitor's swipes.
 */
export default function TinderSwipeLander({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const location = useLocation()
  const [index, setIndex] = useState(0)
  const [liked, setLiked] = useState<string | null>(null)
  const card = loaderData.cards[index]
  const done = liked !== null || index >= Math.min(SIGNUP_AFTER, loaderData.cards.length)
  const signupHref = `/signup${location.search}`
  const swipe = (dir: 'like' | 'skip') => {
    if (!card) return
    if (dir === 'like') setLiked(card.profile.name)
    setIndex((i) => i + 1)
  }
  return (
    <div className="container py-4 mx-auto" style={{ maxWidth: 460 }}>
      <h1 className="h3 text-center">
        <FormattedMessage id="lander.swipe.title" />
      </h1>
      <p className="text-center text-body-secondary">
        <FormattedMessage id="lander.swipe.intro" />
      </p>
      {done || !card ? (
        <div className="card shadow text-center p-4" data-testid="lander-signup">
          <p className="h5">{liked ? <FormattedMessage id="lander.swipe.liked" values={{ name: liked }} /> : <FormattedMessage id="lander.swipe.more" />}</p>
          <Link to={signupHref} className="btn btn-primary btn-lg mt-2" data-testid="lander-signup-link">
            <FormattedMessage id="lander.swipe.signup" />
          </Link>
        </div>
      ) : (
        <>
          <SwipeCard key={card.profile.id} proposal={card} site={root.site} onSwipe={swipe} />
          <div className="d-flex justify-content-center gap-3 mt-3">
            <button type="button" className="btn btn-lg btn-outline-dark rounded-pill px-4" onClick={() => swipe('skip')}>
              <Icon name="x-lg" className="me-1" />
              <FormattedMessage id="swipe.skip" />
            </button>
            <button type="button" className="btn btn-lg btn-primary rounded-pill px-4" onClick={() => swipe('like')}>
              <Icon name="heart-fill" className="me-1" />
              <FormattedMessage id="swipe.like" />
            </button>
          </div>
        </>
      )}
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'lander.swipe.title')]
}
