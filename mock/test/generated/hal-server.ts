import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type CollectionSpec, credentialOf, type FieldSpec, type ServerSpec } from './spec.js'

// A HAL server as a third party writes one: plain node:http, no import of the mock. Everything
// it does comes from its spec (spec.ts): where the root is, how lists page, what a record holds,
// who may write, what an error looks like. It is self-consistent: what its documents link, it
// serves; what it takes, it reads back.

const HAL = 'application/hal+json'
const FORMS = 'application/prs.hal-forms+json'

type Json = Record<string, unknown>
interface Row {
  id: number
  parentId?: number
  values: Json
  createdAt: string
  updatedAt: string
  version: number
}

/** A generated server on 127.0.0.1: its origin, the root to record from, and the header that writes. */
export interface GeneratedServer {
  readonly origin: string
  readonly root: string
  readonly credential?: { readonly name: string; readonly value: string }
  close(): Promise<void>
}

const singular = (name: string) => (name === 'people' ? 'person' : name.replace(/s$/, ''))

/** A deterministic value for a field of a seeded record. */
function seeded(field: FieldSpec, id: number, collection: number): unknown {
  const n = (id * 7 + collection * 13) % 97
  if (field.type === 'number') return n
  if (field.type === 'boolean') return n % 2 === 0
  return `${field.name} ${id}`
}

const stamp = (i: number) => new Date(Date.UTC(2024, 0, 1 + (i % 27), 9, i % 60)).toISOString()

/** Starts a server of `spec` on a free port of 127.0.0.1. */
export async function startGeneratedServer(spec: ServerSpec): Promise<GeneratedServer> {
  const credential = credentialOf(spec)
  const tables = spec.collections.map((c, index) => {
    const rows = new Map<number, Row>()
    for (let id = 1; id <= c.records; id++) {
      const values: Json = {}
      for (const f of c.fields) {
        if (f.sparse && id % 3 === 0) continue
        values[f.name] = seeded(f, id, index)
      }
      if (c.status) values.status = id % 4 === 0 ? 'done' : 'open'
      const parentRows = c.parent === undefined ? 0 : (spec.collections[c.parent]?.records ?? 0)
      rows.set(id, {
        id,
        ...(c.parent !== undefined && parentRows > 0
          ? { parentId: ((id - 1) % parentRows) + 1 }
          : {}),
        values,
        createdAt: stamp(id),
        updatedAt: stamp(id + 3),
        version: 1,
      })
    }
    return { rows, next: c.records + 1 }
  })
  // Nested collections whose parent has no records hold none either: they could not be reached.
  spec.collections.forEach((c, i) => {
    if (c.parent !== undefined && (spec.collections[c.parent]?.records ?? 0) === 0)
      tables[i]?.rows.clear()
  })

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('error', () => res.destroy())
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'))
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(String(error))
      }
    })
  })
  server.on('clientError', (_e, socket) => socket.destroy())

  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const origin = `http://${req.headers.host}`
    const base = `${origin}${spec.basePath}`
    const url = new URL(req.url ?? '/', origin)
    const path = url.pathname
    const head = req.method === 'HEAD'
    const method = head ? 'GET' : (req.method ?? 'GET')
    const accept = String(req.headers.accept ?? '')
    const forms = spec.forms && accept.includes(FORMS)

    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      const json = body === undefined ? undefined : JSON.stringify(body)
      res.writeHead(status, {
        ...(json === undefined ? {} : { 'content-type': headers['content-type'] ?? HAL }),
        ...headers,
      })
      res.end(head ? undefined : json)
    }
    const error = (status: number, title: string, detail: string, field?: string) => {
      if (spec.errors === 'problem')
        return send(
          status,
          { type: 'about:blank', title, status, detail },
          { 'content-type': 'application/problem+json' },
        )
      if (spec.errors === 'error-message')
        return send(
          status,
          { error: title, message: detail },
          { 'content-type': 'application/json' },
        )
      return send(
        status,
        { errors: [{ ...(field ? { field } : {}), message: detail }] },
        { 'content-type': 'application/json' },
      )
    }

    const curieRel = (rel: string, everywhere: boolean) =>
      spec.curie && (everywhere ? spec.curie.everywhere : true) ? `${spec.curie.name}:${rel}` : rel
    const curies = () =>
      spec.curie
        ? [
            {
              name: spec.curie.name,
              href: spec.curie.relative ? '/docs/rels/{rel}' : `${origin}/docs/rels/{rel}`,
              templated: true,
            },
          ]
        : undefined
    const withCuries = (links: Json, everywhere: boolean) => {
      const c = curies()
      return c && (everywhere ? spec.curie?.everywhere : true) ? { ...links, curies: c } : links
    }

    const parentRowOf = (ci: number, row: Row) => {
      const c = spec.collections[ci] as CollectionSpec
      return c.parent === undefined || row.parentId === undefined
        ? undefined
        : tables[c.parent]?.rows.get(row.parentId)
    }
    /** A list's address: `/name`, or below the record it is nested under (`/projects/1/tasks`). */
    const listHref = (ci: number, parentRow?: Row): string => {
      const c = spec.collections[ci] as CollectionSpec
      return c.parent !== undefined && parentRow
        ? `${itemHref(c.parent, parentRow)}/${c.name}`
        : `${base}/${c.name}`
    }
    /** A record's address: under its parent's when its collection nests its items. */
    const itemHref = (ci: number, row: Row): string => {
      const c = spec.collections[ci] as CollectionSpec
      const parentRow = parentRowOf(ci, row)
      return c.nestedItems && parentRow
        ? `${listHref(ci, parentRow)}/${row.id}`
        : `${base}/${c.name}/${row.id}`
    }
    const children = (ci: number) =>
      spec.collections.flatMap((c, i) => (c.parent === ci ? [i] : []))

    const recordOf = (ci: number, row: Row, top: boolean): Json => {
      const c = spec.collections[ci] as CollectionSpec
      const links: Json = { self: { href: itemHref(ci, row) } }
      const parentRow = parentRowOf(ci, row)
      if (c.parent !== undefined && parentRow) {
        const p = spec.collections[c.parent] as CollectionSpec
        links[singular(p.name)] = { href: itemHref(c.parent, parentRow) }
      }
      for (const child of children(ci)) {
        const cc = spec.collections[child] as CollectionSpec
        links[curieRel(cc.name, true)] = { href: listHref(child, row) }
      }
      const body: Json = {
        _links: top || spec.curie?.everywhere ? withCuries(links, true) : links,
        id: row.id,
        ...row.values,
      }
      if (c.parent !== undefined && row.parentId !== undefined)
        body[`${singular((spec.collections[c.parent] as CollectionSpec).name)}Id`] = row.parentId
      if (c.createdAt) body.createdAt = row.createdAt
      if (c.updatedAt) body.updatedAt = row.updatedAt
      if (c.version) body.version = row.version
      return body
    }

    const properties = (c: CollectionSpec) =>
      c.fields.map((f) => ({
        name: f.name,
        ...(f.required ? { required: true } : {}),
        type: f.type === 'number' ? 'number' : f.type === 'boolean' ? 'checkbox' : 'text',
      }))

    const validators = (row: Row, ci: number): Record<string, string> => {
      if (spec.validators === 'none') return {}
      const hash = createHash('sha1')
        .update(`${ci}/${row.id}/${row.version}/${JSON.stringify(row.values)}/${row.updatedAt}`)
        .digest('hex')
        .slice(0, 16)
      return {
        etag: spec.validators === 'weak' ? `W/"${hash}"` : `"${hash}"`,
        'last-modified': new Date(row.updatedAt).toUTCString(),
      }
    }
    const fresh = (tags: Record<string, string>) => {
      const none = req.headers['if-none-match']
      return tags.etag !== undefined && none !== undefined && weakEqual(none, tags.etag)
    }
    const weakEqual = (list: string, tag: string) =>
      list.split(',').some((t) => t.trim().replace(/^W\//, '') === tag.replace(/^W\//, ''))

    const authorized = () => {
      if (!credential) return true
      const got = req.headers[credential.name.toLowerCase()]
      if (credential.name === 'Cookie')
        return String(got ?? '')
          .split(';')
          .some((c) => c.trim() === credential.value)
      return got === credential.value
    }
    const refuse = () => {
      const challenge = spec.auth === 'bearer' ? { 'www-authenticate': 'Bearer' } : {}
      if (spec.errors === 'problem')
        return send(
          401,
          {
            type: 'about:blank',
            title: 'Unauthorized',
            status: 401,
            detail: 'Credentials are needed to write.',
          },
          { 'content-type': 'application/problem+json', ...challenge },
        )
      return send(
        401,
        spec.errors === 'error-message'
          ? { error: 'Unauthorized', message: 'Credentials are needed to write.' }
          : { errors: [{ message: 'Credentials are needed to write.' }] },
        { 'content-type': 'application/json', ...challenge },
      )
    }

    /** The body's problems for a create (`full`) or a merge (`!full`), or the values to keep. */
    const parse = (c: CollectionSpec, full: boolean): Json | string => {
      const type = String(req.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
      if (type !== 'application/json' && type !== 'application/merge-patch+json' && type !== HAL)
        return 'unsupported'
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return 'The body is not JSON.'
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return 'The body must be a JSON object.'
      const values: Json = {}
      for (const f of c.fields) {
        const v = (body as Json)[f.name]
        if (v === undefined || (v === null && !full && !f.required)) {
          if (full && f.required) return `${f.name} is required.`
          continue
        }
        if (typeof v !== f.type) return `${f.name} must be a ${f.type}.`
        if (f.type === 'string' && (v as string).length > 200) return `${f.name} is too long.`
        values[f.name] = v
      }
      if (c.status) {
        const s = (body as Json).status
        if (s !== undefined && typeof s !== 'string') return 'status must be a string.'
        if (typeof s === 'string') values.status = s
        else if (full) values.status = 'open'
      }
      return values
    }

    // The root, behind a redirect to its trailing-slash form when the spec says so.
    const rootPath =
      spec.redirectRoot && spec.basePath !== '' ? `${spec.basePath}/` : spec.basePath || '/'
    if (spec.redirectRoot && spec.basePath !== '' && path === spec.basePath) {
      res.writeHead(301, { location: `${spec.basePath}/${url.search}` })
      return res.end()
    }
    if (path === rootPath) {
      if (method === 'OPTIONS') {
        res.writeHead(204, { allow: 'GET, HEAD, OPTIONS' })
        return res.end()
      }
      if (method !== 'GET')
        return error(405, 'Method Not Allowed', `${method} is not allowed here.`)
      const links: Json = { self: { href: `${origin}${rootPath}` } }
      spec.collections.forEach((c, i) => {
        if (c.parent !== undefined) return
        const href = listHref(i)
        links[curieRel(c.name, false)] = {
          href: spec.templatedLists ? `${href}{?${spec.paging.page},${spec.paging.size}}` : href,
          ...(spec.templatedLists ? { templated: true } : {}),
          ...(spec.attributes.title ? { title: `All ${c.name}` } : {}),
          ...(spec.attributes.name ? { name: c.name } : {}),
          ...(spec.attributes.type ? { type: HAL } : {}),
          ...(spec.attributes.deprecation
            ? { deprecation: `${origin}/docs/deprecations/${c.name}` }
            : {}),
        }
      })
      return send(
        200,
        { _links: withCuries(links, false) },
        spec.allowOnGet ? { allow: 'GET, HEAD' } : {},
      )
    }

    if (!path.startsWith(`${spec.basePath}/`))
      return error(404, 'Not Found', `There is nothing at ${path}.`)
    const segments = path.slice(spec.basePath.length + 1).split('/')

    // A path, walked from a top-level list or a flat record: `/name`, `/name/{id}`, then each
    // nested list below a record (`…/{id}/tasks`) and, where it nests its items, `…/tasks/{id}`.
    const resolve = ():
      | { list: { ci: number; parentRow?: Row } }
      | { item: { ci: number; row: Row } }
      | undefined => {
      const [first, ...rest] = segments
      const entry = spec.collections.findIndex(
        (c) => c.name === first && (c.parent === undefined || !c.nestedItems),
      )
      if (entry < 0) return undefined
      if (rest.length === 0)
        return spec.collections[entry]?.parent === undefined ? { list: { ci: entry } } : undefined
      let at: { ci: number; row: Row } | undefined
      const id = (i: number) => (/^\d+$/.test(rest[i] ?? '') ? Number(rest[i]) : Number.NaN)
      // A flat record: of a top-level collection, or of one whose items are not nested.
      const top = spec.collections[entry] as CollectionSpec
      if (top.parent !== undefined && top.nestedItems) return undefined
      const firstRow = tables[entry]?.rows.get(id(0))
      if (!firstRow) return undefined
      at = { ci: entry, row: firstRow }
      for (let i = 1; i < rest.length; i += 2) {
        const from: { ci: number; row: Row } = at
        const ci = spec.collections.findIndex((c) => c.name === rest[i] && c.parent === from.ci)
        if (ci < 0) return undefined
        if (i + 1 === rest.length) return { list: { ci, parentRow: from.row } }
        const row = tables[ci]?.rows.get(id(i + 1))
        if (!row || row.parentId !== from.row.id || !spec.collections[ci]?.nestedItems)
          return undefined
        at = { ci, row }
      }
      return { item: at }
    }
    const found = resolve()
    const list = found && 'list' in found ? found.list : undefined
    if (list) {
      const c = spec.collections[list.ci] as CollectionSpec
      const table = tables[list.ci] as (typeof tables)[number]
      const allow = c.writable ? 'GET, HEAD, POST, OPTIONS' : 'GET, HEAD, OPTIONS'
      if (method === 'OPTIONS') {
        res.writeHead(204, { allow })
        return res.end()
      }
      if (method === 'POST') {
        if (!c.writable) {
          return error(405, 'Method Not Allowed', `${c.name} cannot be created here.`)
        }
        if (!authorized()) return refuse()
        const values = parse(c, true)
        if (values === 'unsupported')
          return error(415, 'Unsupported Media Type', 'Send application/json.')
        if (typeof values === 'string') return error(spec.invalid, 'Invalid', values)
        const now = new Date().toISOString()
        const row: Row = {
          id: table.next++,
          ...(list.parentRow === undefined ? {} : { parentId: list.parentRow.id }),
          values,
          createdAt: now,
          updatedAt: now,
          version: 1,
        }
        table.rows.set(row.id, row)
        return send(201, recordOf(list.ci, row, true), {
          location: itemHref(list.ci, row),
          ...validators(row, list.ci),
        })
      }
      if (method !== 'GET') {
        res.setHeader('allow', allow)
        return error(405, 'Method Not Allowed', `${method} is not allowed here.`)
      }
      const p = spec.paging
      const rawPage = url.searchParams.get(p.page)
      const rawSize = url.searchParams.get(p.size)
      const page = rawPage === null ? p.first : Number(rawPage)
      const size = rawSize === null ? p.defaultSize : Number(rawSize)
      if (!Number.isInteger(page) || page < p.first)
        return error(
          400,
          'Bad Request',
          `${p.page} must be a whole number from ${p.first}.`,
          p.page,
        )
      if (!Number.isInteger(size) || size < 1 || size > 1000)
        return error(400, 'Bad Request', `${p.size} must be a whole number from 1 to 1000.`, p.size)
      const all = [...table.rows.values()]
        .filter((r) => list.parentRow === undefined || r.parentId === list.parentRow.id)
        .sort((a, b) => a.id - b.id)
      const pages = Math.max(1, Math.ceil(all.length / size))
      const index = page - p.first
      const items = all.slice(index * size, (index + 1) * size)
      const at = listHref(list.ci, list.parentRow)
      const href = (n: number) => ({ href: `${at}?${p.page}=${n + p.first}&${p.size}=${size}` })
      const links: Json = { self: href(index), first: href(0) }
      if (index > 0) links.prev = href(index - 1)
      if (index < pages - 1)
        links.next = p.nextTemplated
          ? { href: `${href(index + 1).href}{&sort}`, templated: true }
          : href(index + 1)
      links.last = href(pages - 1)
      const records = items.map((r) => recordOf(list.ci, r, false))
      if (!c.embedded) links.item = items.map((r) => ({ href: itemHref(list.ci, r) }))
      const body: Json = { _links: withCuries(links, true) }
      if (c.embedded) body._embedded = { [curieRel(c.name, true)]: records }
      if (p.document === 'spring')
        body.page = { size, totalElements: all.length, totalPages: pages, number: page }
      else if (p.document === 'total') body.total = all.length
      else if (p.document === 'count')
        Object.assign(body, { count: items.length, total: all.length })
      if (forms && c.writable)
        body._templates = {
          default: { method: 'POST', contentType: 'application/json', properties: properties(c) },
        }
      return send(200, body, {
        ...(forms && c.writable ? { 'content-type': FORMS } : {}),
        ...(spec.allowOnGet ? { allow: allow.replace(', OPTIONS', '') } : {}),
      })
    }

    // An item, by the walk above.
    const item = found && 'item' in found ? found.item : undefined
    if (item) {
      const { ci, row } = item
      const c = spec.collections[ci] as CollectionSpec
      const table = tables[ci] as (typeof tables)[number]
      {
        const allow = c.writable ? 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS' : 'GET, HEAD, OPTIONS'
        if (method === 'OPTIONS') {
          res.writeHead(204, { allow })
          return res.end()
        }
        const tags = validators(row, ci)
        if (method === 'GET') {
          if (fresh(tags)) {
            res.writeHead(304, tags)
            return res.end()
          }
          const body = recordOf(ci, row, true)
          if (forms && c.writable)
            body._templates = {
              default: {
                method: 'PUT',
                contentType: 'application/json',
                properties: properties(c),
              },
            }
          return send(200, body, {
            ...tags,
            ...(forms && c.writable ? { 'content-type': FORMS } : {}),
            ...(spec.allowOnGet ? { allow: allow.replace(', OPTIONS', '') } : {}),
          })
        }
        if (method !== 'PUT' && method !== 'PATCH' && method !== 'DELETE') {
          res.setHeader('allow', allow)
          return error(405, 'Method Not Allowed', `${method} is not allowed here.`)
        }
        if (!c.writable) {
          res.setHeader('allow', allow)
          return error(405, 'Method Not Allowed', `${c.name} are read-only.`)
        }
        if (!authorized()) return refuse()
        const match = req.headers['if-match']
        if (match !== undefined && tags.etag !== undefined && !weakEqual(match, tags.etag))
          return error(412, 'Precondition Failed', 'The record changed since it was read.')
        if (method === 'DELETE') {
          table.rows.delete(row.id)
          res.writeHead(204)
          return res.end()
        }
        const values = parse(c, method === 'PUT')
        if (values === 'unsupported')
          return error(415, 'Unsupported Media Type', 'Send application/json.')
        if (typeof values === 'string') return error(spec.invalid, 'Invalid', values)
        if (method === 'PUT') row.values = values
        else {
          const merged = { ...row.values, ...values }
          // A merge patch's null removes a member a client may omit.
          for (const [k, v] of Object.entries(JSON.parse(text) as Json))
            if (v === null && !c.fields.find((f) => f.name === k)?.required) delete merged[k]
          row.values = merged
        }
        row.version++
        row.updatedAt = new Date(
          Math.max(Date.now(), Date.parse(row.updatedAt) + 1000),
        ).toISOString()
        return send(200, recordOf(ci, row, true), validators(row, ci))
      }
    }
    return error(404, 'Not Found', `There is nothing at ${path}.`)
  }

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    root: `${origin}${spec.basePath || '/'}`,
    ...(credential ? { credential } : {}),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
