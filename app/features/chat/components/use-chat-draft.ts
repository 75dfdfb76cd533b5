import { useCallback, useEffect, useState } from 'react'

/**
 * The message being written, kept per partner in sessionStorage: what was typed survives a trip to buy credits
 * and back (spec: the text stays in the box and can be sent after buying). Read after hydration only.
 */
export function useChatDraft(key: string): [string, (v: string) => void] {
  const [draft, setDraftState] = useState('')
  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(key)
      if (saved) setDraftState(saved)
    } catch {
      // Storage may be unavailable (private mode): the draft then lives in memory only.
    }
  }, [key])
  const setDraft = useCallback(
    (v: string) => {
      setDraftState(v)
      try {
        if (v) sessionStorage.setItem(key, v)
        else sessionStorage.removeItem(key)
      } catch {
        // As above.
      }
    },
    [key],
  )
  return [draft, setDraft]
}
