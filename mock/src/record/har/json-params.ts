// chrome-har (and so Browsertime and sitespeed.io) writes an `application/json` request body as
// `postData.params` and no `text`: one pair per top-level member, its value as parsed (a number,
// an object), an array's items as pairs of one name, a top-level array's items named by index.

/**
 * The JSON text of a request body a HAR gives only as such `params`; `undefined` for no pairs. A
 * one-item array comes back as its item and an empty one as nothing: the pairs do not tell.
 *
 * @example
 * jsonOfParams([{ name: 'price', value: 30 }, { name: 'tags', value: 'a' }, { name: 'tags', value: 'b' }])
 * // '{"price":30,"tags":["a","b"]}'
 */
export function jsonOfParams(params: unknown): string | undefined {
  if (!Array.isArray(params)) return undefined
  const members = new Map<string, unknown[]>()
  for (const p of params as unknown[]) {
    const pair = p as { name?: unknown; value?: unknown } | null
    if (typeof pair?.name !== 'string' || pair.value === undefined) continue
    const values = members.get(pair.name)
    if (values) values.push(pair.value)
    else members.set(pair.name, [pair.value])
  }
  if (members.size === 0) return undefined
  const entries = [...members].map(
    ([name, values]) => [name, values.length === 1 ? values[0] : values] as const,
  )
  const list = entries.every(([name], i) => name === String(i))
  try {
    return JSON.stringify(list ? entries.map(([, value]) => value) : Object.fromEntries(entries))
  } catch {
    // Nested past what the stack holds: the body is read as absent, not as a crash.
    return undefined
  }
}
