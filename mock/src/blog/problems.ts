/**
 * The problem types the Blog API emits; each has a page under `…/docs/problems/{slug}`. Their
 * titles are the statuses' reason phrases (`http/reason-phrase.ts`).
 */
export const PROBLEMS = {
  400: { slug: 'bad-request' },
  401: { slug: 'unauthorized' },
  403: { slug: 'forbidden' },
  404: { slug: 'not-found' },
  405: { slug: 'method-not-allowed' },
  406: { slug: 'not-acceptable' },
  412: { slug: 'precondition-failed' },
  413: { slug: 'content-too-large' },
  415: { slug: 'unsupported-media-type' },
  422: { slug: 'validation-failed' },
  500: { slug: 'internal-error' },
} as const satisfies Record<number, { slug: string }>

/**
 * The page of a status's problem type, relative to the API's base; none for a status without one
 * (its problems are `about:blank`).
 *
 * @example
 * problemPage(404) // '/docs/problems/not-found'
 */
export function problemPage(status: number): string | undefined {
  const known = (PROBLEMS as Record<number, { slug: string } | undefined>)[status]
  return known && `/docs/problems/${known.slug}`
}
