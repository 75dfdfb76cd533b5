import { useLayoutEffect, useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Form } from 'react-router'
import { Icon } from '#app/ui/icon'
import { ACCEPTED_TYPES } from '#app/features/photos/photo-rules'
import { enterKeyAction, useEnterSends } from './enter-key'

interface Props {
  draft: string
  onDraft(v: string): void
  onSubmit(e: React.FormEvent<HTMLFormElement>): void
  maxLength: number
  /** Credits the next text message costs (0: one of the free messages). */
  cost: number
  freeLeft: number
  hydrated: boolean
  formClientId: string
  onGift(): void
  onPhoto(file: File): void
  /** Photos are a Premium chat feature: for free members the button explains that instead. */
  photosLocked: boolean
  onLockedFeature(): void
  onIcebreaker: (() => void) | null
  busy: boolean
}

// The counter shows from this share of message_length on (spec section 5: the value itself is not shown before).
const COUNTER_FROM = 0.8
// The box grows with the text up to this many lines, then scrolls (issue 27: one line hid what was written).
const MAX_LINES = 5

/** Sets the textarea's height to its content's, up to MAX_LINES lines. */
function useGrowingBox(draft: string) {
  const box = useRef<HTMLTextAreaElement>(null)
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const style = getComputedStyle(el)
    const line = parseFloat(style.lineHeight) || 24
    const chrome = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth)
    el.style.height = 'auto'
    el.style.height = `${Math.min(el.scrollHeight + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth), line * MAX_LINES + chrome)}px`
  }, [draft])
  return box
}

/** The message box: text with its length counter and price, and the gift, photo and icebreaker buttons. */
export function Composer(p: Props) {
  const intl = useIntl()
  const fileInput = useRef<HTMLInputElement>(null)
  const length = p.draft.length
  const tooLong = length > p.maxLength
  const showCounter = length >= p.maxLength * COUNTER_FROM
  const costText = intl.formatMessage({ id: 'chat.cost' }, { credits: p.cost })
  const box = useGrowingBox(p.draft)
  const [enterSends, setEnterSends] = useEnterSends()
  return (
    <div className="border-top bg-body p-2">
      <div className="d-flex flex-wrap align-items-center gap-2 small mb-1">
        {/*
          The buttons need JavaScript: the server renders them disabled, so that they take their place from the first
          paint and hydration moves nothing (rendered only after hydration, they shifted the message box).
        */}
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={p.onGift} disabled={!p.hydrated} data-testid="gift-button">
          <Icon name="gift" className="me-1" />
          <FormattedMessage id="chat.gift.open" />
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-dark"
          onClick={() => (p.photosLocked ? p.onLockedFeature() : fileInput.current?.click())}
          disabled={!p.hydrated || p.busy}
          data-testid="photo-button"
        >
          <Icon name={p.photosLocked ? 'lock-fill' : 'image'} className="me-1" />
          <FormattedMessage id="chat.photo.open" />
        </button>
        {p.hydrated ? (
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPTED_TYPES}
            className="d-none"
            data-testid="photo-input"
            aria-label={intl.formatMessage({ id: 'chat.photo.open' })}
            onChange={(e) => {
              const f = e.currentTarget.files?.[0]
              e.currentTarget.value = ''
              if (f) p.onPhoto(f)
            }}
          />
        ) : null}
        {p.onIcebreaker ? (
          <button type="button" className="btn btn-sm btn-link" onClick={p.onIcebreaker} disabled={!p.hydrated} data-testid="icebreaker-button">
            <Icon name="lightbulb" className="me-1" />
            <FormattedMessage id="chat.icebreaker.open" />
          </button>
        ) : null}
        <EnterSendsSwitch checked={enterSends} onChange={setEnterSends} disabled={!p.hydrated} />
        {p.freeLeft > 0 ? (
          <span className="ms-auto text-body-secondary" data-testid="free-left">
            <FormattedMessage id="chat.freeLeft" values={{ count: p.freeLeft }} />
          </span>
        ) : null}
      </div>
      <Form method="post" className="d-flex gap-2 align-items-end" onSubmit={p.onSubmit}>
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="clientId" value={p.formClientId} />
        <div className="flex-grow-1">
          <label htmlFor="chat-body" className="visually-hidden">
            <FormattedMessage id="chat.placeholder" />
          </label>
          <textarea
            ref={box}
            id="chat-body"
            name="body"
            className={`form-control chat-box${tooLong ? ' is-invalid' : ''}`}
            rows={1}
            value={p.draft}
            onChange={(e) => p.onDraft(e.target.value)}
            onKeyDown={(e) => {
              if (enterKeyAction({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing }, enterSends) === 'send') {
                e.preventDefault()
                e.currentTarget.form?.requestSubmit()
              }
            }}
            placeholder={intl.formatMessage({ id: 'chat.placeholder' })}
            maxLength={p.maxLength}
            aria-describedby={showCounter ? 'chat-counter' : undefined}
            required
          />
          {showCounter ? (
            <div
              id="chat-counter"
              className={`small text-end ${tooLong ? 'text-danger' : 'text-body-secondary'}`}
              aria-live="polite"
              data-testid="length-counter"
            >
              <FormattedMessage id="chat.lengthCounter" values={{ used: length, max: p.maxLength }} />
            </div>
          ) : null}
        </div>
        <button
          type="submit"
          className="btn btn-primary text-nowrap chat-send"
          disabled={p.hydrated && (!p.draft.trim() || tooLong)}
          aria-label={intl.formatMessage({ id: 'chat.send' })}
          aria-describedby="chat-send-cost"
          data-testid="send-button"
        >
          <Icon name="send" className="me-1" />
          <span aria-hidden="true">
            <FormattedMessage id="chat.send" />
            {' · '}
          </span>
          {/* The price is the button's description, not its name ("Send"): hidden from the name, read by aria-describedby. */}
          <span id="chat-send-cost" data-testid="send-cost" aria-hidden="true">
            {costText}
          </span>
        </button>
      </Form>
    </div>
  )
}

/** The "Enter sends" switch (enter-key.ts): the member's choice for this device. */
function EnterSendsSwitch({ checked, onChange, disabled }: { checked: boolean; onChange(v: boolean): void; disabled: boolean }) {
  return (
    <div className="form-check form-switch mb-0 ms-1">
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id="chat-enter-sends"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        disabled={disabled}
        data-testid="enter-sends"
      />
      <label className="form-check-label text-body-secondary" htmlFor="chat-enter-sends">
        <FormattedMessage id="chat.enterSends" />
      </label>
    </div>
  )
}
