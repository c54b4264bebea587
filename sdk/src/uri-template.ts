import { UriTemplateError } from './errors.js'
import type { TemplateValue, Variables } from './types.js'

/** Per operator (RFC 6570 appendix A): first, separator, named, if empty, reserved allowed. */
const operators: Record<string, [string, string, boolean, string, boolean]> = {
  '': ['', ',', false, '', false],
  '+': ['', ',', false, '', true],
  '#': ['#', ',', false, '', true],
  '.': ['.', '.', false, '', false],
  '/': ['/', '/', false, '', false],
  ';': [';', ';', true, '', false],
  '?': ['?', '&', true, '=', false],
  '&': ['&', '&', true, '=', false],
}

/** A varspec: a name of varchars (`.` between them), then `:1`…`:9999` or `*`. */
const varspec = /^((?:\w|%[\da-f]{2})+(?:\.(?:\w|%[\da-f]{2})+)*)(?::([1-9]\d{0,3})|(\*))?$/i

/** Percent-encodes what `reserved` (`+`, `#`) or else only unreserved characters leave alone. */
const encode = (text: string, reserved: boolean): string =>
  text.replace(reserved ? /%[\da-f]{2}|[^\w.~:/?#[\]@!$&'()*+,;=-]/giu : /[^\w.~-]/gu, (char) =>
    char.length === 3 && char[0] === '%'
      ? char
      : [...new TextEncoder().encode(char)]
          .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
          .join(''),
  )

/**
 * Expands an RFC 6570 URI template, all four levels, and rejects what the RFC's grammar does not
 * allow (unclosed or empty expressions, reserved operators, invalid names, a prefix of 0 or over
 * 9999, a prefix with explode or on a list, a value nested deeper than a list or a map). Checked
 * against the uritemplate-test examples (`sdk/test/uri-template.test.ts`).
 *
 * @throws {UriTemplateError} when the template is invalid or a variable has a type it cannot take.
 * @example
 * ```ts
 * expandTemplate('/blogs/{blogId}/articles{?pageIndex,pageSize}', { blogId: 1, pageSize: 20 })
 * // '/blogs/1/articles?pageSize=20'
 * ```
 */
export function expandTemplate(template: string, variables: Variables = {}): string {
  const fail = (reason: string): never => {
    throw new UriTemplateError(template, reason)
  }
  return template.replace(/\{([^{}]*)\}|[{}]|[^{}]+/g, (part, expression?: string) => {
    if (expression === undefined)
      return part === '{' || part === '}' ? fail(`unmatched '${part}'`) : encode(part, true)
    const operator = operators[expression[0] ?? ''] ? (expression[0] ?? '') : ''
    const [first, separator, named, ifEmpty, reserved] = operators[operator] ?? fail('operator')
    const values: string[] = []
    for (const spec of expression.slice(operator.length).split(',')) {
      const [, name = '', prefix, explode] = varspec.exec(spec) ?? fail(`invalid varspec '${spec}'`)
      const value: TemplateValue = variables[name]
      const scalar = (item: unknown): string =>
        ['string', 'number', 'boolean'].includes(typeof item)
          ? encode(String(item), reserved)
          : fail(`'${name}' holds a value no template can take`)
      const pair = (key: string, text: string) => (text ? `${key}=${text}` : key + ifEmpty)
      if (value === undefined || value === null) continue
      if (typeof value !== 'object') {
        const text = encode(
          [...String(value)].slice(0, prefix ? +prefix : undefined).join(''),
          reserved,
        )
        values.push(named ? pair(name, text) : text)
        continue
      }
      if (prefix) fail(`a prefix on the list or map '${name}'`)
      const entries: [string, unknown][] = Array.isArray(value)
        ? value.map((item) => ['', item])
        : Object.entries(value)
      if (!entries.length) continue
      if (explode)
        values.push(
          entries
            .map(([key, item]) =>
              Array.isArray(value)
                ? named
                  ? pair(name, scalar(item))
                  : scalar(item)
                : `${encode(key, reserved)}${named && !scalar(item) ? ifEmpty : '='}${scalar(item)}`,
            )
            .join(separator),
        )
      else {
        const text = entries
          .flatMap(([key, item]) =>
            Array.isArray(value) ? [scalar(item)] : [encode(key, reserved), scalar(item)],
          )
          .join(',')
        values.push(named ? pair(name, text) : text)
      }
    }
    return values.length ? first + values.join(separator) : ''
  })
}
