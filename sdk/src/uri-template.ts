import { UriTemplateError } from './errors.js'
import type { TemplateValue, Variables } from './types.js'

/** A varspec (RFC 6570 §2.3, §2.4): name, then a prefix length of 1 to 9999 or an explode. */
const VARSPEC = /^((?:\w|%[\dA-Fa-f]{2})(?:\.?(?:\w|%[\dA-Fa-f]{2}))*)(?::([1-9]\d{0,3})|(\*))?$/

/**
 * Percent-encodes `value`: all but the unreserved characters, or with `reserved` (`+`, `#` and
 * literals) all but the unreserved and reserved ones, and pct-encoded triplets kept as they are.
 */
const encode = (value: string, reserved: boolean): string =>
  reserved
    ? encodeURI(value)
        .replace(/%5B/g, '[')
        .replace(/%5D/g, ']')
        .replace(/%25([\dA-Fa-f]{2})/g, '%$1')
    : encodeURIComponent(value).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      )

/**
 * A value as pairs (a list's without keys), or its text; `undefined` when it is undefined (RFC
 * 6570 §2.3: null, an empty list, an empty map).
 */
function read(
  template: string,
  value: TemplateValue,
): string | [string | undefined, string][] | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object') return String(value)
  const pairs = (
    Array.isArray(value) ? value.map((v) => [undefined, v]) : Object.entries(value)
  ).map(([key, member]): [string | undefined, string] => {
    if (typeof member === 'object' && member !== null)
      throw new UriTemplateError(template, 'a list or map holds only strings, numbers, booleans')
    return [key, String(member)]
  })
  return pairs.length ? pairs : undefined
}

/** One expression's expansion (RFC 6570 Appendix A): `op var,var:3,var*` without its braces. */
function expression(template: string, body: string, variables: Variables): string {
  const operator = /^[+#./;?&]/.test(body) ? (body[0] as string) : ''
  const separator = /[./;]/.test(operator) ? operator : /[?&]/.test(operator) ? '&' : ','
  const named = /[;?&]/.test(operator)
  const enc = (value: string) => encode(value, /[+#]/.test(operator))
  // `name=value`, `name` alone for an empty value (`name=` after `?` and `&`).
  const assign = (name: string, value: string) =>
    `${name}${value === '' ? (operator === ';' ? '' : '=') : `=${enc(value)}`}`
  const parts: string[] = []
  for (const spec of body.slice(operator.length).split(',')) {
    const [, name, prefix, explode] = VARSPEC.exec(spec) ?? []
    if (name === undefined) throw new UriTemplateError(template, `invalid variable '${spec}'`)
    const value = read(template, variables[name])
    if (typeof value === 'string') {
      const text = prefix ? [...value].slice(0, Number(prefix)).join('') : value
      parts.push(named ? assign(name, text) : enc(text))
    } else if (value && prefix)
      throw new UriTemplateError(template, `a prefix of a list or map ('${spec}')`)
    else if (value && !explode) {
      const joined = value.flatMap(([key, member]) =>
        key === undefined ? [member] : [key, member],
      )
      parts.push(`${named ? `${name}=` : ''}${joined.map(enc).join(',')}`)
    } else if (value)
      for (const [key, member] of value)
        parts.push(
          key !== undefined
            ? named
              ? assign(enc(key), member)
              : `${enc(key)}=${enc(member)}`
            : named
              ? assign(name, member)
              : enc(member),
        )
  }
  return parts.length ? (operator === '+' ? '' : operator) + parts.join(separator) : ''
}

/**
 * Expands an RFC 6570 URI template, all four levels, and refuses an invalid one (an unclosed or
 * empty expression, an operator RFC 6570 reserves, an invalid variable name or prefix) rather than
 * guess. The uritemplate-test examples are its tests (sdk/test/uri-template.test.ts).
 *
 * @throws {UriTemplateError} when the template is invalid or a variable has a type it cannot take.
 * @example
 * ```ts
 * expandTemplate('/blogs/{blogId}/articles{?pageIndex,pageSize}', { blogId: 1, pageSize: 20 })
 * // '/blogs/1/articles?pageSize=20'
 * ```
 */
export function expandTemplate(template: string, variables: Variables = {}): string {
  let expanded = ''
  let rest = template
  for (;;) {
    const open = rest.indexOf('{')
    const literal = open < 0 ? rest : rest.slice(0, open)
    if (literal.includes('}')) throw new UriTemplateError(template, "a '}' outside an expression")
    try {
      expanded += encode(literal, true)
    } catch {
      throw new UriTemplateError(template, 'a literal that is no valid Unicode')
    }
    if (open < 0) return expanded
    const close = rest.indexOf('}', open)
    const body = rest.slice(open + 1, close)
    if (close < 0 || body.includes('{'))
      throw new UriTemplateError(template, 'an expression without its closing brace')
    try {
      expanded += expression(template, body, variables)
    } catch (error) {
      if (error instanceof UriTemplateError) throw error
      throw new UriTemplateError(template, 'a value that is no valid Unicode') // URIError
    }
    rest = rest.slice(close + 1)
  }
}
