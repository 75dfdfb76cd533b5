import { FormattedMessage } from 'react-intl'
import { data, redirect } from 'react-router'
import { requireViewer } from '#app/features/authentication/require-viewer.server'
import { ChatView } from '#app/features/chat/components/chat-view'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import type { TooOften } from '#app/features/safety/too-often'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/members-id-chat'
import { readFormData } from '#app/lib/form-data.server'
import { chatAction, chatLoaderData } from './chat-route.server'

type ChatData = Awaited<ReturnType<typeof chatLoaderData>>

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const url = new URL(request.url)
  const d = await chatLoaderData(viewer, idParam(params.id), url)
  if (d.page.kind === 'blocked') return data(d, { status: 403 })
  // An existing conversation has its own address.
  if (d.page.kind === 'ok' && d.page.conversationId && url.pathname.startsWith('/members/')) throw redirect(`/chats/${d.page.conversationId}${url.search}`)
  return d
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  return chatAction(viewer, idParam(params.id), await readFormData(request))
}

export default function MemberChat({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && !actionData.ok ? actionData : undefined
  return <ChatScreen data={loaderData} error={refused && 'error' in refused ? refused.error : undefined} retryAfter={refused && 'retryAfter' in refused && typeof refused.retryAfter === 'number' ? refused.retryAfter : undefined} tooOften={refused && 'tooOften' in refused ? refused.tooOften : undefined} />
}

export function ChatScreen({ data: d, error, retryAfter, tooOften }: { data: ChatData; error?: string; retryAfter?: number; tooOften?: TooOften }) {
  const root = useRootData()
  const page = d.page
  if (page.kind === 'blocked') {
    return (
      <div className="container py-4">
        <div className="alert alert-danger" role="alert">
          <FormattedMessage id="profile.blockedBy" values={{ name: page.name }} />
        </div>
      </div>
    )
  }
  if (page.kind !== 'ok' || !root.viewer) return null
  return (
    <>
      {error ? (
        <div className="alert alert-danger m-2" role="alert">
          <FormattedMessage id={error} values={{ name: page.partner.name, count: page.pricing.freeConversations, seconds: retryAfter ?? 0 }} />
        </div>
      ) : null}
      {tooOften ? <TooOftenAlert refusal={tooOften} className="alert alert-danger m-2" /> : null}
      {root.viewer.status === 'not_confirmed' ? (
        <div className="alert alert-warning m-2 mb-0" role="status" data-testid="unconfirmed-warning">
          <FormattedMessage id="chat.unconfirmed" values={{ name: page.partner.name }} />
        </div>
      ) : null}
      <ChatView key={page.partner.id} viewerId={root.viewer.profileId} site={root.site} {...page} discount={d.discount} openGifts={d.openGifts} />
    </>
  )
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'chat.title', { name: d && d.page.kind === 'ok' ? d.page.partner.name : '' })]
}
