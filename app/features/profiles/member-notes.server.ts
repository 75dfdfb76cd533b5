import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '#db/client.server'
import { memberNotes } from '#db/schema/index'
import { canViewProfile } from '#app/policies/visibility.server'
import { getSettings } from '#app/features/settings/settings.server'
import { withWrite } from '#app/features/settings/write-limits.server'

/**
 * Private notes (setting visible_profile_notes; issue 28): what a member writes down about another member for
 * themselves ("met at the concert, likes sailing"). Only the author reads, changes or deletes a note; nobody else,
 * the subject included, ever sees it.
 */

export const NOTE_MAX = 1000
const noteSchema = z.string().trim().max(NOTE_MAX, 'validation.tooLong')

/** The author's note about the subject, when notes are on and there is one. */
export async function noteAbout(authorId: number, subjectId: number): Promise<string | null> {
  const [r] = await db()
    .select({ note: memberNotes.note })
    .from(memberNotes)
    .where(and(eq(memberNotes.authorId, authorId), eq(memberNotes.subjectId, subjectId)))
  return r?.note ?? null
}

export type NoteOutcome = { ok: true; saved: boolean } | { ok: false; error: 'off' | 'not_found' | 'self' } | { ok: false; error: 'invalid'; message: string }

/**
 * Saves the author's note about a profile (empty text deletes it). Takes a profile_edit write token first; refused
 * while the setting is off, about oneself, or about a profile the author may not see.
 */
export function submitNote(authorId: number, subjectId: number, text: unknown) {
  return withWrite('profile_edit', authorId, async (): Promise<NoteOutcome> => {
    if (!(await getSettings()).visible_profile_notes) return { ok: false, error: 'off' }
    if (authorId === subjectId) return { ok: false, error: 'self' }
    const parsed = noteSchema.safeParse(typeof text === 'string' ? text : '')
    if (!parsed.success) return { ok: false, error: 'invalid', message: parsed.error.issues[0].message }
    // Only about a profile the author may see (a hidden or blocking member is not found, as their page is not).
    if (!(await canViewProfile(authorId, subjectId)).ok) return { ok: false, error: 'not_found' }
    if (!parsed.data) {
      await db()
        .delete(memberNotes)
        .where(and(eq(memberNotes.authorId, authorId), eq(memberNotes.subjectId, subjectId)))
      return { ok: true, saved: false }
    }
    await db()
      .insert(memberNotes)
      .values({ authorId, subjectId, note: parsed.data })
      .onConflictDoUpdate({ target: [memberNotes.authorId, memberNotes.subjectId], set: { note: parsed.data, updatedAt: new Date() } })
    return { ok: true, saved: true }
  })
}
