import { data } from 'react-router'
import { requireViewer } from '#app/features/authentication/require-viewer.server'
import { loadChatPage } from '#app/features/chat/chat-page.server'
import { submitMessage } from '#app/features/chat/submit-message.server'
import { conversationPartner } from '#app/features/chat/conversations.server'
import { pageTitle } from '#app/i18n/meta'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/chats-id'
import { ChatScreen } from './members-id-chat'
import { readFormData } from '#app/lib/form-data.server'

async function partnerOf(conversationParam: string | undefined, viewerId: number): Promise<number> {
  const partnerId = await conversationPartner(idParam(conversationParam), viewerId)
  // Someone else's conversation is answered like a missing one.
  if (partnerId === null) throw data(null, { status: 404 })
  return partnerId
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const page = await loadChatPage(viewer.profileId, await partnerOf(params.id, viewer.profileId))
  if (page.kind === 'not_found') throw data(null, { status: 404 })
  if (page.kind === 'blocked') return data(page, { status: 403 })
  return page
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const form = await readFormData(request)
  const r = await submitMessage(viewer.profileId, { toProfileId: await partnerOf(params.id, viewer.profileId), clientId: form.get('clientId'), body: form.get('body') })
  return r.ok ? r : data(r, { status: r.status })
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  return <ChatScreen page={loaderData} error={actionData && !actionData.ok ? actionData.error : undefined} />
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'chat.title', { name: d && d.kind === 'ok' ? d.partner.name : '' })]
}
