import { data, redirect } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { ChatRouteScreen } from './chat-route-screen'
import { pageTitle } from '#app/i18n/meta'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/members-id-chat'
import { readFormData } from '#app/lib/form-data.server'
import { chatAction, chatLoaderData } from './chat-route.server'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const url = new URL(request.url)
  const d = await chatLoaderData(viewer, { partnerId: idParam(params.id) }, url)
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
  return <ChatRouteScreen data={loaderData} refusal={actionData} />
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'chat.title', { name: d && d.page.kind === 'ok' ? d.page.partner.name : '' })]
}
