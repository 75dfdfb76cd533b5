import { findPhoneNumbersInText } from 'libphonenumber-js/min'

/**
 * Hints that a chat message may need a safety notice: contact details that move a conversation off the site, and
 * requests for money. Pure heuristics (no React, no server), so the client can show the notice as a message renders.
 */
export const safetySignals = ['phone', 'email', 'link', 'money'] as const
export type SafetySignal = (typeof safetySignals)[number]

/** Lowercase without accents, so patterns match "Überweisung", "pożycz" and "låna" as "uberweisung", "pozycz", "lana". */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
}

/** `source` as a whole word or phrase: no letter or digit right before or after. */
const words = (source: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'u')

// ---------------------------------------------------------------- phone

/** Digit groups joined by single separators (space, dash, dot, slash, parentheses), optionally after a "+". */
const digitRun = /(?<![\p{L}\p{N}+])\+?\(?\d(?:[\s./()-]{0,2}\d)+\)?/gu
const date = /^\d{1,2}[./-]\d{1,2}[./-](?:\d{2}|\d{4})$/
const years = /^(?:(?:19|20)\d\d[\s./-]*)+$/
const currencyBefore = /(?:[€$£]|eur|euro|usd|kr|zl|pln|chf)\s*$/
const currencyAfter = /^\s*(?:[€$£]|eur|euro|usd|dollar|kr|zl|pln|chf|,-)/

function hasPhone(text: string): boolean {
  const international = text.replace(/(?<![\d+])00(?=[1-9])/g, '+')
  if (findPhoneNumbersInText(international, { extended: true }).length > 0) return true
  for (const m of text.matchAll(digitRun)) {
    const run = m[0].trim()
    const digits = run.replace(/\D/g, '')
    if (digits.length < 8 || digits.length > 15) continue
    if (date.test(run) || years.test(run)) continue
    const at = m.index ?? 0
    if (currencyBefore.test(text.slice(Math.max(0, at - 5), at).toLowerCase())) continue
    if (currencyAfter.test(text.slice(at + m[0].length, at + m[0].length + 8).toLowerCase())) continue
    // Thousands separators ("1.000.000", "2 500 000") make an amount, not a phone number.
    if (/^\d{1,3}(?:[.,\s]\d{3})+$/.test(run) && !/^0/.test(run)) continue
    return true
  }
  return false
}

// ---------------------------------------------------------------- e-mail and links

const tlds =
  'com|net|org|info|biz|eu|nl|be|de|at|ch|fr|it|es|pt|pl|dk|fi|no|se|is|uk|ie|lu|cz|sk|hu|ro|gr|ru|ua|us|ca|au|nz|io|co|me|app|dev|ly|gl|gg|tv|to|xyz|online|site|club|live|link|page|shop|store|email|mail'
const providers =
  'gmail|googlemail|hotmail|outlook|live|msn|yahoo|ymail|aol|icloud|me|mac|gmx|web|t-online|freenet|posteo|proton|protonmail|pm|tutanota|mailbox|ziggo|kpnmail|kpnplanet|planet|xs4all|home|telenet|skynet|orange|free|laposte|wanadoo|sfr|libero|virgilio|tiscali|alice|tin|wp|onet|interia|o2|gazeta|op|tlen|yandex|mail|seznam|jubii|ofir|telia|comhem|bredband|online|sol|suomi24|luukku|elisa|saunalahti|inet'

/** Words for "@" in brackets ("(at)", "[a]", "{et}"); spelled out without brackets only the unambiguous ones count. */
const atWord = 'at|et|a|arroba|chiocciola|malpa|snabel-?a|apestaart|klammeraffe|kukkanen'
const spokenAtWord = 'at|arroba|chiocciola|malpa|snabel-?a|apestaart|klammeraffe|kukkanen'
const dotWord = 'dot|punt|punkt|point|punto|kropka|piste|prik|pkt'
const local = '[a-z0-9][a-z0-9._%+-]*'
const domain = '[a-z0-9-]+(?:\\.[a-z0-9-]+)*'

/** A real address, or one with a bracketed "(at)", "[at]", "{at}". */
const emailPlain = new RegExp(`(?<![a-z0-9._%+-])${local}(?:@|\\s*[\\[({<]\\s*(?:${atWord}|@)\\s*[\\])}>]\\s*)${domain}\\.[a-z]{2,}(?![a-z])`, 'u')
/** "name [at] gmail [dot] com", "name at gmail dot com", "name @ gmail . com": only with a known provider or TLD. */
const obfuscatedDot = `(?:\\.|\\s*[\\[({<]\\s*(?:${dotWord})\\s*[\\])}>]\\s*|\\s+(?:${dotWord})\\s+)`
const obfuscatedAt = `(?:\\s*@\\s*|\\s*[\\[({<]\\s*(?:${atWord}|@)\\s*[\\])}>]\\s*|\\s+(?:${spokenAtWord})\\s+)`
const emailObfuscated = new RegExp(
  `(?<![a-z0-9._%+-])${local}${obfuscatedAt}(?:${providers})(?:${obfuscatedDot}[a-z]{2,3})?${obfuscatedDot}(?:${tlds})(?![a-z0-9])`,
  'u',
)
/** "anna(at)gmail" without a TLD: the bracketed "at" is a deliberate disguise. */
const emailBracketedProvider = new RegExp(`(?<![a-z0-9._%+-])${local}\\s*[\\[({<]\\s*(?:${atWord}|@)\\s*[\\])}>]\\s*(?:${providers})(?![a-z0-9])`, 'u')

const emailPatterns = [emailPlain, emailObfuscated, emailBracketedProvider]

function hasEmail(text: string): boolean {
  return emailPatterns.some((p) => p.test(text))
}

/** The text with e-mail addresses blanked out, so their domains don't count as links. */
function withoutEmails(text: string): string {
  return emailPatterns.reduce((t, p) => t.replace(new RegExp(p.source, 'gu'), ' '), text)
}

/** Top-level domains that are also everyday words; as a bare "word.tld" they only count with a path ("t.me/anna"). */
const wordTlds = new Set(['me', 'it', 'at', 'be', 'no', 'is', 'to', 'in', 'so', 'us', 'do', 'go', 'my', 'de', 'es', 'se', 'nu', 'am', 'la', 'tv', 'co', 'ch'])
const bareDomain = /(?<![\p{L}\p{N}@._-])((?:[a-z0-9-]+\.)+)([a-z]{2,})(?![\p{L}\p{N}@-])(\/\S*)?/gu
const linkTlds = new Set(tlds.split('|'))
const linkPatterns = [
  /\bhttps?:\/\/\S/,
  /(?<![\p{L}\p{N}])www\s*\.\s*[a-z0-9-]+/u,
  words('whats\\s?app|snap\\s?chat|snap me|on snap|telegram|instagram|insta|viber|wechat|skype|threema|wickr|onlyfans'),
  /(?:^|\s)@[a-z0-9_][a-z0-9_.]{2,}(?![a-z0-9_@])/,
]

function hasLink(withEmails: string): boolean {
  const text = withoutEmails(withEmails)
  if (linkPatterns.some((p) => p.test(text))) return true
  for (const m of text.matchAll(bareDomain)) {
    const [, names, tld, path] = m
    if (!linkTlds.has(tld)) continue
    // "1.nl" is a list item, not a site.
    if (/^\d+\.$/.test(names)) continue
    if (wordTlds.has(tld) && !path && names.split('.').length < 3) continue
    return true
  }
  return false
}

// ---------------------------------------------------------------- money

const amount =
  '(?:[€$£]\\s?\\d[\\d.,]*|\\d[\\d.,]*\\s?(?:€|\\$|£|eur|euro|euros|usd|dollars?|pounds?|gbp|kr|kroner|kronor|dkk|nok|sek|zl|zlotych|zlote|zloty|pln|chf))'
const moneyWord =
  'money|cash|geld|poen|kohle|knete|soldi|denaro|contanti|argent|fric|thunes?|dinero|plata|pieniadze|pieniedzy|kase|kasy|penge|penger|pengar|rahaa|rahat'
/** Verbs (and "give me") that ask for money to be sent or lent, in the eleven languages. */
const sendVerb = [
  'send|sending|transfer|wire|lend|borrow|give me|loan me',
  'stuur|sturen|leen|lenen|overmaken',
  'schick|schicken|sende|senden|leih|leihen|uberweis\\p{L}*|gib mir',
  'mandami|inviami|prestami|manda|invia|presta|prestare|dammi',
  'envoie|envoies|envoyer|prete|preter|vire|virer|donne-moi',
  'envia|enviame|envias|manda|mandame|presta|prestame|prestar|transfiere|dame',
  'wyslij|wyslac|przelej|przelac|pozycz|pozyczyc|daj mi',
  'send|sende|laan|lan|lane|overfor|giv mig',
  'laheta|lahettaa|lainaa|lainata|siirra|anna minulle',
  'send|sende|lan|lane|overfor|gi meg',
  'skicka|lana|swisha|ge mig',
].join('|')

/** Verbs for lending, after which a bare number means money. */
const lendVerb =
  'lend|loan me|leen|lenen|leih|leihen|prestami|presta|prestare|prete-moi|preter|prestame|prestar|pozycz|pozyczyc|lan mig|lan meg|lana mig|lainaa|lainata'

const moneyPatterns = [
  // Payment channels scammers ask for.
  words(
    'gift\\s?cards?|itunes\\s?cards?|google\\s?play\\s?cards?|steam\\s?cards?|amazon\\s?cards?|apple\\s?cards?|paysafe\\s?cards?|paysafecard|western\\s?union|money\\s?gram|paypal|bitcoins?|btc|crypto\\p{L}*|usdt|ethereum|cash\\s?app|venmo|zelle|revolut|iban',
  ),
  words(
    'bank\\s?(?:transfer|details|account)|wire\\s?transfer|borrow (?:some )?money|need (?:some |the |urgent )?(?:money|cash)|money for (?:a |an |the |my )?(?:ticket|flight|plane|hospital|visa|surgery|operation|rent|customs|fees?)',
  ),
  // nl
  words(
    'geld (?:lenen|overmaken|nodig|sturen)|overmaken|overgemaakt|(?:maak|maakt) (?:het|dat|het geld|geld|even|wat) over|cadeau(?:bon|kaart)\\p{L}*|bankrekening\\p{L}*|rekeningnummer|tikkie',
  ),
  // de
  words(
    'geld (?:leihen|schicken|senden|uberweisen|brauchen)|uberweis\\p{L}*|brauche (?:dringend |etwas |noch )?geld|geschenkkarte\\p{L}*|guthabenkarte\\p{L}*|gutscheinkarte\\p{L}*|gutscheincode\\p{L}*|bankverbindung|bankdaten|kontonummer',
  ),
  // it
  words(
    'prestito|(?:mandami|inviami|mandarmi|prestarmi) (?:dei |i |un po di |qualche )?(?:soldi|denaro)|bisogno di (?:soldi|denaro)|bonifico|postepay|carta regalo|buono regalo|coordinate bancarie',
  ),
  // fr
  words(
    "preter (?:de l'|des )?argent|envoie[- ]moi (?:de l'|des |un peu d')?argent|besoin d'argent|besoin (?:de l'|d')?argent|virement|carte[s]? cadeaux?|mandat cash|coordonnees bancaires|transcash|neosurf|coupons? pcs",
  ),
  // es
  words('prestar(?:me)? dinero|(?:enviame|mandame) (?:dinero|plata)|necesito (?:dinero|plata)|transferencia|tarjetas? (?:de )?regalo|bizum|cuenta bancaria'),
  // pl
  words(
    'pozyczyc|pozyczk\\p{L}*|przelew\\p{L}*|wyslij mi (?:troche )?(?:pieniadze|pieniedzy|kase)|potrzebuje (?:pilnie )?(?:pieniedzy|kasy)|kart\\p{L}* podarunkow\\p{L}*|kod(?:em)? blik|blikiem|numer konta',
  ),
  // da
  words('lane penge|send (?:mig )?penge|overforsel|overfor penge|brug for penge|mangler penge|gavekort|mobilepay|kontonummer'),
  // fi
  words(
    'lainaa (?:minulle |mulle )?rahaa|lainata rahaa|lainaisitko|laheta (?:minulle |mulle )?rahaa|tarvitsen (?:kipeasti )?rahaa|tilisiir\\p{L}*|lahjakort\\p{L}*|tilinumero\\p{L}*',
  ),
  // nb
  words('lane penger|send (?:meg )?penger|overforing|trenger (?:noen )?penger|vipps|bankopplysninger'),
  // sv
  words('lana pengar|skicka (?:mig )?pengar|behover pengar|overforing|presentkort|swish|swisha|bankuppgifter'),
  // A send or lend verb followed closely by money or an amount: "send me €50", "stuur me 100 euro".
  words(`(?:${sendVerb})(?:[^.!?;,\\n]{0,30}?)(?:${moneyWord}|${amount})`),
  // Lending a number is lending money: "can you lend me 50?".
  words(`(?:${lendVerb})(?:[^.!?;,\\n\\d]{0,15}?)\\d{2,}`),
]

function hasMoney(text: string): boolean {
  return moneyPatterns.some((p) => p.test(text))
}

const detectors: Record<SafetySignal, (text: string) => boolean> = {
  phone: hasPhone,
  email: hasEmail,
  link: hasLink,
  money: hasMoney,
}

/** The safety signals a message body shows, each once, in the order of `safetySignals`. */
export function messageSignals(body: string): SafetySignal[] {
  if (!body.trim()) return []
  const text = normalize(body)
  return safetySignals.filter((s) => detectors[s](text))
}
