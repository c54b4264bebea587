import { StdUriTemplate } from '@std-uritemplate/std-uritemplate'
import { UriTemplateError } from './errors.js'
import type { Variables } from './types.js'

/**
 * Expands an RFC 6570 URI template, all four levels. std-uritemplate does the work: it passes the
 * whole uritemplate-test suite, negative tests included, where lighter libraries accept invalid
 * templates or mis-encode.
 *
 * @throws {UriTemplateError} when the template is invalid or a variable has a type it cannot take.
 * @example
 * ```ts
 * expandTemplate('/blogs/{blogId}/articles{?pageIndex,pageSize}', { blogId: 1, pageSize: 20 })
 * // '/blogs/1/articles?pageSize=20'
 * ```
 */
export function expandTemplate(template: string, variables: Variables = {}): string {
  try {
    return StdUriTemplate.expand(template, variables)
  } catch (error) {
    throw new UriTemplateError(template, (error as Error).message) // std-uritemplate throws Errors
  }
}
