import { ChatScreen, type ChatRefusal, type ChatScreenData } from '#app/features/chat/components/chat-screen'
import { useRootData } from '#app/layouts/use-root-data'
import { LanguageDropdown } from '#app/ui/language-dropdown'

/** The chat screen of both chat addresses (/chats/{id}, /members/{id}/chat) with what the root knows of the viewer. */
export function ChatRouteScreen({ data, refusal }: { data: ChatScreenData; refusal: ChatRefusal }) {
  const root = useRootData()
  return (
    <ChatScreen
      data={data}
      refusal={refusal}
      viewer={root.viewer}
      site={root.site}
      languageMenu={<LanguageDropdown current={root.locale} available={root.visitor.languages} />}
    />
  )
}
