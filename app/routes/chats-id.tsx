import { data } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { conversationPartner } from '#app/features/chat/conversations.server'
import { pageTitle } from '#app/i18n/meta'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/chats-id'
import { ChatRouteScreen } from './chat-route-screen'
import { readFormData } from '#app/lib/form-data.server'
import { chatAction, chatLoaderData } from './chat-route.server'

async function partnerOf(conversationParam: string | undefined, viewerId: number): Promise<number> {
  const partnerId = await conversationPartner(idParam(conversationParam), viewerId)
  // Someone else's conversation is answered like a missing one.
  if (partnerId === null) throw data(null, { status: 404 })
  return partnerId
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  // The page finds the partner from the conversation, in its own statement; someone else's conversation is not found.
  const d = await chatLoaderData(viewer, { conversationId: idParam(params.id) }, new URL(request.url))
  return d.page.kind === 'blocked' ? data(d, { status: 403 }) : d
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  return chatAction(viewer, await partnerOf(params.id, viewer.profileId), await readFormData(request))
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  return <ChatRouteScreen data={loaderData} refusal={actionData} />
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'chat.title', { name: d && d.page.kind === 'ok' ? d.page.partner.name : '' })]
}
