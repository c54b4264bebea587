import { z } from 'zod'
import { MAX_DEPTH } from '../../remote/depth.js'

/** The shape of recorded values: what a member held across records. */
export type Shape =
  | { readonly kind: 'string'; readonly format?: Format; readonly values?: readonly string[] }
  | { readonly kind: 'number'; readonly integer: boolean }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'null' }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'array'; readonly items: Shape }
  | { readonly kind: 'object'; readonly members: readonly Member[] }
  | { readonly kind: 'union'; readonly of: readonly Shape[] }

/** A member of an object shape: optional when some records lack it, nullable when some hold null. */
export interface Member {
  readonly name: string
  readonly shape: Shape
  readonly optional: boolean
  readonly nullable: boolean
  /** What the API's own forms say of the member (HAL-FORMS properties). */
  readonly hints?: FormHints
}

/** A HAL-FORMS property's constraints and prompt, as the API's templates give them. */
export interface FormHints {
  readonly prompt?: string
  readonly min?: number
  readonly max?: number
  readonly minLength?: number
  readonly maxLength?: number
  /** The step between allowed numbers (`1`: whole numbers). */
  readonly step?: number
  readonly regex?: string
  readonly options?: readonly (string | number)[]
}

/** The largest safe integer, which zod's `.int()` already sets as the maximum. */
const SAFE_MAX = Number.MAX_SAFE_INTEGER

/** A member's source with the constraints its form states (what the API checks on writes). */
function hinted(member: Member, source: string): string {
  const hints = member.hints
  if (!hints) return source
  let out = source
  const { shape } = member
  if (shape.kind === 'string' && !shape.values) {
    const strings = (hints.options ?? []).filter((o): o is string => typeof o === 'string')
    if (strings.length > 0 && strings.length === hints.options?.length)
      out = `z.enum(${literal(strings)})`
    else {
      if (hints.minLength !== undefined) out += `.min(${hints.minLength})`
      if (hints.maxLength !== undefined) out += `.max(${hints.maxLength})`
      if (hints.regex !== undefined && !shape.format)
        out += `.regex(new RegExp(${literal(hints.regex)}))`
    }
  }
  if (shape.kind === 'number') {
    // HAL-FORMS says whole numbers by `step: 1`: without it, a form allows fractions the data lacked.
    if (hints.step === undefined) out = out.replace('z.number().int()', 'z.number()')
    else if (hints.step === 1 && !out.startsWith('z.number().int()')) {
      out = out.replace('z.number()', 'z.number().int()')
    }
    if (hints.min !== undefined) out += `.min(${hints.min})`
    if (hints.max !== undefined && !(shape.integer && hints.max === SAFE_MAX))
      out += `.max(${hints.max})`
  }
  if (hints.prompt !== undefined && hints.prompt !== member.name) {
    out += `.meta({ title: ${literal(hints.prompt)} })`
  }
  return out
}

/** String formats recognised in values, each checked with zod's own validator. */
export type Format = 'email' | 'url' | 'datetime' | 'date' | 'uuid'

const FORMATS: readonly [Format, z.ZodType][] = [
  ['uuid', z.uuid()],
  ['email', z.email()],
  ['datetime', z.iso.datetime({ offset: true, local: true })],
  ['date', z.iso.date()],
  ['url', z.url({ protocol: /^https?$/ })],
]

/** Enums: at most this many distinct values, each seen at least this many times on average. */
const ENUM_MAX = 8
const ENUM_REPEAT = 3

const kindOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'object'
        ? 'object'
        : typeof value

/**
 * The shape of a set of values (one member across records): types, optional and nullable members,
 * string formats, and enums where values are few and repeated.
 *
 * @example
 * inferShape([{ status: 'open' }, { status: 'paid' }, { status: 'open' }])
 */
export function inferShape(values: readonly unknown[], depth = 0): Shape {
  // Deeper than a recorded document may be (the crawler reports those): no shape, no recursion.
  if (depth > MAX_DEPTH) return { kind: 'unknown' }
  const present = values.filter((v) => v !== null && v !== undefined)
  if (present.length === 0) return values.length > 0 ? { kind: 'null' } : { kind: 'unknown' }
  const kinds = [...new Set(present.map(kindOf))].sort()
  if (kinds.length > 1) {
    return {
      kind: 'union',
      of: kinds.map((kind) =>
        inferShape(
          present.filter((v) => kindOf(v) === kind),
          depth,
        ),
      ),
    }
  }
  switch (kinds[0]) {
    case 'string': {
      const strings = present as string[]
      for (const [format, schema] of FORMATS) {
        if (strings.every((s) => schema.safeParse(s).success)) return { kind: 'string', format }
      }
      const distinct = [...new Set(strings)].sort()
      if (
        distinct.length <= ENUM_MAX &&
        strings.length >= ENUM_REPEAT * distinct.length &&
        distinct.every((s) => s.length > 0 && s.length <= 40)
      ) {
        return { kind: 'string', values: distinct }
      }
      return { kind: 'string' }
    }
    case 'number':
      // Safe integers only: zod's `.int()` refuses 1e308 and 2^60, which are integers too.
      return { kind: 'number', integer: (present as number[]).every(Number.isSafeInteger) }
    case 'boolean':
      return { kind: 'boolean' }
    case 'array':
      return { kind: 'array', items: inferShape((present as unknown[][]).flat(), depth + 1) }
    case 'object':
      return objectShape(present as Record<string, unknown>[], new Set(), depth + 1)
    default:
      return { kind: 'unknown' }
  }
}

/** The shape of records: every member in the order first seen. */
export function objectShape(
  records: readonly Record<string, unknown>[],
  skip: ReadonlySet<string> = new Set(),
  depth = 0,
): Shape & { kind: 'object' } {
  const names: string[] = []
  for (const record of records) {
    // No `__proto__`: zod's output never holds a member of that name (it would set a prototype).
    for (const name of Object.keys(record))
      if (!skip.has(name) && name !== '__proto__' && !names.includes(name)) names.push(name)
  }
  return {
    kind: 'object',
    members: names.map((name) => {
      const values = records.map((r) => (Object.hasOwn(r, name) ? r[name] : undefined))
      return {
        name,
        shape: inferShape(values, depth),
        optional: values.some((v) => v === undefined),
        nullable:
          values.some((v) => v === null) && values.some((v) => v !== null && v !== undefined),
      }
    }),
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/**
 * A value as a TypeScript literal, strings in single quotes (the project's style).
 *
 * @example
 * literal({ name: "it's" }) // "{ name: 'it\\'s' }"
 */
export function literal(value: unknown): string {
  if (typeof value === 'string') {
    return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`
  }
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).map(([name, v]) => `${key(name)}: ${literal(v)}`)
    return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`
  }
  return JSON.stringify(value) ?? 'undefined'
}

/**
 * A member name as a TypeScript property key; `__proto__` computed (`['__proto__']`), since as a
 * plain or quoted key it sets the object's prototype and the member is gone.
 */
export const key = (name: string): string =>
  name === '__proto__' ? `[${literal(name)}]` : IDENTIFIER.test(name) ? name : literal(name)

/**
 * zod source code for a shape, e.g. `z.object({ name: z.string(), status: z.enum(['open']) })`.
 *
 * @example
 * zodSource({ kind: 'number', integer: true }) // 'z.number().int()'
 */
export function zodSource(shape: Shape, indent = ''): string {
  switch (shape.kind) {
    case 'string':
      if (shape.values) return `z.enum(${literal(shape.values)})`
      switch (shape.format) {
        case 'email':
          return 'z.email()'
        case 'url':
          return 'z.url()'
        case 'uuid':
          return 'z.uuid()'
        case 'datetime':
          return 'z.iso.datetime({ offset: true, local: true })'
        case 'date':
          return 'z.iso.date()'
        default:
          return 'z.string()'
      }
    case 'number':
      return shape.integer ? 'z.number().int()' : 'z.number()'
    case 'boolean':
      return 'z.boolean()'
    case 'null':
      return 'z.null()'
    case 'unknown':
      return 'z.unknown()'
    case 'array':
      return `z.array(${zodSource(shape.items, indent)})`
    case 'union':
      return `z.union([${shape.of.map((s) => zodSource(s, indent)).join(', ')}])`
    case 'object': {
      // No member seen (an empty object, a collection with no records yet): any member is taken.
      if (shape.members.length === 0) return 'z.looseObject({})'
      const inner = `${indent}  `
      const lines = shape.members.map((m) => {
        let source = hinted(m, zodSource(m.shape, inner))
        if (m.nullable) source += '.nullable()'
        if (m.optional) source += '.optional()'
        return `${inner}${key(m.name)}: ${source},`
      })
      return `z.object({\n${lines.join('\n')}\n${indent}})`
    }
  }
}

/** A one-line summary of a shape, for drift reports: `string(email)`, `number(int)`, `object`. */
export function shapeType(shape: Shape): string {
  switch (shape.kind) {
    case 'string':
      return shape.format ? `string(${shape.format})` : 'string'
    case 'number':
      return shape.integer ? 'integer' : 'number'
    case 'array':
      return `array<${shapeType(shape.items)}>`
    case 'union':
      return shape.of.map(shapeType).join(' | ')
    default:
      return shape.kind
  }
}
