import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { jsonSchemaOf } from '../definition/standard-schema.js'
import { generateValue, seeded, wrongTypeOf } from './generate.js'

const schemas = {
  customer: z.strictObject({
    name: z.string().trim().min(1).max(100),
    email: z.email(),
    site: z.url().optional(),
    id: z.uuid().optional(),
  }),
  order: z.strictObject({
    customerId: z.number().int().positive(),
    status: z.enum(['open', 'paid', 'shipped']),
    lines: z
      .array(
        z.strictObject({
          productId: z.number().int().positive(),
          quantity: z.number().int().min(1).max(9),
        }),
      )
      .min(1)
      .max(3),
    note: z.string().max(5).nullable().optional(),
  }),
  event: z.object({
    at: z.iso.datetime(),
    day: z.iso.date(),
    price: z.number().min(0.5).max(2),
    steps: z.number().multipleOf(5).min(10).max(50),
    kind: z.literal('meeting'),
    tags: z.array(z.string()).optional(),
    flag: z.boolean(),
  }),
  // As a recording writes a date-time member: its JSON Schema has a pattern and no format.
  recorded: z.object({
    hired: z.iso.datetime({ offset: true, local: true }),
    title: z.string().min(1).max(40),
  }),
}

describe('generateValue', () => {
  it.each(Object.entries(schemas))(
    'makes bodies %s accepts, whatever the seed',
    async (_, schema) => {
      const json = jsonSchemaOf(schema)
      await fc.assert(
        fc.asyncProperty(fc.integer(), fc.constantFrom(0, 0.7, 1), async (seed, optional) => {
          const value = generateValue(json, seeded(seed), { optional })
          const result = await schema['~standard'].validate(value)
          expect(result.issues).toBeUndefined()
        }),
        { numRuns: 200 },
      )
    },
  )

  it('is the same value for the same seed, another for another', () => {
    const json = jsonSchemaOf(schemas.customer)
    expect(generateValue(json, seeded(3))).toEqual(generateValue(json, seeded(3)))
    expect(generateValue(json, seeded(3))).not.toEqual(generateValue(json, seeded(4)))
  })

  it('makes a member the schema refuses', async () => {
    for (const [member, property] of Object.entries(
      jsonSchemaOf(schemas.order).properties as object,
    )) {
      const valid = generateValue(jsonSchemaOf(schemas.order), seeded(1)) as Record<string, unknown>
      const result = await schemas.order['~standard'].validate({
        ...valid,
        [member]: wrongTypeOf(property),
      })
      expect(result.issues, member).toBeDefined()
    }
  })
})
