import { useCallback, useEffect, useState } from 'react'

/**
 * What Enter does in the message box (issue 27): it sends, and Shift+Enter breaks the line; on a phone, whose
 * keyboard has no Shift beside Enter, Enter breaks the line unless the member chose otherwise. A key pressed while an
 * input method is composing (Japanese, Chinese, accents) belongs to the composition and does neither.
 */
export function enterKeyAction(key: { key: string; shiftKey: boolean; isComposing: boolean }, enterSends: boolean): 'send' | 'type' {
  if (key.key !== 'Enter' || key.isComposing || key.shiftKey) return 'type'
  return enterSends ? 'send' : 'type'
}

const STORAGE_KEY = 'chatEnterSends'

/** The device's default: Enter sends where there is a keyboard with Shift (a fine pointer), not on a touch screen. */
function deviceDefault(): boolean {
  return !window.matchMedia('(pointer: coarse)').matches
}

/**
 * The member's choice for this device, kept in the browser (a habit of the keyboard at hand, not of the account).
 * Before hydration, and without JavaScript, the form's own submit button is what sends.
 */
export function useEnterSends(): [boolean, (v: boolean) => void] {
  const [enterSends, setState] = useState(true)
  useEffect(() => {
    const kept = window.localStorage.getItem(STORAGE_KEY)
    setState(kept === null ? deviceDefault() : kept === '1')
  }, [])
  const set = useCallback((v: boolean) => {
    setState(v)
    try {
      window.localStorage.setItem(STORAGE_KEY, v ? '1' : '0')
    } catch {
      // Storage refused (private mode): the choice lasts for this page.
    }
  }, [])
  return [enterSends, set]
}
