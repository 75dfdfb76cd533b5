import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { captureMail } from '../../../tests/setup/mail'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { complaints } from '#db/schema/index'
import { complaintSchema } from './complaints.schema'
import { fileComplaint } from './complaints.server'

useTestDatabase()
const sent = captureMail()

describe('complaints', () => {
  it('files a case with a reference and confirms it by e-mail in the complainant’s language', async () => {
    const m = await createMember()
    const { reference } = await fileComplaint({
      category: 'scam',
      subject: '/members/12',
      description: 'This member asked me for money for a plane ticket.',
      email: 'me@example.com',
      locale: 'de',
      reporterProfileId: m.profileId,
    })
    expect(reference).toMatch(/^C-\d{8}-[A-Z2-9]{6}$/)
    const rows = await db().select().from(complaints)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      reference,
      category: 'scam',
      subject: '/members/12',
      email: 'me@example.com',
      locale: 'de',
      reporterProfileId: m.profileId,
      status: 'open',
    })
    expect(sent).toHaveLength(1)
    expect(sent[0].to).toBe('me@example.com')
    expect(sent[0].subject).toContain(reference)
    expect(sent[0].text).toContain(reference)
    // In German, not English.
    expect(sent[0].subject).not.toContain('has been received')
  })

  it('gives every case its own reference; visitors may file one', async () => {
    const refs = new Set<string>()
    for (let i = 0; i < 20; i++)
      refs.add(
        (
          await fileComplaint({
            category: 'other',
            description: 'Something is wrong with the site today.',
            email: 'v@example.com',
            locale: 'en',
            reporterProfileId: null,
          })
        ).reference,
      )
    expect(refs.size).toBe(20)
  })

  it('validates the form: category, a description of 20 characters, a valid e-mail', () => {
    const r = complaintSchema.safeParse({ category: 'nope', description: 'short', email: 'x' })
    expect(r.success).toBe(false)
    const paths = r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`)
    expect(paths).toEqual(
      expect.arrayContaining(['category:complaints.categoryRequired', 'description:complaints.descriptionShort', 'email:complaints.emailInvalid']),
    )
    expect(
      complaintSchema.safeParse({ category: 'illegal_content', subject: '', description: 'A photo shows something illegal.', email: 'a@b.nl' }).success,
    ).toBe(true)
  })
})
