import { isValidIBAN } from 'ibantools'
import { isValidPhoneNumber } from 'libphonenumber-js'

/** What a test run is known to have handled: every value must be absent from the logs. */
export interface KnownPersonalData {
  emails?: Iterable<string>
  /** Session cookies, links' tokens, codes. */
  tokens?: Iterable<string>
  /** Chat messages, profile texts, names. */
  texts?: Iterable<string>
}

export interface Finding {
  line: number
  kind: 'e-mail address' | 'IBAN' | 'phone number' | 'token' | 'text'
  /** The value with its middle masked: a report of a leak must not leak it again. */
  masked: string
}

// The demo accounts' addresses are printed on purpose when `npm start` seeds them (README); they belong to no one.
const PUBLISHED = /@demo\.local$/i
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g
// Two letters, two check digits, then 11 to 30 letters and digits, perhaps in groups of four.
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g
// An international number, perhaps with spaces or dashes; a Dutch mobile number written nationally.
const PHONE = /\+\d(?:[ -]?\d){7,14}|\b06[ -]?\d{8}\b/g

export function mask(value: string): string {
  return value.length <= 4 ? '****' : `${value.slice(0, 2)}…${value.slice(-2)} (${value.length} chars)`
}

/** Looks through a log for personal data: known values exactly, and anything shaped like an address, IBAN or number. */
export function findPersonalData(log: string, known: KnownPersonalData = {}): Finding[] {
  const findings: Finding[] = []
  const exact = [
    ...[...(known.emails ?? [])].filter((v) => !PUBLISHED.test(v)).map((v) => ({ kind: 'e-mail address' as const, v })),
    ...[...(known.tokens ?? [])].map((v) => ({ kind: 'token' as const, v })),
    ...[...(known.texts ?? [])].map((v) => ({ kind: 'text' as const, v })),
  ].filter(({ v }) => v.length >= 6)
  log.split('\n').forEach((text, i) => {
    const line = i + 1
    for (const m of text.match(EMAIL) ?? []) if (!PUBLISHED.test(m)) findings.push({ line, kind: 'e-mail address', masked: mask(m) })
    for (const m of text.match(IBAN) ?? []) if (isValidIBAN(m.replace(/ /g, ''))) findings.push({ line, kind: 'IBAN', masked: mask(m) })
    for (const m of text.match(PHONE) ?? []) {
      const national = m.startsWith('06')
      if (isValidPhoneNumber(m.replace(/[ -]/g, ''), national ? 'NL' : undefined)) findings.push({ line, kind: 'phone number', masked: mask(m) })
    }
    for (const { kind, v } of exact) if (text.includes(v)) findings.push({ line, kind, masked: mask(v) })
  })
  return findings
}
