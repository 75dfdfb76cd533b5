import { idValue } from '#app/lib/form-fields'
import { withWrite } from '#app/features/settings/write-limits.server'
import { deletePhoto, setMainPhoto, uploadPhoto, type UploadResult } from './photos.server'
import { ImageRejectedError, type ImageRejection } from './process-image.server'

/** An upload whose body could not be read as one photo (too big before it was read, or no photo in it). */
export type UnreadPhoto = { ok: false; error: 'unread'; code: 'too_large' | 'not_image' }

export type PhotoUploadOutcome = UploadResult | UnreadPhoto | { ok: false; error: 'image'; code: ImageRejection }

/**
 * A member's upload of one photo: takes an upload write token first (too often: the body is not even read, so a
 * refused upload costs no decoding), then reads it (`read`: the photo's bytes, or why there are none) and stores it.
 */
export function submitPhotoUpload(viewer: { profileId: number; paidUser: boolean }, read: () => Promise<Buffer | UnreadPhoto>) {
  return withWrite('upload', viewer.profileId, async (): Promise<PhotoUploadOutcome> => {
    const bytes = await read()
    if (!Buffer.isBuffer(bytes)) return bytes
    try {
      return await uploadPhoto(viewer, bytes)
    } catch (e) {
      if (e instanceof ImageRejectedError) return { ok: false, error: 'image', code: e.code }
      throw e
    }
  })
}

export type PhotoChangeOutcome = { ok: true; changed: boolean } | { ok: false; error: 'bad_id' }

/**
 * A member's change of one of their photos by the id the form posted: makes it the main one or deletes it. Takes a
 * profile_edit write token first (too_often when spent), as every edit of the own profile does. `changed` is false
 * when the photo is not theirs (or, for the main one, not active).
 */
export function submitPhotoChange(profileId: number, change: 'main' | 'delete', imageId: unknown) {
  return withWrite('profile_edit', profileId, async (): Promise<PhotoChangeOutcome> => {
    const id = idValue(imageId)
    if (id === null) return { ok: false, error: 'bad_id' }
    return { ok: true, changed: await (change === 'main' ? setMainPhoto : deletePhoto)(profileId, id) }
  })
}
