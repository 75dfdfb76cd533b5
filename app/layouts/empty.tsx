import { Outlet } from 'react-router'

/** Empty layout: the content alone (spec section 2). */
export default function EmptyLayout() {
  return (
    <main id="main" className="container py-4">
      <Outlet />
    </main>
  )
}
