import { pointer } from '../http/body.js'

/**
 * Where in a record a relation read each id it links to, as JSON Pointers aligned with the ids
 * (`''` where it cannot tell), so that a 422 for a missing target names the member to fix. The
 * relation's `id` callback is opaque: it runs again on a view of the record that notes every
 * number it reads; an id is matched to the latest such read of its value (the latest before the
 * next id's, for several), and an array of the record it hands back as is to its own elements.
 *
 * @example
 * linkPointers({ lines: [{ productId: 4 }] }, (o) => o.lines.map((l) => l.productId)) // ['/lines/0/productId']
 */
export function linkPointers(record: object, ids: (record: never) => readonly number[]): string[] {
  const reads: { value: number; at: string }[] = []
  const paths = new WeakMap<object, readonly string[]>()
  const view = (value: object, path: readonly string[]): object => {
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        const member: unknown = Reflect.get(target, key, receiver)
        // Only the record's own data: not `length`, methods or the prototype's members.
        const data = typeof key === 'string' && Object.hasOwn(target, key)
        if (!data || (Array.isArray(target) && key === 'length')) return member
        const at = [...path, key]
        if (typeof member === 'number') reads.push({ value: member, at: pointer(at) })
        return typeof member === 'object' && member !== null ? view(member, at) : member
      },
    })
    paths.set(proxy, path)
    return proxy
  }
  const found = ids(view(record, []) as never)
  const own = paths.get(found as object)
  if (own) return found.map((_, i) => pointer([...own, String(i)]))
  const out: string[] = []
  let before = reads.length
  for (let i = found.length - 1; i >= 0; i--) {
    let at = before - 1
    while (at >= 0 && reads[at]?.value !== found[i]) at--
    out[i] = at >= 0 ? (reads[at]?.at ?? '') : ''
    if (at >= 0) before = at
  }
  return out
}
