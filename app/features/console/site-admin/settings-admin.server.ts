import { desc, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '#db/client.server'
import { settingChanges, settings as settingsTable } from '#db/schema/index'
import { recordAudit } from '#app/features/console/operators/audit.server'
import type { OperatorIdentity } from '#app/features/console/operators/operator-accounts.server'
import { defaultSettings, type Settings } from '#app/features/settings/defaults'
import { getSettings, settingsChanged, updateSetting } from '#app/features/settings/settings.server'
import { rawFromValue, schemaFor, settingSections, type EditableKey, type RawValue } from './setting-fields'

export const reasonSchema = z
  .string({ error: 'admin.run.reasonRequired' })
  .trim()
  .min(3, { error: 'admin.run.reasonRequired' })
  .max(500, { error: 'admin.run.reasonTooLong' })

export type SaveSettingsResult = { ok: true; changed: EditableKey[] } | { ok: false; errors: Partial<Record<EditableKey, string>>; reasonError?: string }

/** The section's current values as the form shows them. */
export async function settingsFormValues(): Promise<Record<EditableKey, RawValue>> {
  const s = await getSettings()
  const out = {} as Record<EditableKey, RawValue>
  for (const section of settingSections) for (const key of section.keys) out[key] = rawFromValue(key, s[key])
  return out
}

/**
 * Validates and saves the settings of one section of the editor. Each changed key is stored, written to the
 * change history and to the audit log in one transaction; unchanged keys write nothing. Every process's settings
 * cache is told after the commit (the bus; else its 10-second lifetime).
 */
export async function saveSettingsSection(input: {
  operator: Pick<OperatorIdentity, 'id' | 'name'>
  sectionId: string
  raw: Partial<Record<EditableKey, RawValue>>
  reason: unknown
}): Promise<SaveSettingsResult> {
  const section = settingSections.find((s) => s.id === input.sectionId)
  if (!section) return { ok: false, errors: {} }
  const errors: Partial<Record<EditableKey, string>> = {}
  const values: Partial<Record<EditableKey, unknown>> = {}
  for (const key of section.keys) {
    const parsed = schemaFor(key).safeParse(input.raw[key])
    if (parsed.success) values[key] = parsed.data
    else errors[key] = parsed.error.issues[0]?.message ?? 'admin.settings.error.choice'
  }
  const reason = reasonSchema.safeParse(input.reason)
  if (Object.keys(errors).length || !reason.success) return { ok: false, errors, reasonError: reason.success ? undefined : reason.error.issues[0]?.message }

  const changed = await db().transaction(async (tx) => {
    // One settings change at a time: the old values of the history are the ones really replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings-editor'))`)
    const rows = await tx.select({ key: settingsTable.key, value: settingsTable.value }).from(settingsTable).where(inArray(settingsTable.key, section.keys))
    const stored = new Map(rows.map((r) => [r.key, r.value]))
    const list: EditableKey[] = []
    for (const key of section.keys) {
      const old = stored.has(key) ? stored.get(key) : defaultSettings[key]
      const next = values[key]
      if (JSON.stringify(old) === JSON.stringify(next)) continue
      list.push(key)
      await updateSetting(key, next as Settings[typeof key], tx)
      await tx.insert(settingChanges).values({
        key,
        oldValue: jsonOrNull(old),
        newValue: jsonOrNull(next),
        operatorId: input.operator.id,
        operatorName: input.operator.name,
        reason: reason.data,
      })
      await recordAudit(
        {
          operator: input.operator,
          action: 'settings.change',
          target: { type: 'setting', id: key },
          reason: reason.data,
          details: { old: old ?? null, new: next ?? null },
        },
        tx,
      )
    }
    return list
  })
  if (changed.length) await settingsChanged()
  return { ok: true, changed }
}

// A null value is kept as JSON null (the column is nullable, but SQL NULL would read as "no value").
function jsonOrNull(v: unknown) {
  return v === null || v === undefined ? sql`'null'::jsonb` : v
}

export interface SettingChangeRow {
  id: number
  key: string
  oldValue: unknown
  newValue: unknown
  operatorName: string | null
  reason: string | null
  createdAt: string
}

/** The newest changes first. */
export async function listSettingChanges(limit = 50): Promise<SettingChangeRow[]> {
  const rows = await db()
    .select({
      id: settingChanges.id,
      key: settingChanges.key,
      oldValue: settingChanges.oldValue,
      newValue: settingChanges.newValue,
      operatorName: settingChanges.operatorName,
      reason: settingChanges.reason,
      createdAt: settingChanges.createdAt,
    })
    .from(settingChanges)
    .orderBy(desc(settingChanges.id))
    .limit(Math.min(limit, 200))
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
}
