/** One finding of a scanner, in the shape the summary and the triage list share. */
export interface Finding {
  tool: 'wapiti' | 'sqlmap' | 'cross-member'
  /** The scanner's category ("HTTP Secure Headers", "SQL Injection", "Internal Server Error", ...). */
  category: string
  severity: Severity
  method: string
  path: string
  parameter: string
  info: string
}

export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const
export type Severity = (typeof SEVERITIES)[number]

export function aboveLow(s: Severity): boolean {
  return SEVERITIES.indexOf(s) > SEVERITIES.indexOf('low')
}
