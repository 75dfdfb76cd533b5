import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { installChunkReloadGuard } from './lib/chunk-reload'
import { pageMessagesReady } from './i18n/message-store'

// A script chunk that fails to load reloads the page once, at most once a minute (spec section 8).
installChunkReloadGuard(window)

// The page's messages must be there before hydration, or every text would be replaced by its id (message-store.ts).
void pageMessagesReady(document).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  }),
)
