/**
 * How deep a recorded document may nest (objects and arrays): far past any API's own, and shallow
 * enough for what works on documents by recursion after the crawl (JSON.stringify, the inference,
 * the emitter). A deeper one is reported and not recorded.
 */
export const MAX_DEPTH = 100

/**
 * Whether a JSON value nests deeper than `limit` objects and arrays, found with a stack of its own
 * rather than recursion (a fetched document may nest 100 000 deep).
 *
 * @example
 * deeperThan({ a: [{}] }, 2) // true: an object in an array in an object
 */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [at, above] = next
    if (typeof at !== 'object' || at === null) continue
    if (above >= limit) return true
    for (const child of Object.values(at)) stack.push([child, above + 1])
  }
  return false
}
