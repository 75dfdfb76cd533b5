import fs from 'node:fs'
import { findPersonalData, type KnownPersonalData } from '../setup/personal-data-scan'
import { readMails } from './mail'

/**
 * Global teardown (issue 15): the web server's output over the whole browser run (written to E2E_SERVER_LOG by the
 * command in playwright.config.ts) must hold no personal data. Besides the shapes of e-mail addresses, IBANs and
 * phone numbers, it looks for every address the site mailed, every token in those mails' links, and the values
 * the canary test handed the server (tests/e2e/log-privacy.spec.ts).
 */
export default function checkServerLog() {
  const logFile = process.env.E2E_SERVER_LOG
  if (!logFile || !fs.existsSync(logFile)) throw new Error('the web server log (E2E_SERVER_LOG) is missing')
  const log = fs.readFileSync(logFile, 'utf8')
  const known: Record<keyof KnownPersonalData, Set<string>> = { emails: new Set(), tokens: new Set(), texts: new Set() }
  for (const mail of readMails()) {
    for (const to of mail.rcptTo) known.emails.add(to)
    for (const [, token] of `${mail.text}\n${mail.html}`.matchAll(/[/=]([A-Za-z0-9_-]{20,})\b/g)) known.tokens.add(token)
  }
  const canaries = process.env.E2E_CANARY_FILE && fs.existsSync(process.env.E2E_CANARY_FILE) ? fs.readFileSync(process.env.E2E_CANARY_FILE, 'utf8') : ''
  for (const line of canaries.split('\n').filter(Boolean)) {
    const { kind, value } = JSON.parse(line) as { kind: keyof KnownPersonalData; value: string }
    known[kind].add(value)
  }
  const findings = findPersonalData(log, known)
  console.log(
    `Server log checked for personal data: ${log.split('\n').length} lines, ${known.emails.size} addresses, ${known.tokens.size} tokens, ${known.texts.size} texts; ${findings.length} found.`,
  )
  if (findings.length) {
    throw new Error(`personal data in the server log (${logFile}):\n${findings.map((f) => `  line ${f.line}: ${f.kind} ${f.masked}`).join('\n')}`)
  }
}
