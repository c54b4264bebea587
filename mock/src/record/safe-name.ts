// Names the emitted module writes that come from the recorded API: each one the definition and
// TypeScript accept, whatever the API named it.

/** A collection name `defineHalApi` accepts: a letter, then letters, digits, `-` and `_`. */
const COLLECTION = /^[A-Za-z][\w-]*$/

/**
 * The collection name for a URL segment, unique among `taken`: characters the definition refuses
 * (`$`, `.`, `~`…) as `_`, leading ones that are no letter left out, then a number when another
 * collection has the name already (`a_b`, `a_b2`).
 *
 * @example
 * collectionName('it$ems', new Set()) // 'it_ems'
 * collectionName('a~b', new Set(['a_b'])) // 'a_b2'
 */
export function collectionName(segment: string, taken: ReadonlySet<string>): string {
  const clean = segment.replace(/[^\w-]/g, '_').replace(/^[^A-Za-z]+/, '')
  const base = COLLECTION.test(clean) ? clean : 'items'
  let name = base
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`
  return name
}

/** The names `Object.prototype` already has, which TypeScript gives no contextual type to. */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype))

/**
 * Whether a property of an object literal is named like one of `Object.prototype`'s
 * (`constructor`, `toString`, `__proto__`): TypeScript types a function there as
 * `Object.prototype`'s (no parameter types under `--strict`), so the emitter annotates it.
 *
 * @example
 * isPrototypeName('constructor') // true
 */
export const isPrototypeName = (name: string): boolean => PROTOTYPE_NAMES.has(name)

/**
 * Whether an id from a URL is one the mock can keep: a safe integer (past 2^53 two ids would be
 * one number, and the core's ids are numbers).
 *
 * @example
 * isSafeId('12345678901234567890') // false
 */
export const isSafeId = (digits: string): boolean => Number.isSafeInteger(Number(digits))
