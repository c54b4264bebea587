import { key } from '../infer/schema.js'
import type { CollectionModel, LinkModel } from '../model.js'
import { isObject, partialNote, singular } from '../model.js'
import { isPrototypeName } from '../safe-name.js'
import { linkSource } from './links.js'
import { pagingSource } from './paging.js'
import { camel, comment, js } from './text.js'

function writesNote(c: CollectionModel): string {
  switch (c.writes.source) {
    case 'hal-forms':
      return c.writes.methods.length > 0
        ? `writable: its HAL-FORMS templates offer ${c.writes.methods.join(', ')}`
        : 'read-only: its HAL-FORMS documents offer no write'
    case 'alps':
      return c.writes.methods.length > 0
        ? `writable: its ALPS profile offers ${c.writes.methods.join(', ')}`
        : 'read-only: its ALPS profile offers no write'
    case 'allow':
      return c.writes.methods.length > 0
        ? `writable: its OPTIONS answers allow ${c.writes.methods.join(', ')}`
        : 'read-only: its OPTIONS answers allow no POST, PUT, PATCH nor DELETE (405 to a write)'
    case 'traffic':
      return `writable: the traffic recorded shows ${c.writes.methods.join(', ')}`
    default:
      return 'writable (POST, PUT, PATCH, DELETE): the API described no writes (no HAL-FORMS templates, no profile), so the mock allows them all'
  }
}

/**
 * A collection's `represent`, when its documents show other members than its records hold: fewer
 * (`id`, a parent's id the mock keeps), or members no schema output holds (`__proto__`), shown as
 * recorded.
 */
function representSource(c: CollectionModel): string[] {
  const unshown = [...(c.idInBody ? [] : ['id']), ...c.hidden]
  const unheld = unheldMembers(c)
  const lines: string[] = []
  if (unshown.length > 0) {
    lines.push(
      comment(
        `// Its documents do not show ${unshown.map((m) => `\`${m}\``).join(' nor ')}, which the mock keeps.`,
      ),
    )
  }
  if (unheld.length > 0) {
    lines.push(
      `// Its documents show ${unheld.map((m) => `\`${m}\``).join(' and ')}, which no schema output holds: as recorded.`,
    )
  }
  const rest = unshown.map((m, i) => `${key(m)}: _${i}`).join(', ')
  const shown = unshown.length > 0 ? `({ ${rest}, ...members }) => members` : undefined
  if (unheld.length > 0) {
    const values = JSON.stringify(unheldValues(c, unheld))
    lines.push(`represent: withMembers(JSON.parse(${js(values)})${shown ? `, ${shown}` : ''}),`)
  } else if (shown) lines.push(`represent: ${shown},`)
  return lines
}

/** Each record's values of `names`, by its id (own members: `__proto__` stays one). */
function unheldValues(c: CollectionModel, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const r of c.records) {
    const own = Object.create(null) as Record<string, unknown>
    for (const name of names) if (Object.hasOwn(r, name)) own[name] = r[name]
    out[String(r.id)] = own
  }
  return out
}

/**
 * The variable the recorded root names a top-level collection's items by (`/blogs/{blogId}`),
 * when not `id`: the replay's root and its `param` must agree, or the template expands to nothing.
 */
export function rootItemVariable(root: unknown, c: CollectionModel): string | undefined {
  const segment = c.pattern.split('/').at(-2)
  const links = isObject(root) ? root._links : undefined
  if (c.parent || segment === undefined || !isObject(links)) return undefined
  for (const value of Object.values(links)) {
    for (const link of Array.isArray(value) ? value : [value]) {
      const href = isObject(link) && typeof link.href === 'string' ? link.href : ''
      const variable = lastVariable(href, segment)
      if (variable !== undefined && variable !== 'id') return variable
    }
  }
  return undefined
}

/** `itemId` of `…/items/{itemId}{?page}` when `items` is `segment`; by index, linear in any href. */
function lastVariable(href: string, segment: string): string | undefined {
  let rest = href
  const query = rest.endsWith('}') ? rest.lastIndexOf('{') : -1
  if (query >= 0 && (rest[query + 1] === '?' || rest[query + 1] === '&'))
    rest = rest.slice(0, query)
  const open = rest.endsWith('}') ? rest.lastIndexOf('{') : -1
  if (open < 1 || rest[open - 1] !== '/') return undefined
  const name = rest.slice(open + 1, -1)
  const before = rest.slice(0, open - 1)
  return /^[A-Za-z_]\w*$/.test(name) && before.slice(before.lastIndexOf('/') + 1) === segment
    ? name
    : undefined
}

/** The members of a collection's records no schema output holds: `__proto__` (zod drops it). */
export const unheldMembers = (c: CollectionModel): string[] =>
  c.records.some((r) => Object.hasOwn(r, '__proto__')) ? ['__proto__'] : []

export function collectionSource(
  c: CollectionModel,
  links: readonly LinkModel[],
  nestedRel: string | undefined,
  nestedParent: boolean,
  curies: boolean,
  rootVariable: string | undefined,
): string {
  const schema = `${camel(c.name)}Schema`
  const optional = (member: string) =>
    c.shape.members.some((m) => m.name === member && (m.optional || m.nullable))
  // Records of no member but `id` are no `z.input` of an empty object to TypeScript.
  const as = c.shape.members.length === 0 ? 'as unknown as' : 'as'
  const lines = [
    `schema: ${schema},`,
    `seed: seed[${js(c.name)}] ${as} z.input<typeof ${schema}>[],`,
  ]
  // The URL segment, when the API's is no collection name (`it$ems`, another's `a_b`).
  const segment = c.pattern.split('/').at(-2)
  if (
    segment !== undefined &&
    segment !== c.name &&
    /^[^/{}?#\s%]+$/.test(segment) &&
    segment !== 'openapi.json'
  ) {
    lines.push(`path: ${js(segment)},`)
  }
  // Along a nested URL each item's variable differs: `/blogs/{blogId}/articles/{articleId}`.
  const param = rootVariable ?? `${singular(c.name)}Id`
  if (c.parent || nestedParent || rootVariable !== undefined) {
    lines.push(
      `param: ${js(/^[A-Za-z_]\w*$/.test(param) ? param : `${camel(singular(c.name))}Id`)},`,
    )
  }
  if (c.parent) {
    const rel = nestedRel === undefined ? '' : `, rel: ${js(nestedRel)}`
    // Links as recorded: no `up` the API did not write (one it wrote is among the links below).
    lines.push(
      `parent: { collection: ${js(c.parent.collection)}, member: ${js(c.parent.member)}${rel}, link: false },`,
    )
  }
  if (c.rel !== c.name) lines.push(`rel: ${js(c.rel)},`)
  if (links.length > 0) {
    lines.push('links: {')
    for (const link of links) {
      const typed = isPrototypeName(link.rel) ? schema : undefined
      lines.push(`  ${key(link.rel)}: ${linkSource(link, optional, typed, c.name)},`)
    }
    lines.push('},')
  }
  if (c.embed.length > 0) lines.push(`embed: ${js(c.embed)},`)
  if (c.pageSize !== undefined && c.pageSize !== 20)
    lines.push(`pageSize: { default: ${c.pageSize} },`)
  const extras = {
    ...(c.listTemplated === false ? { linkTemplated: false as const } : {}),
    ...(c.selfAsked ? { self: 'asked' as const } : {}),
  }
  if (c.paging) lines.push(`paging: ${pagingSource(c.paging, '      ', curies, extras)},`)
  else if (Object.keys(extras).length > 0) lines.push(`paging: ${js(extras)},`)
  if (c.pageItems) lines.push(`pageItems: '${c.pageItems}',`)
  if (c.list === false) lines.push('list: false,')
  lines.push(...representSource(c))
  if (c.writes.source !== 'none' && c.writes.methods.length === 0) lines.push('readOnly: true,')
  if (c.input && c.inputOptional) {
    lines.push(
      `// A write takes the members a client may send, each optional: no form said which it must${c.parent ? ' (the parent comes from the URL)' : ''}; what the server sets is left out.`,
    )
    lines.push(
      `input: ${schema}.pick({ ${c.input.map((m) => `${key(m)}: true`).join(', ')} }).partial(),`,
    )
  } else if (c.input) {
    lines.push(
      `// A write takes what its forms name${c.parent ? ' (the parent comes from the URL)' : ''}.`,
    )
    lines.push(`input: ${schema}.pick({ ${c.input.map((m) => `${key(m)}: true`).join(', ')} }),`)
  }
  if (c.outputOnly && c.outputOnly.length > 0) {
    const set = c.outputOnly.map((m) => {
      const value = c.records.find((r) => r[m] !== undefined)?.[m]
      if (typeof value === 'number')
        return `${key(m)}: (typeof current?.[${js(m)}] === 'number' ? current[${js(m)}] : 0) + 1`
      if (/^(created|inserted)/i.test(m))
        return `${key(m)}: current?.[${js(m)}] ?? new Date().toISOString()`
      return `${key(m)}: new Date().toISOString()`
    })
    lines.push('// What the server sets on every write, as it did when recorded.')
    lines.push(`prepare: (input, { current }) => ({ ...input, ${set.join(', ')} }),`)
  }
  if (c.templates) {
    const names = Object.entries(c.templates).map(([k, v]) => `${k}: ${js(v)}`)
    lines.push(`templates: { ${names.join(', ')} },`)
  }
  const notes = [
    ...(c.partial ? [`PARTIAL: ${partialNote(c.records.length, c.partial)}.`] : []),
    `${c.records.length} ${c.records.length === 1 ? 'record' : 'records'} at ${c.pattern.replace(/\{\}/g, '{id}')}; ${writesNote(c)}.`,
    ...c.dropped.map((d) => `Not reproduced: ${d}.`),
    ...links.flatMap((l) =>
      l.kind === 'plain' && l.unserved
        ? [`${l.rel}: its targets answered ${l.unserved}; nothing is served there.`]
        : [],
    ),
  ]
  return [
    ...notes.map((n) => `    // ${comment(n)}`),
    `    ${key(c.name)}: defineCollection({`,
    ...lines.map((l) => `      ${l}`),
    '    }),',
  ].join('\n')
}
