import { useEffect, useState } from 'react'
import { Icon } from './icon'
import { Toast } from './toast'

/**
 * The result of an action where the member's eyes are (issue 27, feedback): a short toast at the top of the screen
 * for a few seconds, shown again for each new result (`result` is the action's answer, a new object each time).
 * The page keeps its own status line for screen readers, which read that one: the toast is only what the eye gets,
 * so it is hidden from them and has nothing to focus.
 */
export function ResultToast({ result, children, testId }: { result: unknown; children: React.ReactNode; testId?: string }) {
  const [show, setShow] = useState(false)
  useEffect(() => {
    if (result) setShow(true)
  }, [result])
  return (
    <Toast
      container={{ position: 'top-center', className: 'p-3 position-fixed result-toast', 'aria-hidden': true }}
      show={show}
      onClose={() => setShow(false)}
      delay={5000}
      autohide
      bg="success"
      role="presentation"
      data-testid={testId}
    >
      <Toast.Body className="text-white d-flex align-items-center gap-2">
        <Icon name="check-circle-fill" />
        <span>{children}</span>
      </Toast.Body>
    </Toast>
  )
}
