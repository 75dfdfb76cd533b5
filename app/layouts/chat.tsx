import { Outlet } from 'react-router'
import { EntryWarning } from '#app/features/visitors/components/entry-warning'
import { useRootData } from './use-root-data'

/** Chat layout: bare content (the chat view brings its own header) and the entry warning for NL and DE (spec section 2). */
export default function ChatLayout() {
  const root = useRootData()
  return (
    <main id="main">
      <Outlet />
      <EntryWarning show={root.visitor.entryWarning.restricted} siteName={root.site.name} minimumAge={root.site.minimumAge} />
    </main>
  )
}
