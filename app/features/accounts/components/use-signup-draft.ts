import { useEffect, useRef, type RefObject } from 'react'

const DRAFT_KEY = 'signupDraft'
// Spec section 3: the signup draft; the password is never stored in the browser.
const draftFields = [
  'email',
  'name',
  'date_of_birth_day',
  'date_of_birth_month',
  'date_of_birth_year',
  'signup_message',
  'gender',
  'looking_for',
  'country',
] as const

/** Forgets the draft once the signup is on its way. */
export function clearSignupDraft() {
  sessionStorage.removeItem(DRAFT_KEY)
}

/**
 * Restores the signup draft after a reload, then keeps it current while typing. `answered`: the page came with the
 * server's answer to a post, and the draft is then not restored over it.
 */
export function useSignupDraft(formRef: RefObject<HTMLFormElement | null>, answered: boolean) {
  const answeredAtMount = useRef(answered)
  useEffect(() => {
    const el = formRef.current
    if (!el) return
    try {
      const draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}') as Record<string, string>
      for (const k of draftFields) {
        const input = el.elements.namedItem(k) as HTMLInputElement | HTMLSelectElement | null
        if (input && draft[k] && (!input.value || input.tagName === 'SELECT') && !answeredAtMount.current) {
          input.value = draft[k]
          // The date of birth's choices tell their field, which puts the date together (app/ui/date-of-birth-field.tsx).
          if (k.startsWith('date_of_birth_')) input.dispatchEvent(new Event('change', { bubbles: true }))
        }
      }
    } catch {
      // storage unavailable: nothing to restore
    }
    const save = () => {
      const data = new FormData(el)
      const draft = Object.fromEntries(draftFields.map((k) => [k, String(data.get(k) ?? '')]))
      try {
        sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft))
      } catch {
        // storage full or unavailable
      }
    }
    el.addEventListener('input', save)
    el.addEventListener('change', save)
    return () => {
      el.removeEventListener('input', save)
      el.removeEventListener('change', save)
    }
  }, [formRef])
}
