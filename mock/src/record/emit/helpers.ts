import type { ApiModel } from '../model.js'
import { RECORDED_ORIGIN } from '../model.js'
import { unheldMembers } from './collection.js'
import { js } from './text.js'

/** The helpers the emitted module defines before its definition, for what its collections use. */
export function helperLines(model: ApiModel, hasRoutes: boolean, linked: boolean): string[] {
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
    helpers.push(...routeHelperLines())
  }
  return helpers
}

/** The emitted routes of the documents of no collection: each path's, as recorded, with an ETag. */
function routeHelperLines(): string[] {
  return [
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
  ]
}
