import { FormattedMessage } from 'react-intl'
import { data, useFetcher } from 'react-router'
import { z } from 'zod'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { submitLike } from '#app/features/likes/likes.server'
import { MatchReasons } from '#app/features/matching/components/match-reasons'
import { proposals, proposer, type Proposal } from '#app/features/matching/proposals.server'
import { ProfileCardView } from '#app/features/profiles/components/profile-card'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { readFormData } from '#app/lib/form-data.server'
import type { Route } from './+types/match-finder'
import { Icon } from '#app/ui/icon'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { tooOftenIn } from '#app/features/safety/too-often'
import { tooOftenReply } from './write-limit.server'

const FINDER_SIZE = 24

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const me = await proposer(viewer.profileId)
  if (!me) throw data(null, { status: 404 })
  return { proposals: await proposals(me, { limit: FINDER_SIZE }) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const parsed = z.object({ profileId: z.coerce.number().int().positive() }).safeParse(Object.fromEntries(await readFormData(request)))
  if (!parsed.success) return data({ ok: false as const }, { status: 400 })
  const r = await submitLike(viewer.profileId, parsed.data.profileId, 'finder')
  if (!r.ok && r.error === 'too_often') return tooOftenReply(r.retryAfter, { ok: false as const })
  return r.ok ? { ok: true as const, liked: parsed.data.profileId, match: r.match } : data({ ok: false as const }, { status: 404 })
}

/** The match finder: a grid of compatible profiles, each with a like button and why it is proposed. */
export default function MatchFinder({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="h3 mb-1">
        <FormattedMessage id="finder.title" />
      </h1>
      <p className="text-body-secondary">
        <FormattedMessage id="finder.intro" />
      </p>
      {loaderData.proposals.length === 0 ? (
        <div className="alert alert-light border text-center py-4" role="status">
          <FormattedMessage id="swipe.empty" />
        </div>
      ) : (
        <div className="row row-cols-2 row-cols-md-4 row-cols-lg-6 g-3" data-testid="finder-grid">
          {loaderData.proposals.map((p) => (
            <FinderCard key={p.profile.id} proposal={p} />
          ))}
        </div>
      )}
    </>
  )
}

function FinderCard({ proposal }: { proposal: Proposal }) {
  const root = useRootData()
  const fetcher = useFetcher<typeof action>()
  const liked = fetcher.data?.ok === true || (fetcher.state !== 'idle' && fetcher.formData?.get('profileId') === String(proposal.profile.id))
  return (
    <div className="col d-flex flex-column gap-1">
      <ProfileCardView profile={proposal.profile} site={root.site} priority="high" />
      <MatchReasons proposal={proposal} />
      <fetcher.Form method="post">
        <input type="hidden" name="profileId" value={proposal.profile.id} />
        <button type="submit" className={`btn btn-sm w-100 ${liked ? 'btn-outline-primary' : 'btn-primary'}`} disabled={liked} aria-pressed={liked}>
          <Icon name={liked ? 'heart-fill' : 'heart'} className="me-1" />
          <FormattedMessage id={liked ? 'profile.liked' : 'profile.like'} values={{ name: proposal.profile.name }} />
        </button>
      </fetcher.Form>
      {tooOftenIn(fetcher.data) ? <TooOftenAlert refusal={tooOftenIn(fetcher.data)!} className="alert alert-danger small p-1 mb-0" /> : null}
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'finder.title')]
}
