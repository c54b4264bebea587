import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { articleBody, articleFields } from '../blog/schemas.js'
import { jsonSchemaOf, type StandardSchema } from '../definition/standard-schema.js'
import { formPropertiesOf, type JsonObjectSchema } from './properties.js'

/** A schema's properties as the core reads them: its JSON Schema (the Standard Schema's), then the form. */
const formProperties = (schema: StandardSchema, options: { required?: boolean } = {}) =>
  formPropertiesOf(jsonSchemaOf(schema) as JsonObjectSchema, options)

describe('formPropertiesOf a JSON Schema', () => {
  it('reads every HAL-FORMS constraint from a zod schema', () => {
    const order = z.object({
      quantity: z.number().int().min(1).max(99).meta({ title: 'Quantity' }),
      status: z.enum(['open', 'paid', 'shipped']).meta({ title: 'Status' }),
      code: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .optional(),
    })
    expect(formProperties(order)).toEqual([
      {
        name: 'quantity',
        prompt: 'Quantity',
        type: 'number',
        required: true,
        min: 1,
        max: 99,
        step: 1,
      },
      {
        name: 'status',
        prompt: 'Status',
        type: 'text',
        required: true,
        options: { inline: ['open', 'paid', 'shipped'] },
      },
      { name: 'code', prompt: 'Code', type: 'text', regex: '^[A-Z]{3}$' },
    ])
  })

  it('nothing is required when asked so (a merge patch sends only what changes)', () => {
    const properties = formProperties(z.object(articleFields), { required: false })
    expect(properties.filter((property) => property.required)).toEqual([])
  })

  it("the article's limits are those its validation enforces", () => {
    const [title, content] = formProperties(z.object(articleFields))
    const tooLong = (max = 0) => 'é'.repeat(max + 1)
    expect(title).toMatchObject({ name: 'title', required: true, minLength: 1, maxLength: 200 })
    expect(articleBody.safeParse({ title: tooLong(title?.maxLength) }).success).toBe(false)
    expect(articleBody.safeParse({ title: 'é'.repeat(title?.maxLength ?? 0) }).success).toBe(true)
    expect(articleBody.safeParse({ title: ' ' }).success).toBe(false)
    expect(content).toMatchObject({ name: 'content', maxLength: 100_000 })
    expect(content).not.toHaveProperty('required')
    expect(
      articleBody.safeParse({ title: 'x', content: tooLong(content?.maxLength) }).success,
    ).toBe(false)
  })

  it("reads any library's JSON Schema: an integer's exclusive bounds are the next whole numbers", () => {
    expect(
      formPropertiesOf({
        properties: {
          quantity: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 },
          price: { type: 'number', exclusiveMinimum: 0 },
        },
        required: ['quantity'],
      }),
    ).toEqual([
      {
        name: 'quantity',
        prompt: 'Quantity',
        type: 'number',
        required: true,
        min: 1,
        max: 9,
        step: 1,
      },
      { name: 'price', prompt: 'Price', type: 'number' },
    ])
  })
})
