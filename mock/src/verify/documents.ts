// What verify reads of HAL documents: links, pointers, templates and URLs, as any server writes them.
import type { CollectionModel } from '../model/types.js'
import { expandHref, templateVariables as variablesOf } from '../remote/templates.js'

/** A JSON object. */
export type Json = Record<string, unknown>
/** A HAL link object, as a server may write it. */
export type Link = {
  readonly href?: unknown
  readonly templated?: unknown
  readonly name?: unknown
  readonly title?: unknown
}

/** The members of a record the definition's relations read its targets' ids from. */
export function relationMembers(
  c: CollectionModel,
  sample: Json,
  members: readonly string[],
): string[] {
  const reads = (ids: CollectionModel['links'][number]['ids'], record: Json) => {
    try {
      return JSON.stringify(ids?.(record) ?? null)
    } catch {
      return 'throws'
    }
  }
  return members.filter(
    (member) =>
      member in sample &&
      c.links.some(
        (link) =>
          link.ids !== undefined &&
          reads(link.ids, sample) !== reads(link.ids, { ...sample, [member]: undefined }),
      ),
  )
}

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function linksOf(doc: unknown): Record<string, unknown> {
  return isObject(doc) && isObject(doc._links) ? doc._links : {}
}

export function allLinks(value: unknown): Link[] {
  return [value].flat().filter(isObject) as Link[]
}

export function firstLink(value: unknown): Link | undefined {
  return allLinks(value)[0]
}

export function hrefOf(link: Link | undefined): string | undefined {
  return typeof link?.href === 'string' ? link.href : undefined
}

/** The value at a JSON Pointer. */
export function pointerGet(doc: unknown, pointer: string): unknown {
  let node = doc
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(node)) node = node[Number(key)]
    else if (isObject(node)) node = node[key]
    else return undefined
  }
  return node
}

/**
 * An RFC 6570 template expanded (a plain URL as it is): the remote client's expansion. A template
 * that is not valid stays as written: the request it makes then answers for it, not the run.
 */
export function expand(template: string, values: Record<string, string>): string {
  try {
    return expandHref(template, values)
  } catch {
    return template
  }
}

/** A template's variable names. */
export const templateVariables = (template: string): string[] => variablesOf(template).names

export function numberParam(href: string, name: string): number | undefined {
  try {
    const raw = new URL(href).searchParams.get(name)
    return raw === null ? undefined : Number(raw)
  } catch {
    return undefined
  }
}

export function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return a === b
  }
}

/**
 * A server's href as a client follows it: a relative one (`/api/articles`, `next`) resolved
 * against the URL it was read at (RFC 3986, section 5.2), a template's variables left as they are.
 */
export function absoluteUrl(base: string, href: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(href)) return href
  const brace = href.indexOf('{')
  const head = brace < 0 ? href : href.slice(0, brace)
  try {
    return `${new URL(head, base).href}${brace < 0 ? '' : href.slice(brace)}`
  } catch {
    return href
  }
}

/** A definition's href (relative to the API's base, `../` climbing out of it) as the mock writes it. */
export { resolve as resolveHref } from '../represent/links.js'

/** A value's JSON type, numbers as one (`integer` is a `number`). */
export function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'null'
  return typeof value
}
