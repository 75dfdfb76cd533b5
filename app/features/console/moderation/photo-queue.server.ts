import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import { db } from '#db/client.server'
import { profileImages, profiles } from '#db/schema/index'
import { recordAudit } from '#app/features/console/operators/audit.server'
import { settleMainPhoto } from '#app/features/photos/photos.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { insertDecision, type DecidingOperator } from './decisions.server'
import type { PhotoReason } from './rules'

export interface PendingPhoto {
  id: number
  profileId: number
  name: string
  createdAt: string
  others: { id: number; status: 'pending' | 'active' | 'rejected' }[]
}

/** Members' photos waiting for review (setting photo_moderation), oldest first, each with the member's other photos. */
export async function listPendingPhotos(limit = 50): Promise<PendingPhoto[]> {
  const rows = await db()
    .select({ id: profileImages.id, profileId: profileImages.profileId, name: profiles.name, createdAt: profileImages.createdAt })
    .from(profileImages)
    .innerJoin(profiles, eq(profiles.id, profileImages.profileId))
    .where(and(eq(profileImages.status, 'pending'), isNotNull(profiles.userId)))
    .orderBy(asc(profileImages.createdAt), asc(profileImages.id))
    .limit(limit)
  const profileIds = [...new Set(rows.map((r) => r.profileId))]
  const others = profileIds.length
    ? await db()
        .select({ id: profileImages.id, profileId: profileImages.profileId, status: profileImages.status })
        .from(profileImages)
        .where(and(inArray(profileImages.profileId, profileIds), ne(profileImages.status, 'rejected')))
        .orderBy(asc(profileImages.position), asc(profileImages.id))
    : []
  return rows.map((r) => ({
    id: r.id,
    profileId: r.profileId,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    others: others.filter((o) => o.profileId === r.profileId && o.id !== r.id).map((o) => ({ id: o.id, status: o.status })),
  }))
}

export type PhotoDecision = { decision: 'approve' } | { decision: 'reject'; reason: PhotoReason; note?: string | null }
export type PhotoDecisionResult = { ok: true; decisionId: number } | { ok: false; error: 'not_pending' }

/**
 * Approves or rejects a waiting photo. Either way the member is told in their language (a decision row, its
 * event and e-mail); a rejection is a statement of reasons they can appeal. Audited in the same transaction.
 */
export async function decidePhoto(op: DecidingOperator, imageId: number, d: PhotoDecision): Promise<PhotoDecisionResult> {
  const r = await db().transaction(async (tx): Promise<PhotoDecisionResult & { profileId?: number }> => {
    const [img] = await tx
      .update(profileImages)
      .set({ status: d.decision === 'approve' ? 'active' : 'rejected' })
      .where(and(eq(profileImages.id, imageId), eq(profileImages.status, 'pending')))
      .returning({ profileId: profileImages.profileId })
    if (!img) return { ok: false, error: 'not_pending' }
    const [p] = await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, img.profileId))
    if (!p?.userId) return { ok: false, error: 'not_pending' }
    const reason = d.decision === 'reject' ? d.reason : 'other'
    const note = d.decision === 'reject' ? (d.note ?? null) : null
    const decisionId = await insertDecision(tx, op, {
      userId: p.userId,
      profileId: img.profileId,
      source: 'photo',
      imageId,
      contentType: 'photo',
      action: d.decision === 'approve' ? 'photo_approved' : 'photo_rejected',
      reason,
      note,
    })
    await recordAudit(
      {
        operator: op,
        action: d.decision === 'approve' ? 'photo.approve' : 'photo.reject',
        target: { type: 'photo', id: imageId },
        reason: d.decision === 'reject' ? reason : null,
        details: { profileId: img.profileId, decisionId },
      },
      tx,
    )
    return { ok: true, decisionId, profileId: img.profileId }
  })
  if (!r.ok) return r
  await settleMainPhoto(r.profileId!)
  wakeJobRunner()
  return { ok: true, decisionId: r.decisionId }
}

/** The stored file of a photo for the console (any status): the thumbnail or the larger match variant. */
export async function moderationPhotoFile(imageId: number, variant: 'thumb' | 'match'): Promise<string | null> {
  const [img] = await db()
    .select({ thumb: profileImages.thumbFilename, match: profileImages.matchFilename })
    .from(profileImages)
    .where(eq(profileImages.id, imageId))
  return img ? img[variant] : null
}
