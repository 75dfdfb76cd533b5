import { dictionary } from '@zxcvbn-ts/language-common'

// The ~49,000 most common passwords of zxcvbn-ts's dictionary (leaked-password frequency lists), shipped inside the
// package: no network at install or run time. Built once, on the first check.
let common: Set<string> | undefined

/** Whether a password is one of the common or breached ones a guesser tries first (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'])
  return common.has(password.toLowerCase())
}
