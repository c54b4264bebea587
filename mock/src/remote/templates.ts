// RFC 6570 templates as both `record` and `verify` read servers' hrefs: one expansion (the SDK's),
// and their variables found in one pass over untrusted text.
import { expandTemplate } from '@halyard/sdk'

/** The variables of an RFC 6570 template, and whether any is in the path (not the query). */
export function templateVariables(template: string): { names: string[]; inPath: boolean } {
  const names: string[] = []
  let inPath = false
  for (const expression of templateExpressions(template)) {
    const operator = /^[+#./;?&]/.test(expression) ? expression.charAt(0) : ''
    if (operator !== '?' && operator !== '&') inPath = true
    for (const part of expression.slice(operator.length).split(',')) {
      names.push(part.replace(/(:\d+|\*)$/, ''))
    }
  }
  return { names, inPath }
}

/**
 * The expressions of a template, `{` to the next `}`, in one pass: a regex such as
 * `/\{([^}]*)\}/g` scans to the end from every `{` of an href of `{`s with no `}`.
 */
export function templateExpressions(template: string): string[] {
  const expressions: string[] = []
  for (let open = template.indexOf('{'); open >= 0; ) {
    const close = template.indexOf('}', open + 1)
    if (close < 0) break
    expressions.push(template.slice(open + 1, close))
    open = template.indexOf('{', close + 1)
  }
  return expressions
}

/** A template's text before its first expression: `/api/orders{?page}` → `/api/orders`. */
export const beforeTemplate = (href: string): string => {
  const open = href.indexOf('{')
  return open < 0 ? href : href.slice(0, open)
}

/**
 * A server's href expanded with `values` (RFC 6570, the SDK's expansion); a plain URL as it is.
 *
 * @throws {UriTemplateError} (from `@halyard/sdk`) for a template that is not valid.
 * @example
 * expandHref('/notes{?page,size}', { page: '0' }) // '/notes?page=0'
 */
export function expandHref(template: string, values: Readonly<Record<string, string>>): string {
  return template.includes('{') ? expandTemplate(template, values) : template
}
