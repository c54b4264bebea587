import type { ApiModel, LinkModel } from '../model.js'
import { access, js, template } from './text.js'

/** Where a plain link's href puts the record's id, in the emitted template literal. */
const ID_SLOT = ['$', '{r.id}'].join('')

/** The relations that reverse into each collection, and nested lists, resolved across collections. */
export function resolveLinks(
  model: ApiModel,
): Map<string, { links: LinkModel[]; nestedRel?: string }> {
  const out = new Map<string, { links: LinkModel[]; nestedRel?: string }>()
  for (const c of model.collections) out.set(c.name, { links: c.links.map((l) => ({ ...l })) })
  for (const c of model.collections) {
    for (const link of c.links) {
      if (link.kind !== 'plain') continue
      const [, back, reversePath] = link.href.match(/^@back:([^/]+)(?:\/(.+))?$/) ?? []
      const nested = link.href.match(/^@nested:(.+)$/)?.[1]
      const own = out.get(c.name)
      if (!own || (!back && !nested)) continue
      own.links = own.links.filter(
        (l) => l !== link && !(l.kind === 'plain' && l.href === link.href),
      )
      if (back) {
        const from = out.get(back)
        const index = from?.links.findIndex((l) => l.kind === 'relation' && l.to === c.name) ?? -1
        const relation = from?.links[index]
        if (from && relation && relation.kind === 'relation')
          from.links[index] = {
            ...relation,
            reverse: link.rel,
            ...(reversePath === undefined ? {} : { reversePath }),
          }
      }
      if (nested) {
        const child = out.get(nested)
        if (child) child.nestedRel = link.rel
      }
    }
  }
  return out
}

/**
 * `schema`: the record's, to type `r` by (a rel named like `Object.prototype`'s gets no type);
 * `collection`: the one the link is of, whose recorded ids `links.json` keeps.
 */
export function linkSource(
  link: LinkModel,
  optional: (member: string) => boolean,
  schema: string | undefined,
  collection: string,
): string {
  if (link.kind === 'recorded')
    return `{ to: ${js(link.to)}, id: recordedId(linked[${js(collection)}][${js(link.rel)}]) }`
  if (link.kind === 'plain') {
    const href = template(link.href).replace(/\\?\{id\}/g, ID_SLOT)
    const r = schema === undefined ? '(r)' : '(r: { id: number })'
    const served = link.unserved ? ', served: false' : ''
    return `{ href: ${r} => \`${href}\`${link.templated ? ', templated: true' : ''}${served} }`
  }
  const q = optional(link.member) ? '?.' : '.'
  const r = schema === undefined ? '(r)' : `(r: z.output<typeof ${schema}>)`
  const id = link.inArray
    ? `${r} => r${access(link.member)}${q}map((x) => x${access(link.inArray)})`
    : `${r} => r${access(link.member)}`
  const parts = [`to: ${js(link.to)}`, `id: ${id}`]
  if (link.reverse) parts.push(`reverse: ${js(link.reverse)}`)
  if (link.reversePath) parts.push(`reversePath: ${js(link.reversePath)}`)
  if (link.title && 'text' in link.title) parts.push(`title: ${js(link.title.text)}`)
  if (link.title && 'member' in link.title) parts.push(`title: titleOf(${js(link.title.member)})`)
  return `{ ${parts.join(', ')} }`
}

/**
 * The linked ids of the relations no member holds, by collection, rel and record id (`links.json`),
 * or undefined when there are none.
 */
export function recordedLinks(
  model: ApiModel,
): Record<string, Record<string, Readonly<Record<string, number>>>> | undefined {
  // No prototype: a collection named `__proto__` is a key like any other.
  const out = Object.create(null) as Record<
    string,
    Record<string, Readonly<Record<string, number>>>
  >
  for (const c of model.collections) {
    for (const link of c.links) {
      if (link.kind !== 'recorded') continue
      out[c.name] = { ...out[c.name], [link.rel]: link.ids }
    }
  }
  return Object.keys(out).length > 0 ? out : undefined
}
