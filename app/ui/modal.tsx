import { createElement, lazy, Suspense, useState, type ComponentProps } from 'react'
import type BootstrapModal from 'react-bootstrap/Modal'

type ModalType = typeof BootstrapModal

// Set once the module has loaded: the parts below render only inside an open Modal, so by then it is there.
let loaded: ModalType | undefined
const load = () => import('react-bootstrap/Modal').then((m) => (loaded = m.default))
const Loaded = lazy(() => load().then((m) => ({ default: m })))

/** Starts loading the Modal's code, for a dialog about to open (a pointer over the link that opens it). */
export const preloadModal = () => void load()

/**
 * react-bootstrap's Modal, with its code (and its close button's) loaded the first time the dialog opens: most
 * pages open none, and it was 8 KB of the scripts of every page that has one (issue 26). Until then it renders
 * nothing, as the Modal itself does while closed; once opened it stays mounted, so closing it plays the fade-out.
 * Use `Modal.Header`, `Modal.Title`, `Modal.Body` and `Modal.Footer` as with react-bootstrap's.
 */
function LazyModal(props: ComponentProps<ModalType>) {
  const [opened, setOpened] = useState(Boolean(props.show))
  // Derived state, set while rendering (React's pattern for it): no extra pass with the dialog missing.
  if (props.show && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  )
}

const part = <K extends 'Header' | 'Title' | 'Body' | 'Footer'>(name: K) =>
  ((props: object) => createElement(loaded![name] as never, props)) as unknown as ModalType[K]

export const Modal = Object.assign(LazyModal, { Header: part('Header'), Title: part('Title'), Body: part('Body'), Footer: part('Footer') })
