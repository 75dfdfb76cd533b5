import { FormattedMessage } from 'react-intl'
import { data, redirect } from 'react-router'
import { requireViewer } from '#app/features/authentication/require-viewer.server'
import { loadChatPage } from '#app/features/chat/chat-page.server'
import { submitMessage } from '#app/features/chat/submit-message.server'
import { ChatView } from '#app/features/chat/components/chat-view'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/members-id-chat'
import { readFormData } from '#app/lib/form-data.server'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const partnerId = idParam(params.id)
  const page = await loadChatPage(viewer.profileId, partnerId)
  if (page.kind === 'not_found') throw data(null, { status: 404 })
  if (page.kind === 'blocked') return data(page, { status: 403 })
  // An existing conversation has its own address.
  if (page.conversationId && new URL(request.url).pathname.startsWith('/members/')) throw redirect(`/chats/${page.conversationId}`)
  return page
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const form = await readFormData(request)
  const r = await submitMessage(viewer.profileId, { toProfileId: idParam(params.id), clientId: form.get('clientId'), body: form.get('body') })
  return r.ok ? r : data(r, { status: r.status })
}

export default function MemberChat({ loaderData, actionData }: Route.ComponentProps) {
  return <ChatScreen page={loaderData} error={actionData && !actionData.ok ? actionData.error : undefined} />
}

export function ChatScreen({ page, error }: { page: Awaited<ReturnType<typeof loadChatPage>>; error?: string }) {
  const root = useRootData()
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
          <FormattedMessage id={error} />
        </div>
      ) : null}
      {root.viewer.status === 'not_confirmed' ? (
        <div className="alert alert-warning m-2 mb-0" role="status" data-testid="unconfirmed-warning">
          <FormattedMessage id="chat.unconfirmed" values={{ name: page.partner.name }} />
        </div>
      ) : null}
      <ChatView
        key={page.partner.id}
        viewerId={root.viewer.profileId}
        partner={page.partner}
        conversationId={page.conversationId}
        messages={page.messages}
        canSend={page.canSend}
        formClientId={page.formClientId}
        site={root.site}
      />
    </>
  )
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'chat.title', { name: d && d.kind === 'ok' ? d.partner.name : '' })]
}
