import type { z } from 'zod'

/** The HAL-FORMS media type (`_templates` beside `_links`). */
export const HAL_FORMS_JSON = 'application/prs.hal-forms+json'

/** One property of a HAL-FORMS template: an input a client should render and check. */
export interface FormProperty {
  name: string
  prompt: string
  type: 'text' | 'number'
  required?: true
  minLength?: number
  maxLength?: number
  min?: number
  max?: number
  regex?: string
  options?: { inline: readonly (string | number)[] }
}

/** A HAL-FORMS template: what to send, how and where (`target` absent: the document's `self`). */
export interface FormTemplate {
  title: string
  method: string
  contentType?: string
  target?: string
  properties: FormProperty[]
}

/** Part of a JSON Schema that {@link formPropertiesOf} reads. */
interface JsonSchemaProperty {
  type?: string
  title?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  pattern?: string
  enum?: readonly (string | number)[]
}

/** An object's JSON Schema, as far as {@link formPropertiesOf} reads it. */
export interface JsonObjectSchema {
  properties?: Record<string, JsonSchemaProperty>
  required?: readonly string[]
}

/**
 * The HAL-FORMS properties of a zod object schema, read from its JSON Schema (zod's own
 * `toJSONSchema`) by {@link formPropertiesOf}. The templates thus say what the validation checks.
 *
 * @example
 * formProperties(z.object({ title: z.string().min(1).meta({ title: 'Title' }) }))
 * // [{ name: 'title', prompt: 'Title', type: 'text', required: true, minLength: 1 }]
 */
export function formProperties(
  schema: z.ZodObject,
  options: { required?: boolean } = {},
): FormProperty[] {
  // The schema's own method, so that this module loads no zod of its own (a page whose API uses
  // another validation library bundles none).
  const json = schema.toJSONSchema({ io: 'input', unrepresentable: 'any' })
  return formPropertiesOf(json as JsonObjectSchema, options)
}

/**
 * The HAL-FORMS properties of an object's JSON Schema (whatever library made it): required
 * members, `minLength` / `maxLength`, `minimum` / `maximum` (as `min` / `max`; an integer's
 * exclusive bound as the next whole number), `pattern` (as `regex`), an enum as inline `options`,
 * and the `title` as the prompt (the member's name when it has none). HAL-FORMS has no nested
 * forms: an array or object member is a `text` property whose value is that JSON.
 *
 * @example
 * formPropertiesOf({ properties: { qty: { type: 'integer', exclusiveMinimum: 0 } }, required: ['qty'] })
 * // [{ name: 'qty', prompt: 'qty', type: 'number', required: true, min: 1 }]
 */
export function formPropertiesOf(
  json: JsonObjectSchema,
  { required = true }: { required?: boolean } = {},
): FormProperty[] {
  const mandatory = new Set(required ? (json.required ?? []) : [])
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    // Only whole numbers have a next one: `positive()` on an integer is `min: 1`.
    const whole = property.type === 'integer'
    const { exclusiveMinimum: above, exclusiveMaximum: below } = property
    const min = property.minimum ?? (whole && above !== undefined ? above + 1 : undefined)
    const max = property.maximum ?? (whole && below !== undefined ? below - 1 : undefined)
    return {
      name,
      prompt: property.title ?? name,
      type: property.type === 'number' || property.type === 'integer' ? 'number' : 'text',
      ...(mandatory.has(name) && { required: true as const }),
      ...(property.minLength !== undefined && { minLength: property.minLength }),
      ...(property.maxLength !== undefined && { maxLength: property.maxLength }),
      ...(min !== undefined && { min }),
      ...(max !== undefined && { max }),
      ...(property.pattern !== undefined && { regex: property.pattern }),
      ...(property.enum !== undefined && { options: { inline: property.enum } }),
    }
  })
}
