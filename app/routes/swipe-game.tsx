import { useEffect, useRef, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { data, useFetcher } from 'react-router'
import { z } from 'zod'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { MatchModal } from '#app/features/matching/components/match-modal'
import { SwipeCard } from '#app/features/matching/components/swipe-card'
import { SwipeButtons, SwipeEmpty } from '#app/features/matching/components/swipe-buttons'
import { proposals, proposer } from '#app/features/matching/proposals.server'
import { submitSwipe, swipeAllowance } from '#app/features/matching/swipe.server'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { readFormData } from '#app/lib/form-data.server'
import { Countdown } from '#app/ui/countdown'
import type { Route } from './+types/swipe-game'
import { Icon } from '#app/ui/icon'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { tooOftenReply } from './write-limit.server'

const actionSchema = z.object({
  intent: z.enum(['like', 'skip', 'undo']),
  profileId: z.coerce.number().int().positive(),
  tz: z.string().max(64).optional(),
})

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const me = await proposer(viewer.profileId)
  if (!me) throw data(null, { status: 404 })
  const [cards, allowance] = await Promise.all([proposals(me, { limit: 1 }), swipeAllowance(viewer)])
  return { card: cards[0] ?? null, allowance }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const parsed = actionSchema.safeParse(Object.fromEntries(await readFormData(request)))
  if (!parsed.success) return data({ ok: false as const, error: 'error.generic' }, { status: 400 })
  const { profileId } = parsed.data
  const r = await submitSwipe(viewer, parsed.data)
  if (isTooOften(r)) return tooOftenReply(r.retryAfter, { ok: false as const })
  if (r.intent === 'skip') return { ok: r.ok as boolean, skipped: profileId }
  if (r.intent === 'undo') return { ok: r.ok as boolean, skipped: null }
  if (r.ok) return { ok: true as const, match: r.match ? profileId : null, skipped: null }
  if (r.error === 'daily_limit') return data({ ok: false as const, error: 'swipe.limitReached' }, { status: 429 })
  return data({ ok: false as const, error: 'error.generic' }, { status: 404 })
}

/**
 * The swipe game (spec sections 2 and 4): one compatible profile at a time, liked or skipped by button, arrow
 * key or a swipe on touch screens; the last skip can be undone; 4 likes a day, then the wait until tomorrow.
 */
export default function SwipeGame({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const fetcher = useFetcher<typeof action>()
  const { card, allowance } = loaderData
  const [lastSkipped, setLastSkipped] = useState<number | null>(null)
  const [matched, setMatched] = useState<NonNullable<typeof card> | null>(null)
  const busy = fetcher.state !== 'idle'
  const out = allowance.likesLeft === 0

  // The card the last like or skip was about: by the time its answer shows, the loader has brought the next one.
  const actedOn = useRef(card)
  useEffect(() => {
    const d = fetcher.data
    if (!d || !d.ok) return
    if ('skipped' in d) setLastSkipped(d.skipped ?? null)
    if ('match' in d && d.match && actedOn.current) setMatched(actedOn.current)
  }, [fetcher.data])

  function act(intent: 'like' | 'skip') {
    if (!card || busy || (intent === 'like' && out)) return
    actedOn.current = card
    fetcher.submit({ intent, profileId: String(card.profile.id), tz: Intl.DateTimeFormat().resolvedOptions().timeZone }, { method: 'post' })
  }

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return
      if (e.key === 'ArrowRight') act('like')
      else if (e.key === 'ArrowLeft') act('skip')
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  const error = fetcher.data && !fetcher.data.ok && 'error' in fetcher.data ? fetcher.data.error : null
  return (
    <div className="mx-auto" style={{ maxWidth: 440 }}>
      <h1 className="h3 mb-1">
        <FormattedMessage id="swipe.title" />
      </h1>
      <p className="text-body-secondary">
        <FormattedMessage id="swipe.intro" />
      </p>
      <p className={`fw-semibold ${out ? 'text-danger' : 'text-success'}`} aria-live="polite" data-testid="likes-left">
        <FormattedMessage id="swipe.likesLeft" values={{ count: allowance.likesLeft }} />
      </p>
      {out ? (
        <div className="alert alert-info" role="status" data-testid="swipe-wait">
          <FormattedMessage id="swipe.limitReached" values={{ time: <Countdown until={allowance.resetsAt} /> }} />
        </div>
      ) : null}
      {fetcher.data && 'tooOften' in fetcher.data ? <TooOftenAlert refusal={fetcher.data.tooOften} /> : null}
      {error && error !== 'swipe.limitReached' ? (
        <div className="alert alert-danger" role="alert">
          <FormattedMessage id={error} />
        </div>
      ) : null}
      {card ? (
        <>
          <SwipeCard key={card.profile.id} proposal={card} site={root.site} onSwipe={act} />
          <SwipeButtons profileId={card.profile.id} busy={busy} out={out} onAct={act} />
          <p className="small text-body-secondary text-center mt-2 d-none d-md-block">
            <FormattedMessage id="swipe.keyboardHint" />
          </p>
        </>
      ) : (
        <SwipeEmpty />
      )}
      {lastSkipped ? (
        <div className="text-center mt-2">
          <button
            type="button"
            className="btn btn-link"
            disabled={busy}
            onClick={() => fetcher.submit({ intent: 'undo', profileId: String(lastSkipped) }, { method: 'post' })}
            data-testid="swipe-undo"
          >
            <Icon name="arrow-counterclockwise" className="me-1" />
            <FormattedMessage id="swipe.undo" />
          </button>
        </div>
      ) : null}
      <MatchModal
        profile={
          matched
            ? {
                id: matched.profile.id,
                name: matched.profile.name,
                age: matched.profile.age,
                thumb: matched.profile.thumb,
                isFictional: matched.profile.isFictional,
              }
            : null
        }
        cdnPrefix={root.site.cdnPrefix}
        onClose={() => setMatched(null)}
      />
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'swipe.title')]
}
