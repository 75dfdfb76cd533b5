import { z } from 'zod'

export const reportReasons = ['fake_profile', 'offensive', 'spam', 'scam', 'underage', 'inappropriate_photo', 'other'] as const

export const reportSchema = z.object({
  reason: z.enum(reportReasons, { error: 'report.reasonRequired' }),
  details: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(1000, 'validation.tooLong').optional()),
  imageId: z.preprocess((v) => (v === '' || v === undefined ? undefined : v), z.coerce.number().int().positive().optional()),
})

export const messageReportSchema = z.object({
  messageId: z.coerce.number().int().positive(),
  reason: z.enum(reportReasons).default('other'),
})
