import { hash } from '@node-rs/argon2'
import { and, eq, inArray } from 'drizzle-orm'
import { mediaStore } from '#app/adapters/storage/index.server'
import { env } from '#app/lib/env.server'
import { db } from '../client.server'
import {
  conversationMembers,
  conversations,
  creditLedger,
  interests,
  messages,
  operators,
  profileImages,
  profileInterests,
  profiles,
  settings,
  sexualities,
  users,
} from '../schema/index'
import { renderAvatar } from './avatars.server'
import { ageOn } from '#app/lib/dates'
import { planDemoLogins, randomPassword, readDemoLogins, writeDemoLogins, type DemoMemberLogin } from './demo-logins.server'
import { demoAbout, demoAboutKink, demoNames, demoPlaces } from './names'

/** The two demo members; their passwords are made per install (demo-logins.server.ts). */
export const demoAccounts = [
  { email: 'anna@demo.local', name: 'Anna', gender: 'female' as const, country: 'NL', birthDate: '1994-03-12', language: 'en' },
  { email: 'ben@demo.local', name: 'Ben', gender: 'male' as const, country: 'NL', birthDate: '1991-08-27', language: 'en' },
]
const demoEmails = demoAccounts.map((a) => a.email)

const DEMO_CREDITS = 1000

/** A small deterministic generator, so every fresh demo database looks the same. */
export function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * No member and no operator yet (decision record 025). Profiles alone do not count: an operator made with
 * `npm run operator:create` on a fresh database makes it a real installation, which gets no demo operators.
 */
export async function isDatabaseEmpty(): Promise<boolean> {
  const [member] = await db().select({ id: users.id }).from(users).limit(1)
  if (member) return false
  const [operator] = await db().select({ id: operators.id }).from(operators).limit(1)
  return !operator
}

const hairColors = ['black', 'brown', 'blond', 'red', 'grey']
const eyeColors = ['brown', 'blue', 'green', 'grey']
const bodyTypes = ['slim', 'normal', 'fat']
const relationships = ['single', 'married', 'divorced', 'widowed', 'living_together', 'unmarried']

export interface DemoProfileRow {
  name: string
  gender: 'male' | 'female'
  sexuality: (typeof sexualities)[number]
  birthDate: string
  country: string
  region: string
  city: string
  hairColor: string
  eyeColor: string
  bodyType: string
  relationshipStatus: string
  tattoos: boolean
  aboutMe: string
  status: 'active'
  isFictional: true
  lastActiveAt: Date
}

/**
 * How the demo data leans in each niche (setting niche, app/features/niche; 1 default, 2 she, 3 bdsm, 4 bbw,
 * 5 gilf, 6 milf, 7 gay): a `share` of the profiles is reshaped into the niche's audience. The default niche's
 * data is the plain mix. The interest list has no kink topics, so the bdsm niche leans through the about-me texts.
 */
interface NicheEmphasis {
  share: number
  gender: 'male' | 'female'
  sexualities: readonly (typeof sexualities)[number][]
  ages?: readonly [number, number]
  /** Of the reshaped profiles, this share has the body type 'fat' (shown as curvy). */
  curvy?: number
  about?: readonly string[]
}

const womenForMen = ['hetero', 'hetero', 'hetero', 'bi'] as const

export const nicheEmphasis: Record<number, NicheEmphasis | null> = {
  1: null,
  2: { share: 0.7, gender: 'female', sexualities: ['lesbian', 'lesbian', 'lesbian', 'bi'] },
  3: { share: 0.6, gender: 'female', sexualities: womenForMen, about: demoAboutKink },
  4: { share: 0.65, gender: 'female', sexualities: womenForMen, curvy: 0.8 },
  5: { share: 0.65, gender: 'female', sexualities: womenForMen, ages: [60, 78] },
  6: { share: 0.65, gender: 'female', sexualities: womenForMen, ages: [35, 55] },
  7: { share: 0.7, gender: 'male', sexualities: ['gay', 'gay', 'gay', 'bi'] },
}

/** A birth date of someone exactly `age` years old today: up to 364 days before their last birthday. */
function birthDateFor(age: number, rand: () => number, now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()) - Math.floor(rand() * 364) * 86400000).toISOString().slice(0, 10)
}

/**
 * Generates `count` fictional profiles spread over the countries, both genders, all sexualities and ages 18-70,
 * then leans them toward the niche's audience (nicheEmphasis). Niche 1 gives exactly the plain mix.
 */
export function generateDemoProfiles(count: number, seed = 42, now = new Date(), niche = 1): DemoProfileRow[] {
  const rows = plainDemoProfiles(count, seed, now)
  const emphasis = nicheEmphasis[niche]
  if (!emphasis) return rows
  // A generator of its own, so the plain mix underneath stays the same in every niche.
  const rand = rng(seed * 31 + niche)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]
  return rows.map((row) => {
    if (rand() >= emphasis.share) return row
    const out = { ...row, gender: emphasis.gender, sexuality: pick(emphasis.sexualities) }
    if (row.gender !== emphasis.gender) out.name = pick(demoNames[row.country][emphasis.gender])
    if (emphasis.ages) out.birthDate = birthDateFor(emphasis.ages[0] + Math.floor(rand() * (emphasis.ages[1] - emphasis.ages[0] + 1)), rand, now)
    if (emphasis.curvy !== undefined && rand() < emphasis.curvy) out.bodyType = 'fat'
    if (emphasis.about && rand() < 0.5) out.aboutMe = pick(emphasis.about)
    return out
  })
}

function plainDemoProfiles(count: number, seed: number, now: Date): DemoProfileRow[] {
  const rand = rng(seed)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]
  const countries = Object.keys(demoNames)
  const out: DemoProfileRow[] = []
  for (let i = 0; i < count; i++) {
    const country = countries[i % countries.length]
    const gender = i % 2 === 0 ? 'female' : 'male'
    // Cycle through all four sexualities; same-sex ones take the word that fits the gender.
    const raw = sexualities[(i >> 1) % sexualities.length]
    const fixedSexuality = raw === 'gay' || raw === 'lesbian' ? (gender === 'male' ? 'gay' : 'lesbian') : raw
    const age = 18 + Math.floor(rand() * 53)
    const birth = new Date(Date.UTC(now.getUTCFullYear() - age - 1, 0, 1) + Math.floor(rand() * 364) * 86400000)
    const [city, region] = pick(demoPlaces[country])
    out.push({
      name: pick(demoNames[country][gender]),
      gender,
      sexuality: fixedSexuality,
      birthDate: birth.toISOString().slice(0, 10),
      country,
      region,
      city,
      hairColor: pick(hairColors),
      eyeColor: pick(eyeColors),
      bodyType: pick(bodyTypes),
      relationshipStatus: pick(relationships),
      tattoos: rand() < 0.3,
      aboutMe: pick(demoAbout),
      status: 'active',
      isFictional: true,
      lastActiveAt: new Date(now.getTime() - Math.floor(rand() * 30 * 86400000)),
    })
  }
  return out
}

/** A drawn avatar (all four sizes, in the media store) made the profile's approved main photo. */
export async function attachAvatar(profileId: number, gender: 'male' | 'female', birthDate: string) {
  const img = await renderAvatar(`demo-${profileId}`, { gender, age: ageOn(birthDate, new Date()) })
  const base = `p${profileId}-demo`
  const names = { filename: `${base}.webp`, thumbFilename: `${base}-thumb.webp`, matchFilename: `${base}-match.webp`, blurredFilename: `${base}-blur.webp` }
  await mediaStore().saveSet([
    { name: names.filename, data: img.full, area: 'public' },
    { name: names.thumbFilename, data: img.thumb, area: 'public' },
    { name: names.matchFilename, data: img.match, area: 'public' },
    { name: names.blurredFilename, data: img.blurred, area: 'public' },
  ])
  const [image] = await db()
    .insert(profileImages)
    .values({ profileId, ...names, status: 'active' })
    .returning({ id: profileImages.id })
  await db().update(profiles).set({ mainImageId: image.id }).where(eq(profiles.id, profileId))
}

/**
 * The demo data: fictional profiles (marked so the interface discloses them), with avatars and interests, plus two
 * demo member accounts with a conversation between them, whose random logins are kept in `dataDir`. Seeding again
 * (SEED_DEMO=1 on every start) adds what is missing: the profiles come with the demo members, not once more.
 */
export async function seedDemo(opts: {
  dataDir: string
  profiles: number
  avatars?: boolean
  niche?: number
}): Promise<{ accounts: DemoMemberLogin[]; profileCount: number }> {
  const existing = await existingEmails()
  const kept = readDemoLogins(opts.dataDir)
  const logins = planDemoLogins(demoEmails, kept.members, existing, (email) => ({ email, password: randomPassword() }))
  // Kept before the accounts are made: a start that stops halfway leaves logins that the next seeding completes.
  writeDemoLogins(opts.dataDir, { ...kept, members: logins })
  const profileCount = existing.size ? 0 : await seedProfiles(opts)

  const accountProfiles: number[] = []
  for (const a of demoAccounts) {
    const login = logins.find((l) => l.email === a.email)
    if (!login || existing.has(a.email)) continue
    const [user] = await db()
      .insert(users)
      .values({
        email: a.email,
        passwordHash: await hash(login.password),
        status: 'active',
        language: a.language,
        confirmedAt: new Date(),
        credits: DEMO_CREDITS,
      })
      .returning({ id: users.id })
    // Demo members can try the paid chat at once; they stay free members (Premium comes with a first purchase).
    await db()
      .insert(creditLedger)
      .values({ userId: user.id, delta: DEMO_CREDITS, balanceAfter: DEMO_CREDITS, reason: 'signup_bonus', idempotencyKey: `demo-credits:${user.id}` })
    const [profile] = await db()
      .insert(profiles)
      .values({
        userId: user.id,
        name: a.name,
        gender: a.gender,
        sexuality: 'hetero',
        birthDate: a.birthDate,
        country: a.country,
        region: 'Noord-Holland',
        city: 'Amsterdam',
        status: 'active',
        aboutMe: a.gender === 'female' ? 'Demo member: log in as me to try the chat.' : 'Demo member: chat with Anna in another browser.',
      })
      .returning({ id: profiles.id })
    if (opts.avatars !== false) await attachAvatar(profile.id, a.gender, a.birthDate)
    accountProfiles.push(profile.id)
  }
  if (accountProfiles.length === 2) await seedConversation(accountProfiles[0], accountProfiles[1])
  return { accounts: logins, profileCount }
}

/** The demo members' e-mail addresses that have an account in this database. */
async function existingEmails(): Promise<Set<string>> {
  const rows = await db().select({ email: users.email }).from(users).where(inArray(users.email, demoEmails))
  return new Set(rows.map((r) => r.email))
}

async function seedProfiles(opts: { dataDir: string; profiles: number; avatars?: boolean; niche?: number }): Promise<number> {
  const rows = generateDemoProfiles(opts.profiles, undefined, undefined, opts.niche ?? (await seedNiche()))
  const rand = rng(7)
  const interestIds = (await db().select({ id: interests.id }).from(interests)).map((r) => r.id)
  const ids: { id: number; gender: 'male' | 'female'; birthDate: string }[] = []
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = await db()
      .insert(profiles)
      .values(rows.slice(i, i + 500))
      .returning({ id: profiles.id, gender: profiles.gender, birthDate: profiles.birthDate })
    ids.push(...chunk)
  }
  if (interestIds.length) {
    const links = ids.flatMap(({ id }) => {
      const n = 3 + Math.floor(rand() * 5)
      const chosen = new Set<number>()
      while (chosen.size < n) chosen.add(interestIds[Math.floor(rand() * interestIds.length)])
      return [...chosen].map((interestId) => ({ profileId: id, interestId }))
    })
    for (let i = 0; i < links.length; i += 1000)
      await db()
        .insert(profileInterests)
        .values(links.slice(i, i + 1000))
        .onConflictDoNothing()
  }
  if (opts.avatars !== false) {
    // A few at a time: sharp is multi-threaded already.
    for (let i = 0; i < ids.length; i += 8) await Promise.all(ids.slice(i, i + 8).map((p) => attachAvatar(p.id, p.gender, p.birthDate)))
  }
  return ids.length
}

async function seedConversation(annaId: number, benId: number) {
  const [low, high] = annaId < benId ? [annaId, benId] : [benId, annaId]
  const [conv] = await db().insert(conversations).values({ profileLowId: low, profileHighId: high, startedBy: benId }).returning({ id: conversations.id })
  // Weeks of earlier chat first, so the demo conversation has older pages to load (HISTORY_PAGE is 50); written as
  // two people would, not numbered copies (issue 27: the demo must look real).
  const earlier = [
    'Good morning! First coffee of the day already?',
    'Second one, actually. Long night with a good book.',
    'Which book? I am always looking for the next one.',
    'A Dutch crime novel. Slow start, but it pulls you in.',
    'Send me the title when you finish it.',
    'Deal. How was your day so far?',
    'Busy. Three meetings before lunch, but the sun is out.',
    'Then you deserve a walk this evening.',
    'Planning on it. Along the river, if it stays dry.',
    'That is my favourite route too.',
    'Have you been to the new bakery near the station?',
    'Not yet. Is it worth the queue?',
    'The cinnamon buns are dangerous. In a good way.',
    'Now I know where I will be on Saturday morning.',
    'Save one for me :)',
    'No promises!',
    'Did you watch the match last night?',
    'Only the second half. What a finish.',
    'I jumped off the sofa at the last goal.',
    'The neighbours must have loved that.',
    'They were cheering louder than me.',
    'Any plans for the weekend?',
    'Cooking for friends on Sunday. Still deciding what.',
    'Risotto never fails.',
    'Good idea. Mushroom or lemon?',
    'Mushroom, with lots of parmesan.',
    'You clearly know what you are talking about.',
    'I took a cooking class last winter.',
    'Impressive. I can do pancakes and that is about it.',
    'Pancakes count. Everyone loves pancakes.',
    'How did the dinner go?',
    'Everyone asked for seconds. The risotto tip was gold.',
    'Told you :) What did you have for dessert?',
    'Store-bought ice cream. I have my limits.',
    'Honest answer, respect.',
    'Rainy day here. Staying in with music.',
    'What are you listening to?',
    'Old jazz records from my grandfather.',
    'That sounds lovely. Any favourite?',
    'Chet Baker, always.',
    'I will put him on tonight.',
    'Tell me what you think.',
    'Lovely voice. Very calm.',
    'Perfect for a rainy evening.',
    'Back from a run. Legs are complaining.',
    'How far did you go?',
    'Eight kilometres, a new record for this year.',
    'Well done! I should start running again.',
    'Come along one time, I go slowly.',
    'Maybe when it is a bit warmer.',
    'Work was long today.',
    'Sorry to hear. Anything fun to look forward to?',
    'A weekend away next month. Still choosing where.',
    'The coast is beautiful this time of year.',
    'Good tip. I love the sea in autumn.',
    'Windy walks and hot chocolate after.',
    'You are making a very good case.',
    'I have been told I should work in tourism.',
    'Ha, maybe you should.',
    'Only if I can choose the destinations.',
  ]
  const lines: [number, string][] = [
    ...earlier.map((body, i): [number, string] => [i % 2 ? annaId : benId, body]),
    [benId, 'Hi Anna! I saw you like travelling too. Where did you go last?'],
    [annaId, 'Hi Ben :) Lisbon in spring, it was lovely. And you?'],
    [benId, 'Copenhagen! Shall we swap tips over coffee sometime?'],
  ]
  const base = Date.now() - 3600_000 - lines.length * 60_000
  const ids = await db()
    .insert(messages)
    .values(
      lines.map(([sender, body], i) => ({
        conversationId: conv.id,
        senderId: sender,
        clientId: crypto.randomUUID(),
        body,
        createdAt: new Date(base + i * 60_000),
      })),
    )
    .returning({ id: messages.id })
  // Ben has read everything; Anna has all but Ben's last message read (it is her one unread message).
  const last = Number(ids[ids.length - 1].id)
  await db()
    .insert(conversationMembers)
    .values([
      { conversationId: conv.id, profileId: benId, unreadCount: 0, deliveredUpTo: last, readUpTo: last },
      { conversationId: conv.id, profileId: annaId, unreadCount: 1, deliveredUpTo: last, readUpTo: Number(ids[ids.length - 2].id) },
    ])
  await db()
    .update(conversations)
    .set({ lastMessageAt: new Date(base + (lines.length - 1) * 60_000) })
    .where(and(eq(conversations.id, conv.id)))
}

/**
 * The niche the demo data leans toward: the environment's NICHE when set (and then also the site's setting niche,
 * unless the operator has set one), else the setting niche, else the default.
 */
export async function seedNiche(): Promise<number> {
  const fromEnv = env().NICHE
  if (fromEnv !== undefined) {
    await db().insert(settings).values({ key: 'niche', value: fromEnv }).onConflictDoNothing()
    return fromEnv
  }
  const [row] = await db().select({ value: settings.value }).from(settings).where(eq(settings.key, 'niche'))
  const n = Number(row?.value)
  return n in nicheEmphasis ? n : 1
}

/** The demo members' logins kept in `dataDir` whose accounts exist in this database, for the start-up banner. */
export async function existingDemoAccounts(dataDir: string): Promise<DemoMemberLogin[]> {
  const kept = readDemoLogins(dataDir).members
  if (!kept.length) return []
  const present = await existingEmails()
  return kept.filter((a) => present.has(a.email))
}
