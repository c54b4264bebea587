import type { PageLink, PageView } from '../definition/definition.js'
import type { PagingModel } from './paging.js'

type Schema = Record<string, unknown>

/** Marks the items of a sample page, so that the schema names them by their resource's schema. */
const ITEM = Symbol('halyard sample item')

/**
 * The JSON Schema of the documents a paging convention's `render` writes, read from two sample
 * pages it renders (a middle page, with every navigation link, and a lone one): each member with
 * the type of its value, a link object as `Link`, an item as `item` (a `$ref`), the members the
 * lone page has too as required. A hook that throws on a sample gives `{ type: 'object' }`.
 *
 * @example
 * renderedPageSchema(paging, 'books', { $ref: '#/components/schemas/BookResource' }, link)
 */
export function renderedPageSchema(
  paging: PagingModel,
  collection: { readonly name: string; readonly rel: string },
  item: Schema,
  link: Schema,
): Schema {
  try {
    const full = paging.render(samplePage(paging, collection, 3))
    const lone = paging.render(samplePage(paging, collection, 1))
    return schemaOf(full, lone, item, link)
  } catch {
    return { type: 'object' }
  }
}

function samplePage(
  paging: PagingModel,
  { name, rel }: { readonly name: string; readonly rel: string },
  pages: number,
): PageView {
  const href = `http://localhost/${name}`
  const page = (index: number): PageLink => ({
    href: `${href}?${paging.page}=${index}&${paging.size}=1`,
  })
  const index = paging.firstIndex + (pages > 1 ? 1 : 0)
  const items = [{ [ITEM]: true, id: 1, _links: { self: { href: `${href}/1` } } }]
  return {
    collection: name,
    rel,
    items,
    index,
    size: 1,
    total: pages,
    totalPages: pages,
    links: {
      self: page(index),
      first: page(paging.firstIndex),
      ...(pages > 1 && { prev: page(index - 1), next: page(index + 1) }),
      last: page(paging.firstIndex + pages - 1),
    },
    curies: [],
    page,
  }
}

/** The schema of `value`, with `also`'s members (the same place in the other sample) required. */
function schemaOf(value: unknown, also: unknown, item: Schema, link: Schema): Schema {
  if (typeof value === 'object' && value !== null && ITEM in value) return item
  if (Array.isArray(value)) {
    const first = value[0]
    const other = Array.isArray(also) ? also[0] : undefined
    return first === undefined
      ? { type: 'array' }
      : { type: 'array', items: schemaOf(first, other, item, link) }
  }
  if (typeof value === 'object' && value !== null) {
    if (typeof (value as { href?: unknown }).href === 'string') return link
    const other = typeof also === 'object' && also !== null ? (also as Schema) : {}
    const properties = Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key, schemaOf(member, other[key], item, link)]),
    )
    const required = Object.keys(value).filter((key) => other[key] !== undefined)
    return { type: 'object', ...(required.length > 0 && { required }), properties }
  }
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' }
  if (typeof value === 'string' || typeof value === 'boolean') return { type: typeof value }
  return {}
}
