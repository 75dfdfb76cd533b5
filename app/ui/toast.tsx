import { createElement, lazy, Suspense, useState, type ComponentProps } from 'react'
import type BootstrapToast from 'react-bootstrap/Toast'
import type BootstrapToastContainer from 'react-bootstrap/ToastContainer'

type ToastType = typeof BootstrapToast
type ContainerProps = ComponentProps<typeof BootstrapToastContainer>

// Set once the code has loaded: the parts below render only inside a shown Toast, so by then it is there.
let loaded: ToastType | undefined
const Loaded = lazy(async () => {
  const [toast, container] = await Promise.all([import('react-bootstrap/Toast'), import('react-bootstrap/ToastContainer')])
  loaded = toast.default
  const Container = container.default
  const Shown = ({ container: containerProps, ...props }: ComponentProps<ToastType> & { container: ContainerProps }) => (
    <Container {...containerProps}>{createElement(toast.default, props)}</Container>
  )
  return { default: Shown }
})

/**
 * react-bootstrap's Toast in its ToastContainer (`container`: the container's props), with their code loaded the first
 * time the toast shows: every member's page has the live popups and none shows at first, and the toasts' code with
 * react-bootstrap's shared parts was 4.8 KB of `/members`' scripts (issue 26). Until then it renders nothing, as a
 * hidden toast does; once shown it stays mounted, so hiding it plays the fade-out. Use `Toast.Header` and
 * `Toast.Body` as with react-bootstrap's.
 */
function LazyToast({ container, ...props }: ComponentProps<ToastType> & { container: ContainerProps }) {
  const [shown, setShown] = useState(Boolean(props.show))
  // Derived state, set while rendering (React's pattern for it), as in app/ui/modal.tsx.
  if (props.show && !shown) setShown(true)
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <Loaded container={container} {...props} />
    </Suspense>
  )
}

const part = <K extends 'Header' | 'Body'>(name: K) => ((props: object) => createElement(loaded![name] as never, props)) as unknown as ToastType[K]

export const Toast = Object.assign(LazyToast, { Header: part('Header'), Body: part('Body') })
