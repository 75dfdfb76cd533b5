import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { installChunkReloadGuard } from './lib/chunk-reload'

// A script chunk that fails to load reloads the page once, at most once a minute (spec section 8).
installChunkReloadGuard(window)

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
