import { data, redirect } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { ChatScreen } from '#app/features/chat/components/chat-screen'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { idParam } from '#app/lib/http.server'
import { LanguageDropdown } from '#app/ui/language-dropdown'
import type { Route } from './+types/members-id-chat'
import { readFormData } from '#app/lib/form-data.server'
import { chatAction, chatLoaderData } from './chat-route.server'

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
  const root = useRootData()
  return (
    <ChatScreen
      data={loaderData}
      refusal={actionData}
      viewer={root.viewer}
      site={root.site}
      languageMenu={<LanguageDropdown current={root.locale} available={root.visitor.languages} />}
    />
  )
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'chat.title', { name: d && d.page.kind === 'ok' ? d.page.partner.name : '' })]
}
