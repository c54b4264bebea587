import type { JsonSchema } from '../model/types.js'

/** A seeded source of numbers in [0, 1) (mulberry32): the same seed, the same bodies. */
export type Random = () => number

/**
 * A seeded random source.
 *
 * @example
 * const random = seeded(42)
 */
export function seeded(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Schema = Record<string, unknown>

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789'
/** How deep a generated value nests before optional members are left out and arrays kept short. */
const MAX_DEPTH = 6

/**
 * A value valid for a JSON Schema (the subset a Standard Schema library writes: types, enums,
 * `const`, string lengths and formats, number bounds, array sizes, required and optional
 * members, `anyOf`/`oneOf`, local `$ref`s), deterministic for a random source. Strings are
 * letters and digits only, so a server that trims stores them as sent.
 *
 * @example
 * generateValue({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, seeded(1))
 * // { name: 'k3v9x' }
 * // `optional`: the chance an optional member is written (0: none, 1: all; default 0.7).
 */
export function generateValue(
  schema: JsonSchema,
  random: Random,
  { optional = 0.7 }: { readonly optional?: number } = {},
): unknown {
  return generate(schema as Schema, random, schema as Schema, 0, optional)
}

function generate(
  schema: Schema,
  random: Random,
  root: Schema,
  depth: number,
  optional: number,
): unknown {
  const generate_ = (s: Schema, d: number) => generate(s, random, root, d, optional)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  if (typeof schema.$ref === 'string') return generate_(deref(root, schema.$ref), depth + 1)
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return pick(schema.enum)
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (Array.isArray(choices) && choices.length > 0) {
    // `null` is a choice a schema offers, never the most telling one.
    const typed = choices.filter((c) => c.type !== 'null')
    return generate_(pick(typed.length > 0 ? typed : choices), depth + 1)
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    return generate_(Object.assign({}, ...(schema.allOf as Schema[])), depth + 1)
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type]
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined)
  switch (type) {
    case 'string':
      return stringOf(schema, random)
    case 'integer':
    case 'number':
      return numberOf(schema, random, type === 'integer')
    case 'boolean':
      return random() < 0.5
    case 'array': {
      const min = num(schema.minItems) ?? 0
      const max = Math.min(num(schema.maxItems) ?? min + 2, min + (depth >= MAX_DEPTH ? 0 : 2))
      const length = min + Math.floor(random() * (max - min + 1))
      const items = (schema.items ?? {}) as Schema
      return Array.from({ length }, () => generate_(items, depth + 1))
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
      const out: Record<string, unknown> = {}
      for (const [name, member] of Object.entries(properties)) {
        if (required.has(name) || (depth < MAX_DEPTH && random() < optional)) {
          out[name] = generate_(member, depth + 1)
        }
      }
      return out
    }
    case 'null':
      return null
    default:
      return stringOf({}, random)
  }
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

/** The formats a pattern alone may stand for, most precise first. */
const PATTERNED_FORMATS = ['date-time', 'date', 'email', 'uuid', 'uri'] as const

/** A schema's pattern as a RegExp (JSON Schema patterns are ECMA-262, unicode), or none. */
const safePattern = (source: string): RegExp | undefined => {
  try {
    return new RegExp(source, 'u')
  } catch {
    return undefined
  }
}

function stringOf(schema: Schema, random: Random): string {
  const word = (length: number) =>
    Array.from({ length }, () => LETTERS[Math.floor(random() * LETTERS.length)]).join('')
  switch (schema.format) {
    case 'email':
      return `${word(8)}@example.com`
    case 'uri':
    case 'url':
      return `https://example.com/${word(8)}`
    case 'uuid': {
      const hex = () => Math.floor(random() * 16).toString(16)
      const part = (n: number) => Array.from({ length: n }, hex).join('')
      return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`
    }
    case 'date-time':
      return new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 300))).toISOString()
    case 'date':
      return new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 300))).toISOString().slice(0, 10)
  }
  // A pattern without a format (zod's date-time with `local` or `offset`): a value of a format
  // that matches it, else a word.
  if (typeof schema.pattern === 'string') {
    const pattern = safePattern(schema.pattern)
    for (const format of PATTERNED_FORMATS) {
      const value = pattern && stringOf({ ...schema, format, pattern: undefined }, random)
      if (value && pattern.test(value)) return value
    }
    const built = pattern && fromPattern(schema.pattern, random)
    if (built !== undefined && pattern?.test(built)) return built
  }
  const min = num(schema.minLength) ?? 1
  const max = Math.max(min, Math.min(num(schema.maxLength) ?? min + 12, min + 12))
  return word(min + Math.floor(random() * (max - min + 1)))
}

/**
 * A string a simple pattern matches (`^\d{13}$`, `^[A-Z]{2}-\d+$`): atoms (`\d`, `\w`, a class of
 * ranges, a literal) with `{n}`, `{n,m}`, `?`, `+` or `*`. None for anything else (groups, `|`).
 */
function fromPattern(source: string, random: Random): string | undefined {
  const atom = /\\d|\\w|\[(\^?)([^\]]+)\]|\\(.)|([^\\[\](){}|?*+^$.])/y
  const quantifier = /\{(\d+)(?:,(\d*))?\}|[?+*]/y
  const pick = (chars: string) => chars[Math.floor(random() * chars.length)] ?? ''
  let out = ''
  let at = source.startsWith('^') ? 1 : 0
  const end = source.endsWith('$') ? source.length - 1 : source.length
  while (at < end) {
    atom.lastIndex = at
    const a = atom.exec(source)
    if (!a) return undefined
    at = atom.lastIndex
    let chars: string
    if (a[0] === '\\d') chars = '0123456789'
    else if (a[0] === '\\w') chars = LETTERS
    else if (a[2] !== undefined) {
      if (a[1]) return undefined
      chars = a[2].replace(/(.)-(.)/gu, (_, from: string, to: string) => {
        let range = ''
        for (let c = from.charCodeAt(0); c <= to.charCodeAt(0) && range.length < 100; c++)
          range += String.fromCharCode(c)
        return range
      })
    } else chars = a[3] ?? a[4] ?? ''
    quantifier.lastIndex = at
    const q = quantifier.exec(source)
    let count = 1
    if (q) {
      at = quantifier.lastIndex
      if (q[0] === '?' || q[0] === '*') count = 1
      else if (q[0] === '+') count = 2
      else {
        const min = Number(q[1])
        const max = q[2] === undefined ? min : q[2] === '' ? min + 3 : Number(q[2])
        count = Math.min(min + Math.floor(random() * (max - min + 1)), 200)
      }
    }
    for (let i = 0; i < count; i++) out += pick(chars)
  }
  return out
}

function numberOf(schema: Schema, random: Random, integer: boolean): number {
  const exclusiveMin = num(schema.exclusiveMinimum)
  const exclusiveMax = num(schema.exclusiveMaximum)
  let min =
    num(schema.minimum) ?? (exclusiveMin === undefined ? 0 : exclusiveMin + (integer ? 1 : 0.5))
  let max =
    num(schema.maximum) ??
    (exclusiveMax === undefined ? min + 100 : exclusiveMax - (integer ? 1 : 0.5))
  if (integer) {
    min = Math.ceil(min)
    max = Math.floor(max)
  }
  if (max < min) max = min
  const value = min + random() * (max - min)
  const multiple = num(schema.multipleOf)
  if (multiple) return Math.max(min, Math.floor(value / multiple) * multiple)
  return integer ? Math.round(value) : Math.round(value * 100) / 100
}

/** A local reference (`#/$defs/Line`, `#`) in the schema's root. */
function deref(root: Schema, pointer: string): Schema {
  if (!pointer.startsWith('#')) return {}
  let node: unknown = root
  for (const raw of pointer.slice(1).split('/').filter(Boolean)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    node = (node as Record<string, unknown> | undefined)?.[key]
  }
  return (node as Schema | undefined) ?? {}
}

/**
 * A value of another JSON type than the schema's: what an invalid body puts in a member.
 *
 * @example
 * wrongTypeOf({ type: 'string' }) // 12345
 */
export function wrongTypeOf(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  if (type === 'string' || Array.isArray(schema.enum)) return 12345
  if (type === 'integer' || type === 'number' || type === 'boolean') return 'not a number'
  if (type === 'array') return 'not an array'
  if (type === 'object') return 'not an object'
  return { '~wrong': true }
}
