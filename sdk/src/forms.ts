import type { FieldError } from './errors.js'
import { isRecord } from './is-record.js'

/** One choice of a field with inline `options`. */
export interface FieldOption {
  prompt: string
  value: string
}

/** Where a field's choices are listed, when the template links to them (a HAL link). */
export interface FieldOptionsLink {
  /** Absolute unless templated (then as written: expand it, then resolve it against the state). */
  href: string
  templated?: boolean
  /** The media type the list comes in. */
  type?: string
}

/**
 * One property of a HAL-FORMS template: what a value must be, and how to ask for it. Members the
 * template leaves out are absent (`type` defaults to `text`). The value `submit()` takes follows
 * the type: a boolean for `checkbox`, a finite number for `number` and `range`, a string for the
 * other text types and the dates (`date`: `2026-11-26`, `datetime-local`: `2026-11-26T10:30`), any
 * scalar for `text` (also what a property without `type` is: Spring HATEOAS gives booleans none).
 */
export interface Field<N extends string = string> {
  name: N
  /** An HTML input type: `text`, `textarea`, `number`, `checkbox`, `date`, `email`… */
  type: string
  required: boolean
  readOnly: boolean
  /** The label to show. */
  prompt?: string
  placeholder?: string
  /** The value to start from. */
  value?: unknown
  /** A pattern the whole value must match, as HTML's `pattern`. */
  regex?: string
  /**
   * The least and greatest value: a number; for the date and time types, their text (`2026-01-01`,
   * compared as ISO texts compare).
   */
  min?: number | string
  max?: number | string
  step?: number
  /** In characters (Unicode code points), as JSON Schema counts them. */
  minLength?: number
  maxLength?: number
  /**
   * The allowed values: listed `inline`, or behind a `link` (then `inline` is empty and the values
   * are left to the server). More than one may be chosen (an array) when `maxItems` allows.
   */
  options?: {
    inline: readonly FieldOption[]
    link?: FieldOptionsLink
    minItems?: number
    maxItems?: number
  }
}

/** A HAL-FORMS template, as `halFormsAdapter` (`@halyard/sdk/forms`) reads it. */
export interface Template {
  name: string
  title?: string
  /** Upper case. */
  method: string
  /**
   * Default `application/json`, also when the template's is empty; `submit()` sends JSON or
   * `application/x-www-form-urlencoded`.
   */
  contentType: string
  /** As written; absent for the document itself. */
  target?: string
  fields: readonly Field[]
}

/** A string member, else nothing. */
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The members of `source` of type `type` among `keys`. */
const pick = (source: Record<string, unknown>, keys: string, type: string) =>
  Object.fromEntries(
    keys.split(' ').flatMap((key) => (typeof source[key] === type ? [[key, source[key]]] : [])),
  )

function readField(raw: unknown): Field[] {
  if (!isRecord(raw) || typeof raw.name !== 'string') return []
  const options = isRecord(raw.options) ? raw.options : {}
  const { inline, link, promptField = 'prompt', valueField = 'value' } = options
  const linked = isRecord(link) &&
    typeof link.href === 'string' && {
      link: {
        href: link.href,
        ...pick(link, 'type', 'string'),
        ...pick(link, 'templated', 'boolean'),
      },
    }
  // An inline option is a string, or an object whose prompt and value live under the named keys.
  const choice = (entry: unknown): FieldOption =>
    isRecord(entry)
      ? { prompt: String(entry[String(promptField)]), value: String(entry[String(valueField)]) }
      : { prompt: String(entry), value: String(entry) }
  return [
    {
      type: 'text',
      ...pick(raw, 'type prompt placeholder regex min max', 'string'),
      ...pick(raw, 'min max step minLength maxLength', 'number'),
      name: raw.name,
      required: raw.required === true,
      readOnly: raw.readOnly === true,
      ...('value' in raw && { value: raw.value }),
      ...((Array.isArray(inline) || linked) && {
        options: {
          inline: Array.isArray(inline) ? inline.map(choice) : [],
          ...linked,
          ...pick(options, 'minItems maxItems', 'number'),
        },
      }),
    } as Field,
  ]
}

/** The templates of a HAL-FORMS `_templates` member; malformed ones are skipped. */
export function readTemplates(raw: unknown): Template[] {
  return Object.entries(isRecord(raw) ? raw : {}).flatMap(([name, template]) =>
    isRecord(template)
      ? [
          {
            ...pick(template, 'title target', 'string'),
            // The HAL-FORMS draft: no or an empty content type is JSON; methods in any case, GET
            // when there is none.
            contentType: text(template.contentType) || 'application/json',
            name,
            method: (text(template.method) || 'GET').toUpperCase(),
            fields: Array.isArray(template.properties)
              ? template.properties.flatMap(readField)
              : [],
          } as Template,
        ]
      : [],
  )
}

/**
 * The JSON type each input type's value has: `text`, also what a template without `type` gets
 * (Spring HATEOAS gives a boolean none), takes any scalar; none for the types whose values vary.
 */
const kindOf = (type: string) =>
  /^(number|range)$/.test(type)
    ? 'number'
    : type === 'checkbox'
      ? 'boolean'
      : type === 'text'
        ? 'scalar'
        : /^(textarea|email|password|search|tel|url|date|datetime-local|time)$/.test(type) &&
          'string'

/**
 * What is wrong with `values` for `fields`, as a 422 would say it: a JSON Pointer and a detail per
 * fault; empty when they are valid.
 */
export function validate(fields: readonly Field[], values: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = []
  for (const { name, type, required, options, regex, step, ...field } of fields) {
    const value = values[name]
    const fail = (detail: string) =>
      errors.push({
        pointer: `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        detail: `${name} ${detail}`,
      })
    const kind = kindOf(type)
    const allowed = options?.inline.length
      ? options.inline.map((option) => option.value)
      : undefined
    // Several values only where the options let more than one be chosen.
    const each: unknown[] = Array.isArray(value) && options ? value : [value]
    const absent = value === undefined || value === null || value === ''
    if (absent || (required && !each.length)) {
      if (required) fail('is required')
      continue
    }
    if (each.length < (options?.minItems ?? 0)) fail(`takes at least ${options?.minItems} values`)
    if (each.length > (options?.maxItems ?? Infinity))
      fail(`takes at most ${options?.maxItems} values`)
    for (const one of each) {
      if (
        kind === 'scalar'
          ? typeof one === 'object'
          : kind && (typeof one !== kind || (kind === 'number' && !Number.isFinite(one)))
      ) {
        fail(`must be a ${kind === 'scalar' ? 'string' : kind}`)
        continue
      }
      // Dates and times compare as their ISO texts do; other strings by their length, in
      // Unicode code points as JSON Schema counts them.
      const text = typeof one === 'string' && !/date|time|month|week/.test(type)
      const size = (text ? [...one].length : one) as number
      const unit = text ? ' characters' : ''
      const least = unit ? field.minLength : field.min
      const most = unit ? field.maxLength : field.max
      if (typeof size === typeof least && size < (least as number))
        fail(`must be at least ${least}${unit}`)
      if (typeof size === typeof most && size > (most as number))
        fail(`must be at most ${most}${unit}`)
      // HTML's step: counted from min, with room for binary fractions (0.1 + 0.2).
      const steps =
        typeof one === 'number' && step ? (one - ((field.min as number) || 0)) / step : 0
      if (Math.abs(steps - Math.round(steps)) > 1e-9) fail(`must be a multiple of ${step}`)
      try {
        // Anchored, as HTML's `pattern`.
        if (regex && !new RegExp(`^(?:${regex})$`, 'u').test(String(one)))
          fail(`must match ${regex}`)
      } catch {} // a pattern this engine cannot read is left to the server
      if (allowed && !allowed.includes(String(one))) fail(`must be one of ${allowed.join(', ')}`)
    }
  }
  return errors
}

/**
 * `values` as the pairs of a query or an `application/x-www-form-urlencoded` body: booleans as
 * `true`/`false`, numbers as their text, an array as one pair per member; absent and `null`
 * values left out.
 */
export function formPairs(values: object, into = new URLSearchParams()): URLSearchParams {
  for (const [key, value] of Object.entries(values))
    for (const one of [value].flat())
      if (one !== undefined && one !== null) into.append(key, String(one))
  return into
}
