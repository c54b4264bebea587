import type { HalPromises } from '../../definition/api.js'
import type { Crawl } from '../crawl.js'
import type { CollectionModel } from '../model.js'

/**
 * Every `href` of a HAL document's links, its embedded documents' too.
 *
 * @example
 * hrefs({ self: { href: '/shop' } }) // ['/shop']
 */
export function hrefs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) hrefs(item, out)
  else if (typeof value === 'object' && value !== null) {
    for (const [name, member] of Object.entries(value)) {
      if (name === 'href' && typeof member === 'string') out.push(member)
      else hrefs(member, out)
    }
  }
  return out
}

/**
 * What a recording may hold the original to beyond its documents: only what the crawl saw. It
 * reads, so refusals (406, 405, 401, 412, 422) are never seen; validators are when every read
 * carried them, HAL-FORMS when templates named every write the mock takes, absolute hrefs when no
 * document had a relative one.
 */
export function promisesOf(
  crawl: Crawl,
  collections: readonly CollectionModel[] = [],
): HalPromises {
  // The HAL documents read (an OpenAPI or JSON document beside them promises nothing).
  const reads = [...crawl.exchanges.values()].filter(
    (e) =>
      e.accept === 'hal' &&
      typeof (e.body as { _links?: unknown } | undefined)?._links === 'object',
  )
  const validators = reads.length > 0 && reads.every((e) => e.validators === true)
  const caching = reads.length > 0 && reads.every((e) => e.caching === true)
  // A HAL-FORMS answer has templates: a server that ignores the Accept answers HAL without them.
  const served = [...crawl.exchanges.values()].some(
    (e) =>
      e.accept === 'forms' && typeof (e.body as { _templates?: unknown })?._templates === 'object',
  )
  // Verify then asks a template of every write the mock takes: only when the API's templates
  // named them all (Spring HATEOAS's `default` PUT names no PATCH; an ALPS-described collection
  // has none).
  const forms = served && collections.every(templatesNameEveryWrite)
  const relative = reads.some((e) =>
    hrefs((e.body as { _links?: unknown } | undefined)?._links ?? {})
      .concat(hrefs((e.body as { _embedded?: unknown } | undefined)?._embedded ?? {}))
      .some((href) => !/^[a-z][a-z\d+.-]*:/i.test(href)),
  )
  // Writes the API described (HAL-FORMS templates, an ALPS profile) are promised; guessed ones not.
  const described = forms || [...crawl.exchanges.values()].some((e) => e.accept === 'alps')
  return {
    ...(validators ? {} : { validators: false }),
    ...(caching ? {} : { caching: false }),
    ...(described ? {} : { writes: false }),
    notAcceptable: false,
    ...(forms ? {} : { forms: false }),
    allow: false,
    auth: false,
    preconditions: false,
    problems: false,
    ...(relative ? { absoluteLinks: false } : {}),
    // Records numbered per parent are found under another parent by their id: no scope to hold.
    ...(collections.some((c) => c.perParentIds) ? { skip: ['record.parent'] } : {}),
  }
}

/** Whether a collection the mock writes had a HAL-FORMS template for each write it takes. */
function templatesNameEveryWrite(c: CollectionModel): boolean {
  const methods = c.writes.methods
  // Read-only in the mock: it offers no template, as the API offered none.
  if (c.writes.source !== 'none' && methods.length === 0) return true
  const taken = [...(c.list === false ? [] : ['POST']), 'PUT', 'PATCH', 'DELETE']
  return c.writes.source === 'hal-forms' && taken.every((m) => methods.includes(m))
}
