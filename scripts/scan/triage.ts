import { aboveLow, type Finding } from './findings'

/**
 * The triage list (scripts/scan-triage.json): findings looked at and accepted, each with its reason (the full
 * account is in docs/security.md, "Scanning"). An entry matches a finding by tool and category, and optionally by
 * a regular expression on the path and a piece of the scanner's text. It accepts a finding above low only when it
 * says the finding is a false positive: a real finding above low is fixed, not listed.
 */
export interface TriageEntry {
  tool: Finding['tool']
  category: string
  /** Regular expression the finding's path must match (whole path). */
  path?: string
  /** Text the finding's info must contain. */
  info?: string
  falsePositive?: boolean
  reason: string
}

export interface Triaged {
  accepted: { finding: Finding; entry: TriageEntry }[]
  /** Not in the list, or above low without being a false positive. */
  open: Finding[]
}

export function parseTriage(json: unknown): TriageEntry[] {
  if (!Array.isArray(json)) throw new Error('the triage list must be a JSON array')
  return json.map((e, i) => {
    const entry = e as TriageEntry
    if (!entry.tool || !entry.category || !entry.reason?.trim()) throw new Error(`triage entry ${i}: tool, category and reason are required`)
    if (entry.path) new RegExp(entry.path)
    return entry
  })
}

export function matches(entry: TriageEntry, f: Finding): boolean {
  if (entry.tool !== f.tool || entry.category !== f.category) return false
  if (entry.path && !new RegExp(`^(?:${entry.path})$`).test(f.path)) return false
  if (entry.info && !f.info.includes(entry.info)) return false
  return true
}

export function triage(findings: Finding[], entries: TriageEntry[]): Triaged {
  const result: Triaged = { accepted: [], open: [] }
  for (const f of findings) {
    const entry = entries.find((e) => matches(e, f) && (!aboveLow(f.severity) || e.falsePositive))
    if (entry) result.accepted.push({ finding: f, entry })
    else result.open.push(f)
  }
  return result
}
