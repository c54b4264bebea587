import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { inferShape, literal, objectShape, zodSource } from './schema.js'

/** The zod schema a shape's source makes, evaluated. */
const schemaOf = (source: string) => new Function('z', `return ${source}`)(z) as z.ZodType

describe('a schema inferred from records', () => {
  const records = [
    {
      email: 'ada@example.com',
      site: 'https://ada.example',
      at: '2026-01-01T10:00:00Z',
      day: '2026-01-01',
      key: '0b4c5e2a-8d7f-4e6a-9c1b-2f3d4e5f6a7b',
      status: 'open',
      count: 3,
      ratio: 0.5,
      tags: ['a'],
      note: null,
    },
    {
      email: 'bob@example.com',
      site: 'http://bob.example',
      at: '2026-01-02T10:00:00+02:00',
      day: '2026-01-02',
      key: '1b4c5e2a-8d7f-4e6a-9c1b-2f3d4e5f6a7b',
      status: 'paid',
      count: 4,
      ratio: 1,
      tags: [],
      note: 'hi',
    },
    {
      email: 'cy@example.com',
      site: 'https://cy.example/x',
      at: '2026-01-03T10:00:00Z',
      day: '2026-01-03',
      key: '2b4c5e2a-8d7f-4e6a-9c1b-2f3d4e5f6a7b',
      status: 'open',
      count: 5,
      ratio: 2,
      tags: ['b', 'c'],
    },
    {
      email: 'di@example.com',
      site: 'https://di.example',
      at: '2026-01-04T10:00:00Z',
      day: '2026-01-04',
      key: '3b4c5e2a-8d7f-4e6a-9c1b-2f3d4e5f6a7b',
      status: 'open',
      count: 6,
      ratio: 3,
      tags: [],
    },
    {
      email: 'ed@example.com',
      site: 'https://ed.example',
      at: '2026-01-05T10:00:00Z',
      day: '2026-01-05',
      key: '4b4c5e2a-8d7f-4e6a-9c1b-2f3d4e5f6a7b',
      status: 'paid',
      count: 7,
      ratio: 4,
      tags: [],
    },
    {
      email: 'fa@example.com',
      site: 'https://fa.example',
      at: '2026-01-06T10:00:00Z',
      day: '2026-01-06',
      key: '5b4c5e2a-8d7f-4e6a-9c1b-2f3d4e5f6a7b',
      status: 'open',
      count: 8,
      ratio: 5,
      tags: [],
    },
  ]

  it('finds formats, integers, enums of few repeated values, optional and nullable members', () => {
    const source = zodSource(objectShape(records))
    expect(source).toContain('email: z.email()')
    expect(source).toContain('site: z.url()')
    expect(source).toContain('at: z.iso.datetime({ offset: true, local: true })')
    expect(source).toContain('day: z.iso.date()')
    expect(source).toContain('key: z.uuid()')
    expect(source).toContain("status: z.enum(['open', 'paid'])")
    expect(source).toContain('count: z.number().int()')
    expect(source).toContain('ratio: z.number(),')
    expect(source).toContain('tags: z.array(z.string())')
    expect(source).toContain('note: z.string().nullable().optional()')
  })

  it('writes a schema that accepts every record it was inferred from, and refuses others', () => {
    const schema = schemaOf(zodSource(objectShape(records)))
    for (const record of records) expect(schema.safeParse(record).success).toBe(true)
    expect(schema.safeParse({ ...records[0], email: 'not an address' }).success).toBe(false)
    expect(schema.safeParse({ ...records[0], status: 'lost' }).success).toBe(false)
    expect(schema.safeParse({ ...records[0], count: 1.5 }).success).toBe(false)
  })

  it('keeps distinct names as strings, and mixed types as a union', () => {
    expect(inferShape(['Ada', 'Bob', 'Cy'])).toEqual({ kind: 'string' })
    expect(zodSource(inferShape([1, 'one', 2]))).toBe('z.union([z.number().int(), z.string()])')
  })

  it('writes literals TypeScript reads back as the same values', () => {
    const value = { name: 'it\'s "quoted"', 'a-b': [1, true, null], nested: { x: '\\n' } }
    expect(new Function(`return ${literal(value)}`)()).toEqual(value)
  })
})
