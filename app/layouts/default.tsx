import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { useRealtime } from '#app/features/chat/components/realtime-provider'
import { Footer } from '#app/ui/footer'
import { TopNav } from '#app/ui/top-nav'
import { useRootData } from './use-root-data'

/** The app-badge sum prefixes the page title in brackets (spec section 4). */
export function useTitleCounter(total: number) {
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\+?\) /, '')
    document.title = total > 0 ? `(${total > 99 ? '99+' : total}) ${base}` : base
  })
}

export default function DefaultLayout() {
  const root = useRootData()
  const { counts } = useRealtime()
  useTitleCounter(root.viewer ? counts.unread + counts.newLikes : 0)
  return (
    <>
      <TopNav
        viewer={root.viewer}
        unread={counts.unread}
        newLikes={counts.newLikes}
        locale={root.locale}
        siteName={root.site.name}
        mediaPrefix={root.site.cdnPrefix}
      />
      <main id="main" className="container py-4">
        <Outlet />
      </main>
      <Footer siteName={root.site.name} />
    </>
  )
}
