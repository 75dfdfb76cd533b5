import { z } from 'zod'

import { complaintCategories } from './complaint-categories'

/** The /complaints form, shared by the server and the form's field errors. */
export const complaintSchema = z.object({
  category: z.enum(complaintCategories, { error: 'complaints.categoryRequired' }),
  subject: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(300, 'validation.tooLong').optional()),
  description: z.string({ error: 'complaints.descriptionRequired' }).trim().min(20, 'complaints.descriptionShort').max(5000, 'validation.tooLong'),
  email: z.email({ error: 'complaints.emailInvalid' }).max(254),
})
export type ComplaintInput = z.infer<typeof complaintSchema>
