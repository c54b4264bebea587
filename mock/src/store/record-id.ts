/**
 * The id a path segment names: a positive safe integer written plainly (no sign, no leading zero,
 * no exponent), else `undefined`, and no record can be there.
 *
 * @example
 * recordId('42') // 42
 * recordId('042') // undefined
 */
export function recordId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) return undefined
  const id = Number(raw)
  return Number.isSafeInteger(id) ? id : undefined
}
