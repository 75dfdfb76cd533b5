import { Outlet } from 'react-router'

/** Chat layout: bare content; the chat view brings its own header (spec section 2). */
export default function ChatLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  )
}
