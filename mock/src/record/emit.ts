import type { HalPromises } from '../definition/api.js'
import { CONTROL_CHARACTERS } from '../remote/printable.js'
import { errorsSource } from './emit-errors.js'
import type { ErrorFormatModel } from './infer/errors.js'
import { key, literal, shapeType, zodSource } from './infer/schema.js'
import type {
  ApiModel,
  CollectionModel,
  LinkModel,
  PageLink,
  PageMember,
  PagingModel,
} from './model.js'
import { isObject, partialNote, RECORDED_ORIGIN, singular } from './model.js'
import type { RedactionReport } from './redact.js'
import { isPrototypeName } from './safe-name.js'

/** The files of a recording, by name: `api.ts`, `seed.json`, `documents.json`, `recording.json`. */
export type RecordingFiles = Readonly<Record<string, string>>

/** What the emitted module says about how it was made. */
export interface EmitNotes {
  readonly redactions: readonly RedactionReport[]
  readonly unreached: readonly { readonly url: string; readonly reason: string }[]
  readonly redactionOff?: boolean
  /** What `verify` may hold the original to (`promises`): only what the crawl saw. */
  readonly promises?: HalPromises
  /** Lines of the module's header comment about where its data came from. */
  readonly comments?: readonly string[]
  /** The API's error format, as its error answers showed it. */
  readonly errors?: ErrorFormatModel
  /** The API's auth schemes, by name (OpenAPI's objects): how it is called, never a credential. */
  readonly securitySchemes?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
}

const MOCK_TOKEN = 'mock-token'
/** Where a plain link's href puts the record's id, in the emitted template literal. */
const ID_SLOT = ['$', '{r.id}'].join('')

const js = literal
const camel = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))
    .replace(/^\d/, '_$&') || 'items'
const template = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')

/**
 * Text for a `//` comment: a line break in a recorded name (a member, a rel) written as `\n`, since
 * a raw one would end the comment and make the rest of the name code that runs with the mock; the
 * other controls too (an ESC sequence would act on the terminal of whoever prints the file).
 */
const comment = (text: string): string =>
  text.replace(CONTROL_CHARACTERS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** A member read in TypeScript: `.name`, or `["a-b"]`. */
const access = (member: string): string =>
  key(member) === member ? `.${member}` : `[${js(member)}]`

/** The relations that reverse into each collection, and nested lists, resolved across collections. */
function resolveLinks(model: ApiModel): Map<string, { links: LinkModel[]; nestedRel?: string }> {
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
function linkSource(
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

function pageMemberSource(member: PageMember, indent: string, curies: boolean): string {
  const name = key(member.name)
  switch (member.role) {
    case 'index':
    case 'size':
    case 'total':
    case 'totalPages':
      return `${name}: p.${member.role}`
    case 'count':
      return `${name}: p.items.length`
    case 'constant':
      return `${name}: ${js(member.value)}`
    case 'items': {
      // Items come as their own GET answers them, CURIEs included; HAL pages carry those once.
      const items = member.curies || !curies ? 'p.items' : 'p.items.map(withoutCuries)'
      return member.key === undefined
        ? `${name}: ${items}`
        : `${name}: { ${key(member.key)}: ${items} }`
    }
    case 'object':
      return `${name}: { ${member.members.map((m) => pageMemberSource(m, indent, curies)).join(', ')} }`
    case 'links': {
      const inner = `${indent}  `
      const lines = member.links.map((link: PageLink) => {
        if ('curies' in link) return `${inner}${key(link.rel)}: p.curies,`
        if ('page' in link) {
          // A templated page link (`?page=1&size=5{&sort}`): the page's URL and the API's template.
          const value =
            link.suffix === undefined
              ? `p.links.${link.page}`
              : `{ href: \`\${p.links.${link.page}${link.page === 'prev' || link.page === 'next' ? '?' : ''}.href${link.bare ? ".replace(/\\?.*$/, '')" : ''}}${template(link.suffix)}\`, templated: true }`
          return link.page === 'prev' || link.page === 'next'
            ? `${inner}...(p.links.${link.page} ? { ${key(link.rel)}: ${value} } : {}),`
            : `${inner}${key(link.rel)}: ${value},`
        }
        const href = link.href.startsWith('/')
          ? `\`\${origin(p)}${template(link.href)}\``
          : js(link.href)
        return `${inner}${key(link.rel)}: { href: ${href}${link.templated ? ', templated: true' : ''} },`
      })
      return `${name}: {\n${lines.join('\n')}\n${indent}}`
    }
  }
}

function pagingSource(
  paging: PagingModel,
  indent: string,
  curies: boolean,
  extras: { linkTemplated?: false; self?: 'asked' } = {},
): string {
  const inner = `${indent}  `
  const body = paging.document
    .map((m) => `${inner}  ${pageMemberSource(m, `${inner}  `, curies)},`)
    .join('\n')
  return [
    `{`,
    `${inner}page: ${js(paging.page)},`,
    `${inner}size: ${js(paging.size)},`,
    `${inner}firstIndex: ${paging.firstIndex},`,
    `${inner}defaultSize: ${paging.defaultSize},`,
    ...(extras.linkTemplated === false ? [`${inner}linkTemplated: false,`] : []),
    ...(extras.self ? [`${inner}self: 'asked',`] : []),
    `${inner}render: (p) => ({\n${body}\n${inner}}),`,
    `${indent}}`,
  ].join('\n')
}

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
function rootItemVariable(root: unknown, c: CollectionModel): string | undefined {
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
const unheldMembers = (c: CollectionModel): string[] =>
  c.records.some((r) => Object.hasOwn(r, '__proto__')) ? ['__proto__'] : []

function collectionSource(
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

/**
 * Writes a model as files: `api.ts`, a readable module on `defineHalApi` (zod schemas, links,
 * embeds, paging, writes, each collection's notes), `seed.json` (its records), `documents.json`
 * (the documents of no collection, served as recorded) and `recording.json` (the shape `record
 * --check` compares against). Keys, collections and records in a fixed order: recording an
 * unchanged API twice gives the same bytes.
 *
 * @example
 * const files = emitRecording(inferApi(crawl), { redactions: [], unreached: [] })
 * files['api.ts']
 */
export function emitRecording(model: ApiModel, notes: EmitNotes): RecordingFiles {
  const resolved = resolveLinks(model)
  const header = [
    '// Recorded by `halyard-mock record`: a stateful mock of the API found at',
    `// ${comment(model.basePath || '/')} (hrefs are written on ${RECORDED_ORIGIN}; the mock answers on its own origin).`,
    '// Edit freely. Serve it with `halyard-mock --api <this file>`; its write token is',
    `// \`${MOCK_TOKEN}\` (the mock's own, never the API's).`,
  ]
  if (notes.redactionOff) {
    header.push('// Redaction was off, except for the values of the headers sent.')
  }
  if (notes.redactions.length > 0) {
    header.push(
      '// Redacted (replaced by pseudonyms redacted-1, redacted-2…, the same value the same pseudonym):',
    )
    for (const r of notes.redactions) header.push(`//   ${comment(r.what)} (${r.count}×)`)
  } else header.push('// Redacted: nothing looked like a credential.')
  for (const line of notes.comments ?? []) header.push(`// ${comment(line)}`)
  if (notes.unreached.length > 0) {
    const n = notes.unreached.length
    header.push(`// Not reached: ${n} ${n === 1 ? 'URL' : 'URLs'} (see recording.json).`)
  }
  const schemas = model.collections.map(
    (c) => `const ${camel(c.name)}Schema = ${zodSource(c.shape)}`,
  )
  const hasRoutes = model.documents.length > 0 || model.root !== undefined
  const linked = recordedLinks(model)
  const imports = [
    `import { defineCollection, defineHalApi${hasRoutes ? ', type HalRoute' : ''} } from '@halyard/mock'`,
    `import { z } from 'zod'`,
    ...(hasRoutes ? [`import documents from './documents.json' with { type: 'json' }`] : []),
    `import seed from './seed.json' with { type: 'json' }`,
    ...(linked ? [`import linked from './links.json' with { type: 'json' }`] : []),
  ]
  const paging = model.collections.some((c) => c.paging)
  const helpers: string[] = []
  if (paging) {
    if (helpers.length > 0) helpers.push('')
    helpers.push(
      "/** The origin of a page's links (none when they are origin-relative), for the links it adds. */",
      'const origin = (p: { links: { self: { href: string } } }) =>',
      "  URL.canParse(p.links.self.href) ? new URL(p.links.self.href).origin : ''",
    )
  }
  const strip =
    model.curies.length > 0 &&
    model.collections.some((c) => c.paging?.document.some((m) => m.role === 'items' && !m.curies))
  if (strip) {
    if (helpers.length > 0) helpers.push('')
    helpers.push(
      '/** An item without its CURIEs (the page carries them), its members in their order. */',
      'const withoutCuries = (item: Record<string, unknown>) =>',
      '  Object.fromEntries(',
      '    Object.entries(item).map(([name, value]) =>',
      "      name === '_links' && typeof value === 'object' && value !== null",
      "        ? [name, Object.fromEntries(Object.entries(value).filter(([rel]) => rel !== 'curies'))]",
      '        : [name, value],',
      '    ),',
      '  )',
    )
  }
  const titled = model.collections.some((c) =>
    c.links.some((l) => l.kind === 'relation' && l.title && 'member' in l.title),
  )
  if (titled) {
    if (helpers.length > 0) helpers.push('')
    helpers.push(
      "/** A link's title from a member of the linked record (a rename shows at once). */",
      'const titleOf = (name: string) => (record: object) => {',
      '  const value = (record as Record<string, unknown>)[name]',
      '  return value === undefined || value === null ? undefined : String(value)',
      '}',
    )
  }
  if (model.collections.some((c) => unheldMembers(c).length > 0)) {
    if (helpers.length > 0) helpers.push('')
    helpers.push(
      '/**',
      " * A record's representation with members no schema output holds (`__proto__`), as recorded",
      ' * by its id (a record made since has none), own members: JSON.parse defines them so, where',
      " * an object literal or a bundler's JSON import would set a prototype.",
      ' */',
      'const withMembers =',
      '  (',
      '    byId: Readonly<Record<string, Readonly<Record<string, unknown>>>>,',
      '    shown: (r: Record<string, unknown>) => Record<string, unknown> = (r) => ({ ...r }),',
      '  ) =>',
      '  (r: { id: number }) => {',
      '    const out = shown(r)',
      '    for (const [name, value] of Object.entries(byId[String(r.id)] ?? {}))',
      '      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true })',
      '    return out',
      '  }',
    )
  }
  if (linked) {
    if (helpers.length > 0) helpers.push('')
    helpers.push(
      '/** A link no member holds: the id it led to from each record, as recorded (none for one made since). */',
      'const recordedId = (ids: Readonly<Record<string, number>>) => (r: { id: number }) => ids[String(r.id)]',
    )
  }
  if (hasRoutes) {
    if (helpers.length > 0) helpers.push('')
    helpers.push(
      '/** A strong validator of a text (FNV-1a and its length): the same text, the same ETag. */',
      'const etagOf = (text: string) => {',
      '  let hash = 0x811c9dc5',
      '  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)',
      `  return '"' + (hash >>> 0).toString(36) + '-' + text.length.toString(36) + '"'`,
      '}',
      '',
      '/**',
      " * The documents of no collection at one path, answered as recorded (the one of the request's",
      " * query, else the one without), hrefs on the mock's origin, with an ETag. A body holding a",
      " * `__proto__` member is kept as its text: a bundler's JSON import would make it a prototype.",
      ' */',
      'type Recorded = { query: string; type?: string; body?: unknown; text?: string }',
      'const recorded = (path: string, bodies: readonly Recorded[]): HalRoute => ({',
      "  method: 'GET',",
      '  path,',
      '  // Whatever the request accepts, as the API answered it.',
      '  produces: [],',
      '  handle: ({ url, request }) => {',
      "    const found = bodies.find((d) => d.query === url.search) ?? bodies.find((d) => d.query === '')",
      '    if (!found) return new Response(null, { status: 404 })',
      `    const text = (found.text ?? JSON.stringify(found.body)).replaceAll(${js(RECORDED_ORIGIN)}, url.origin)`,
      '    const etag = etagOf(text)',
      "    if (request.headers.get('if-none-match') === etag)",
      "      return new Response(null, { status: 304, headers: { etag, 'cache-control': 'no-cache' } })",
      "    const type = found.type ?? 'application/hal+json'",
      '    return new Response(text, {',
      "      headers: { 'content-type': type, etag, 'cache-control': 'no-cache' },",
      '    })',
      '  },',
      '})',
      '',
      '/** The documents by path, in their order. */',
      'const byPath = (all: readonly ({ path: string } & Recorded)[]) => {',
      '  const paths = new Map<string, Recorded[]>()',
      '  for (const d of all) paths.set(d.path, [...(paths.get(d.path) ?? []), d])',
      '  return [...paths].map(([path, bodies]) => recorded(path, bodies))',
      '}',
    )
  }
  const body = [
    'export default defineHalApi({',
    `  basePath: ${js(model.basePath)},`,
    `  title: 'Recorded API',`,
    `  tokens: [${js(MOCK_TOKEN)}],`,
  ]
  if (notes.promises && Object.keys(notes.promises).length > 0)
    body.push(
      '  // What a read-only crawl saw no sign of, `verify` does not hold the API to (the mock serves it).',
      `  promises: ${js(notes.promises)},`,
    )
  body.push(...errorsSource(notes.errors))
  if (model.curies.length > 0) body.push(`  curies: ${js(model.curies)},`)
  if (model.serviceDesc === false) {
    body.push(
      '  // The recorded root links no OpenAPI document: nor does the mock, nor its client types.',
      '  root: { serviceDesc: false },',
    )
  }
  if (model.curiesIn) body.push(`  curiesIn: ${js(model.curiesIn)},`)
  if (model.singleCurie) body.push(`  singleCurie: ${js(model.singleCurie)},`)
  if (model.hrefs) body.push(`  hrefs: ${js(model.hrefs)},`)
  // The headers it was recorded with, or the traffic's credentials: the scheme, never a value.
  const schemes = { ...notes.securitySchemes, ...model.securitySchemes }
  if (Object.keys(schemes).length > 0)
    body.push(
      '  // Where the API reads credentials; the mock reads its own token there.',
      `  securitySchemes: ${js(schemes)},`,
    )
  body.push('  collections: {')
  for (const c of model.collections) {
    const r = resolved.get(c.name)
    const parent = model.collections.some((child) => child.parent?.collection === c.name)
    const curies = model.curies.length > 0
    const variable = rootItemVariable(model.root, c)
    body.push(collectionSource(c, r?.links ?? [], r?.nestedRel, parent, curies, variable))
  }
  body.push('  },')
  if (hasRoutes) {
    body.push(
      '  // Documents of no collection (and the root, when the core would write it otherwise).',
      '  routes: byPath(documents),',
    )
  }
  body.push('})')
  const api = [
    ...header,
    ...imports,
    '',
    ...schemas,
    '',
    ...helpers,
    ...(helpers.length ? [''] : []),
    ...body,
    '',
  ].join('\n')
  const seed = Object.fromEntries(model.collections.map((c) => [c.name, c.records]))
  const documents = [
    ...(model.root === undefined ? [] : [{ path: '', query: '', body: model.root }]),
    ...model.documents,
  ]
  const files: Record<string, string> = {
    'api.ts': api,
    'seed.json': `${JSON.stringify(seed, null, 2)}\n`,
    'recording.json': `${JSON.stringify(recordingShape(model, notes), null, 2)}\n`,
  }
  if (hasRoutes) files['documents.json'] = `${JSON.stringify(documents.map(asText), null, 2)}\n`
  if (linked) files['links.json'] = `${JSON.stringify(linked, null, 2)}\n`
  return files
}

/** A recorded document whose body holds a `__proto__` member, with the body as its text. */
function asText<T extends { body: unknown }>(
  document: T,
): T | (Omit<T, 'body'> & { text: string }) {
  const text = JSON.stringify(document.body)
  if (!text.includes('"__proto__":')) return document
  const { body: _body, ...rest } = document
  return { ...rest, text }
}

/**
 * The linked ids of the relations no member holds, by collection, rel and record id (`links.json`),
 * or undefined when there are none.
 */
function recordedLinks(
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

/** The shape of a recording, without values: what `record --check` compares. */
export interface RecordingShape {
  readonly basePath: string
  readonly collections: readonly {
    readonly name: string
    readonly pattern: string
    readonly rel: string
    readonly parent?: string
    readonly paging: string
    /** The bound that cut its list, when one did. */
    readonly partial?: string
    readonly links: readonly string[]
    readonly embed: readonly string[]
    readonly members: readonly string[]
  }[]
  readonly documents: readonly string[]
  readonly unreached: readonly { readonly url: string; readonly reason: string }[]
}

/** A model's shape: rels, members and their types, address patterns, paging, documents. */
export function recordingShape(
  model: ApiModel,
  notes: Pick<EmitNotes, 'unreached'>,
): RecordingShape {
  return {
    basePath: model.basePath,
    collections: model.collections.map((c) => ({
      name: c.name,
      pattern: c.pattern,
      rel: c.rel,
      ...(c.parent ? { parent: c.parent.collection } : {}),
      paging: c.paging
        ? `${c.paging.page},${c.paging.size} from ${c.paging.firstIndex}`
        : 'page,size from 0',
      ...(c.partial ? { partial: c.partial.reason } : {}),
      links: c.links.map((l) => (l.kind === 'plain' ? `${l.rel} (link)` : `${l.rel} -> ${l.to}`)),
      embed: [...c.embed],
      members: c.shape.members.map(
        (m) =>
          `${m.name}: ${shapeType(m.shape)}${m.optional ? '?' : ''}${m.nullable ? ' | null' : ''}`,
      ),
    })),
    documents: [...new Set(model.documents.map((d) => d.path))],
    unreached: notes.unreached.map(({ url, reason }) => ({
      url: url.replace(/^[a-z]+:\/\/[^/]+/i, RECORDED_ORIGIN),
      reason,
    })),
  }
}
