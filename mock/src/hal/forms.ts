import { z } from 'zod'

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

/** Part of a JSON Schema that {@link formProperties} reads. */
interface JsonSchemaProperty {
  type?: string
  title?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  enum?: readonly (string | number)[]
}

/**
 * The HAL-FORMS properties of a zod object schema, read from its JSON Schema (zod's own
 * `toJSONSchema`): required members, `minLength` / `maxLength`, `minimum` / `maximum` (as `min` /
 * `max`), `pattern` (as `regex`), an enum as inline `options`, and the `title` metadata as the
 * prompt (the member's name when it has none). The templates thus say what the validation checks.
 *
 * @example
 * formProperties(z.object({ title: z.string().min(1).meta({ title: 'Title' }) }))
 * // [{ name: 'title', prompt: 'Title', type: 'text', required: true, minLength: 1 }]
 */
export function formProperties(
  schema: z.ZodObject,
  { required = true }: { required?: boolean } = {},
): FormProperty[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchemaProperty>
    required?: string[]
  }
  const mandatory = new Set(required ? (json.required ?? []) : [])
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    prompt: property.title ?? name,
    type: property.type === 'number' || property.type === 'integer' ? 'number' : 'text',
    ...(mandatory.has(name) && { required: true as const }),
    ...(property.minLength !== undefined && { minLength: property.minLength }),
    ...(property.maxLength !== undefined && { maxLength: property.maxLength }),
    ...(property.minimum !== undefined && { min: property.minimum }),
    ...(property.maximum !== undefined && { max: property.maximum }),
    ...(property.pattern !== undefined && { regex: property.pattern }),
    ...(property.enum !== undefined && { options: { inline: property.enum } }),
  }))
}
