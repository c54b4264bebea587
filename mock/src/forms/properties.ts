/**
 * One property of a HAL-FORMS template: an input a client should render and check.
 *
 * @example
 * const title: FormProperty = { name: 'title', prompt: 'Title', type: 'text', required: true, maxLength: 200 }
 */
export interface FormProperty {
  name: string
  prompt: string
  type: FormPropertyType
  required?: true
  minLength?: number
  maxLength?: number
  min?: number
  max?: number
  /** `1` for an integer: the value is a whole number. */
  step?: number
  regex?: string
  options?: { inline: readonly (string | number)[] }
}

/**
 * The HAL-FORMS `type`s the core writes (HTML input types): `checkbox` for a boolean, `number`
 * for numbers and integers, `date` / `datetime-local` / `email` / `url` by a string's `format`,
 * `text` for any other value (an array or object member: its JSON).
 *
 * @example
 * const type: FormPropertyType = 'checkbox' // a boolean member
 */
export type FormPropertyType =
  | 'text'
  | 'number'
  | 'checkbox'
  | 'date'
  | 'datetime-local'
  | 'email'
  | 'url'

/** A HAL-FORMS template: what to send, how and where (`target` absent: the document's `self`). */
export interface FormTemplate {
  title: string
  method: string
  contentType?: string
  target?: string
  properties: FormProperty[]
}

/** Part of a JSON Schema that {@link formPropertiesOf} reads. */
export interface JsonSchemaProperty {
  type?: string | readonly string[]
  format?: string
  anyOf?: readonly JsonSchemaProperty[]
  oneOf?: readonly JsonSchemaProperty[]
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
 * The JSON types a member's schema allows (`type`, a list of them, or those of its `anyOf` /
 * `oneOf` branches), `null` aside: what a form input holds and how a urlencoded value is read.
 *
 * @example
 * jsonTypesOf({ type: ['boolean', 'null'] }) // Set { 'boolean' }
 */
export function jsonTypesOf(property: JsonSchemaProperty): Set<string> {
  const types = new Set<string>()
  const add = (p: JsonSchemaProperty) => {
    for (const type of typeof p.type === 'string' ? [p.type] : (p.type ?? [])) types.add(type)
    for (const branch of [...(p.anyOf ?? []), ...(p.oneOf ?? [])]) add(branch)
  }
  add(property)
  types.delete('null')
  return types
}

/** The first `key` a member's schema or one of its branches gives (a nullable member's bound). */
function constraint<K extends keyof JsonSchemaProperty>(
  property: JsonSchemaProperty,
  key: K,
): JsonSchemaProperty[K] | undefined {
  if (property[key] !== undefined) return property[key]
  for (const branch of [...(property.anyOf ?? []), ...(property.oneOf ?? [])]) {
    const found = constraint(branch, key)
    if (found !== undefined) return found
  }
  return undefined
}

/** The input type for a member that holds values of `types` (in `format`, for a string). */
function inputType(types: ReadonlySet<string>, format: string | undefined): FormPropertyType {
  if (types.size === 1 && types.has('boolean')) return 'checkbox'
  if (types.size > 0 && [...types].every((t) => t === 'number' || t === 'integer')) return 'number'
  if (types.size === 1 && types.has('string')) {
    if (format === 'date') return 'date'
    if (format === 'date-time') return 'datetime-local'
    if (format === 'email') return 'email'
    if (format === 'uri' || format === 'url') return 'url'
  }
  return 'text'
}

/** A bound worth showing: not the safe-integer limit a library writes for any integer. */
const shown = (bound: number | undefined): number | undefined =>
  bound === undefined || Math.abs(bound) >= Number.MAX_SAFE_INTEGER ? undefined : bound

/**
 * The HAL-FORMS properties of an object's JSON Schema (whatever library made it): the input
 * `type` (see {@link FormPropertyType}), required members, `minLength` / `maxLength`, `minimum` /
 * `maximum` (as `min` / `max`; an integer's exclusive bound as the next whole number, and `step:
 * 1`; not the safe-integer limits zod gives every `int()`), `pattern` (as `regex`), an enum as
 * inline `options`, and the `title` as the prompt (else the member's name in words: `authorId` →
 * `Author id`). HAL-FORMS has no nested forms: an array or object member is a `text` property
 * whose value is that JSON.
 *
 * @example
 * formPropertiesOf({ properties: { qty: { type: 'integer', exclusiveMinimum: 0 } }, required: ['qty'] })
 * // [{ name: 'qty', prompt: 'Qty', type: 'number', required: true, min: 1, step: 1 }]
 */
export function formPropertiesOf(
  json: JsonObjectSchema,
  { required = true }: { required?: boolean } = {},
): FormProperty[] {
  const mandatory = new Set(required ? (json.required ?? []) : [])
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const types = jsonTypesOf(property)
    const type = inputType(types, constraint(property, 'format'))
    // Only whole numbers have a next one: `positive()` on an integer is `min: 1`.
    const whole = type === 'number' && !types.has('number')
    const above = constraint(property, 'exclusiveMinimum')
    const below = constraint(property, 'exclusiveMaximum')
    const min = shown(
      constraint(property, 'minimum') ?? (whole && above !== undefined ? above + 1 : undefined),
    )
    const max = shown(
      constraint(property, 'maximum') ?? (whole && below !== undefined ? below - 1 : undefined),
    )
    const minLength = constraint(property, 'minLength')
    const maxLength = constraint(property, 'maxLength')
    const pattern = constraint(property, 'pattern')
    const values = constraint(property, 'enum')
    return {
      name,
      prompt: property.title ?? promptOf(name),
      type,
      ...(mandatory.has(name) && { required: true as const }),
      ...(minLength !== undefined && { minLength }),
      ...(maxLength !== undefined && { maxLength }),
      ...(min !== undefined && { min }),
      ...(max !== undefined && { max }),
      ...(whole && { step: 1 }),
      ...(pattern !== undefined && type === 'text' && { regex: pattern }),
      ...(values !== undefined && { options: { inline: values.filter((v) => v !== null) } }),
    }
  })
}

/**
 * A member's name as a form prompt: words split at capitals, `_` and `-`, the first capitalized
 * (`authorId` → `Author id`, `first_name` → `First name`); an acronym keeps its capitals
 * (`isbnURL` → `Isbn URL`).
 *
 * @example
 * promptOf('publishedAt') // 'Published at'
 */
export function promptOf(member: string): string {
  const words = member
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()))
  const sentence = words.join(' ')
  return sentence === '' ? member : sentence[0]?.toUpperCase() + sentence.slice(1)
}
