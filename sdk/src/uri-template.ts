import { UriTemplateError } from './errors.js'
import type { TemplateValue, Variables } from './types.js'

/**
 * Each operator's expansion (RFC 6570 Appendix A): what comes first, between values, whether
 * values are named, what an empty named value gets, and whether reserved characters pass.
 */
const OPERATORS: Record<string, [string, string, boolean, string, boolean]> = {
  '': ['', ',', false, '', false],
  '+': ['', ',', false, '', true],
  '#': ['#', ',', false, '', true],
  '.': ['.', '.', false, '', false],
  '/': ['/', '/', false, '', false],
  ';': [';', ';', true, '', false],
  '?': ['?', '&', true, '=', false],
  '&': ['&', '&', true, '=', false],
}

/** A varspec (RFC 6570 §2.3, §2.4): name, then a prefix length of 1 to 9999 or an explode. */
const VARSPEC = /^((?:\w|%[\dA-Fa-f]{2})(?:\.?(?:\w|%[\dA-Fa-f]{2}))*)(?::([1-9]\d{0,3})|(\*))?$/

const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`

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
    : encodeURIComponent(value).replace(/[!'()*]/g, hex)

/** The value as a string, a list or pairs; `undefined` when it is undefined (RFC 6570 §2.3). */
function read(
  template: string,
  value: TemplateValue,
): string | string[] | [string, string][] | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object') return String(value)
  const simple = (member: unknown) => {
    if (typeof member === 'object' && member !== null)
      throw new UriTemplateError(
        template,
        'a list or map may hold only strings, numbers and booleans',
      )
    return String(member)
  }
  const found = Array.isArray(value)
    ? value.map(simple)
    : Object.entries(value).map(([key, member]): [string, string] => [key, simple(member)])
  return found.length ? found : undefined
}

/** One expression's expansion: `{op var,var:3,var*}` without its braces. */
function expression(template: string, body: string, variables: Variables): string {
  const operator = /^[+#./;?&]/.test(body) ? (body[0] as string) : ''
  const [first, separator, named, ifEmpty, reserved] = OPERATORS[operator] as [
    string,
    string,
    boolean,
    string,
    boolean,
  ]
  const enc = (value: string) => encode(value, reserved)
  const parts: string[] = []
  for (const spec of body.slice(operator.length).split(',')) {
    const match = VARSPEC.exec(spec)
    if (!match) throw new UriTemplateError(template, `invalid variable '${spec}'`)
    const [, name = '', prefix, explode] = match
    const value = read(template, variables[name])
    if (value === undefined) continue
    if (typeof value === 'string') {
      const text = enc(prefix ? [...value].slice(0, Number(prefix)).join('') : value)
      parts.push(named ? `${name}${value === '' ? ifEmpty : `=${text}`}` : text)
      continue
    }
    if (prefix)
      throw new UriTemplateError(template, `a prefix cannot apply to a list or map ('${spec}')`)
    const pairs = typeof value[0] === 'string' ? undefined : (value as [string, string][])
    if (!explode) {
      const joined = (pairs ? pairs.flat() : (value as string[])).map(enc).join(',')
      parts.push(named ? `${name}=${joined}` : joined)
    } else if (pairs)
      parts.push(
        pairs
          .map(([key, member]) =>
            named && member === '' ? `${enc(key)}${ifEmpty}` : `${enc(key)}=${enc(member)}`,
          )
          .join(separator),
      )
    else
      parts.push(
        (value as string[])
          .map((member) =>
            named ? `${name}${member === '' ? ifEmpty : `=${enc(member)}`}` : enc(member),
          )
          .join(separator),
      )
  }
  return parts.length ? first + parts.join(separator) : ''
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
