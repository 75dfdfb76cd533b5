import { and, eq, or, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { profiles, users, type UserStatus } from '#db/schema/index'

export const MEMBER_PAGE = 25

export interface MemberHit {
  userId: number
  profileId: number | null
  name: string | null
  email: string
  status: UserStatus
  country: string | null
  signupDate: string
}

export type MemberQuery = { kind: 'id'; id: number } | { kind: 'email'; email: string } | { kind: 'name'; prefix: string } | { kind: 'none' }

/** What an operator typed: digits are an id (account or profile), text with @ an e-mail address, else a name prefix. */
export function parseMemberQuery(q: string | null | undefined): MemberQuery {
  const text = (q ?? '').trim().slice(0, 254)
  if (!text) return { kind: 'none' }
  if (/^#?\d{1,9}$/.test(text)) return { kind: 'id', id: Number(text.replace('#', '')) }
  if (text.includes('@')) return { kind: 'email', email: text.toLowerCase() }
  return { kind: 'name', prefix: text.toLowerCase().slice(0, 40) }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

const columns = {
  userId: users.id,
  profileId: profiles.id,
  name: profiles.name,
  email: users.email,
  status: users.status,
  country: profiles.country,
  signupDate: users.signupDate,
}

/**
 * The console's member search. Every form is served by an index, so it stays fast on a large table: an id by the
 * primary keys, an e-mail by users_email_key (lower(email)), a name prefix by profiles_member_name_idx (lower(name)
 * in collation "C", then id), paged by keyset: `after` is the last hit's "name|profileId".
 */
export async function findMembers(q: MemberQuery, after?: string | null): Promise<{ hits: MemberHit[]; next: string | null }> {
  if (q.kind === 'none') return { hits: [], next: null }
  const base = db().select(columns).from(users).leftJoin(profiles, eq(profiles.userId, users.id))
  if (q.kind === 'id') {
    const rows = await base
      .where(or(eq(users.id, q.id), eq(profiles.id, q.id)))
      .orderBy(users.id)
      .limit(2)
    return { hits: rows.map(present), next: null }
  }
  if (q.kind === 'email') {
    const rows = await base.where(sql`lower(${users.email}) = ${q.email}`).limit(1)
    return { hits: rows.map(present), next: null }
  }
  const key = sql`lower(${profiles.name}) collate "C"`
  const cursor = parseCursor(after)
  const rows = await db()
    .select({ ...columns, nameKey: sql<string>`lower(${profiles.name})` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        sql`${profiles.userId} is not null`,
        sql`${key} like ${escapeLike(q.prefix) + '%'}`,
        cursor ? sql`(${key}, ${profiles.id}) > (${cursor.name} collate "C", ${cursor.id})` : undefined,
      ),
    )
    .orderBy(key, profiles.id)
    .limit(MEMBER_PAGE + 1)
  const page = rows.slice(0, MEMBER_PAGE)
  const last = page.at(-1)
  return { hits: page.map(({ nameKey: _, ...r }) => present(r)), next: rows.length > MEMBER_PAGE && last ? `${last.nameKey}|${last.profileId}` : null }
}

function parseCursor(after: string | null | undefined): { name: string; id: number } | null {
  if (!after) return null
  const i = after.lastIndexOf('|')
  const id = Number(after.slice(i + 1))
  return i > 0 && Number.isSafeInteger(id) && id > 0 ? { name: after.slice(0, i).slice(0, 40), id } : null
}

function present(r: {
  userId: number
  profileId: number | null
  name: string | null
  email: string
  status: UserStatus
  country: string | null
  signupDate: Date
}): MemberHit {
  return { ...r, signupDate: r.signupDate.toISOString() }
}
