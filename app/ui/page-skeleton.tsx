import { useEffect, useState } from 'react'
import { useLocation, useNavigation } from 'react-router'
import { PROGRESS_DELAY_MS } from './navigation-progress'

export type SkeletonKind = 'cards' | 'rows'

// The lists a member opens most, and the shape their content takes while it loads (issue 27).
const SKELETONS: Record<string, SkeletonKind> = { '/members': 'cards', '/likes': 'cards', '/chats': 'rows' }

/**
 * The skeleton to show while a client navigation to search, likes or the inbox waits for its data (after the same
 * short delay as the progress bar, so a quick one shows none); null otherwise. A change within the same page (a
 * new search) keeps the page: its own pending state says it is busy.
 */
export function usePendingSkeleton(): SkeletonKind | null {
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const target = navigation.state === 'loading' && navigation.location.pathname !== pathname ? (SKELETONS[navigation.location.pathname] ?? null) : null
  const [shown, setShown] = useState<SkeletonKind | null>(null)
  useEffect(() => {
    if (!target) return setShown(null)
    const timer = setTimeout(() => setShown(target), PROGRESS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [target])
  return target ? shown : null
}

/** Grey shapes where the cards or rows will be; hidden from screen readers (the progress bar says it is busy). */
export function PageSkeleton({ kind }: { kind: SkeletonKind }) {
  return (
    <div className="page-skeleton" aria-hidden="true" data-testid={`skeleton-${kind}`}>
      <div className="skeleton-line skeleton-title mb-4" />
      {kind === 'cards' ? (
        <div className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3">
          {Array.from({ length: 8 }, (_, i) => (
            <div className="col" key={i}>
              <div className="skeleton-photo mb-2" />
              <div className="skeleton-line w-75 mb-1" />
              <div className="skeleton-line w-50" />
            </div>
          ))}
        </div>
      ) : (
        <ul className="list-unstyled d-grid gap-3">
          {Array.from({ length: 6 }, (_, i) => (
            <li className="d-flex align-items-center gap-3" key={i}>
              <div className="skeleton-avatar" />
              <div className="flex-grow-1">
                <div className="skeleton-line w-50 mb-1" />
                <div className="skeleton-line w-75" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
