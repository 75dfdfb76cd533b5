import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { useSubmit } from 'react-router'

interface Question {
  text: string
  confirmLabel: string
  resolve: (confirmed: boolean) => void
}

/**
 * The app's own confirmation (issue 27), instead of the browser's `confirm()`: a modal `<dialog>` in the page's
 * language and style, Cancel focused first, Escape cancels, the page behind inert. `ask` resolves true when the
 * member confirms; render `dialog` once in the component that asks.
 */
export function useConfirm(): { ask: (text: string, confirmLabel: string) => Promise<boolean>; dialog: ReactNode } {
  const ref = useRef<HTMLDialogElement>(null)
  const [question, setQuestion] = useState<Question | null>(null)
  const textId = useId()
  const ask = useCallback((text: string, confirmLabel: string) => new Promise<boolean>((resolve) => setQuestion({ text, confirmLabel, resolve })), [])
  useEffect(() => {
    if (question && !ref.current?.open) ref.current?.showModal()
  }, [question])
  const answer = (confirmed: boolean) => {
    question?.resolve(confirmed)
    setQuestion(null)
    ref.current?.close()
  }
  const dialog = (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={textId}
      onCancel={(e) => {
        e.preventDefault()
        answer(false)
      }}
      data-testid="confirm-dialog"
    >
      {question ? (
        <>
          <p id={textId} className="mb-3">
            {question.text}
          </p>
          <div className="d-flex flex-wrap justify-content-end gap-2">
            {/* First, so that showModal() gives it the focus: the safe answer. */}
            <button type="button" className="btn btn-outline-dark" onClick={() => answer(false)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="btn btn-danger" onClick={() => answer(true)}>
              {question.confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  )
  return { ask, dialog }
}

/**
 * A form's onSubmit that asks first and then submits as the form would (React Router's submit, with the button
 * that was pressed). Without JavaScript the form posts at once, as it did with `confirm()`.
 */
export function useConfirmedSubmit(ask: (text: string, confirmLabel: string) => Promise<boolean>) {
  const submit = useSubmit()
  return (text: string, confirmLabel: string) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    void ask(text, confirmLabel).then((confirmed) => {
      if (confirmed) void submit(submitter ?? form)
    })
  }
}
