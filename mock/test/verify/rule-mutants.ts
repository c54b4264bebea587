import type { ApiModel, CollectionModel } from '../../src/model/types.js'
import { tokenHeaderOf } from '../../src/verify/run.js'
import type { VerifyRule } from '../../src/verify/types.js'
import { eachObject, type Mutation, type ProxiedAnswer } from './mutating-proxy.js'

// One operator per rule of verify's catalogue (mock/src/verify/rules.ts): each breaks exactly the
// statement its rule checks, in front of any HAL server the model describes, by what HTTP and HAL
// say (headers, statuses, `_links`, the paging convention's pointers), never by one API's names.

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A pointer's parent object and last key, for setting and deleting (RFC 6901). */
function parentOf(doc: unknown, pointer: string): [Json, string] | undefined {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
  const last = keys.pop()
  let node = doc
  for (const key of keys) node = isObject(node) ? node[key] : undefined
  return isObject(node) && last !== undefined ? [node, last] : undefined
}

/** A path of the model (`/blogs/{blogId}/articles`) as a pattern of URL paths. */
const pathPattern = (model: ApiModel, path: string) =>
  new RegExp(
    `^${`${model.basePath}${path}`
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/?#]+')}/?$`,
  )

const pathOf = (href: string) => new URL(href, 'http://proxy.invalid').pathname

/** The records of a document (objects whose self is an item URL of the model), with their collection. */
function eachRecord(
  model: ApiModel,
  body: unknown,
  visit: (record: Json, c: CollectionModel) => void,
): void {
  const patterns = model.collections.map((c) => [c, pathPattern(model, c.itemPath)] as const)
  eachObject(body, (o) => {
    const self = isObject(o._links) && isObject(o._links.self) ? o._links.self.href : undefined
    if (typeof self !== 'string') return
    const found = patterns.find(([, pattern]) => pattern.test(pathOf(self)))
    if (found) visit(o, found[0])
  })
}

/** The page documents of an answer, with their collection's paging convention. */
function eachPage(
  model: ApiModel,
  answer: ProxiedAnswer,
  visit: (page: Json, c: CollectionModel) => void,
): void {
  if (answer.method !== 'GET' || answer.status !== 200 || !isObject(answer.body)) return
  const c = model.collections.find((n) => {
    const items = n.paging.layout.items
    const at = items === undefined ? undefined : parentOf(answer.body, items)
    return at !== undefined && Array.isArray(at[0][at[1]])
  })
  if (c) visit(answer.body, c)
}

/** Sets, or deletes (`undefined`), what each pointer names. */
function atPointers(doc: unknown, pointers: readonly string[], value?: (old: unknown) => unknown) {
  for (const pointer of pointers) {
    const at = parentOf(doc, pointer)
    if (!at) continue
    if (value === undefined) delete at[0][at[1]]
    else at[0][at[1]] = value(at[0][at[1]])
  }
}

/** A page's standard `prev` or `next`, where it has none: its self with the page number changed. */
function linkWhereNone(
  page: Json,
  c: CollectionModel,
  role: 'prev' | 'next',
  number: (n: number) => number,
): void {
  const { links } = c.paging.layout
  const self = links.self[0] === undefined ? undefined : parentOf(page, links.self[0])
  const at = links[role].find((p) => p.startsWith('/_links/'))
  const there = at === undefined ? undefined : parentOf(page, at)
  const href = self ? (self[0][self[1]] as Json | undefined)?.href : undefined
  if (there && typeof href === 'string' && there[0][there[1]] === undefined)
    there[0][there[1]] = { href: withParam(href, c.paging.page, number) }
}

/** A query parameter of a href changed. */
function withParam(href: string, name: string, change: (n: number) => number): string {
  const url = new URL(href, 'http://proxy.invalid')
  const value = Number(url.searchParams.get(name) ?? Number.NaN)
  if (Number.isNaN(value)) return href
  url.searchParams.set(name, String(change(value)))
  return href.startsWith('http') ? url.href : `${url.pathname}${url.search}`
}

const onLinks = (body: unknown, visit: (link: Json, rel: string) => void) =>
  eachObject(body, (o) => {
    if (!isObject(o._links)) return
    for (const [rel, value] of Object.entries(o._links))
      for (const link of [value].flat()) if (isObject(link)) visit(link, rel)
  })

const STACK =
  'Error: boom\n    at handler (/srv/app/server.js:10:5)\n    at process (node:internal)'

/**
 * The operator of a rule against a model: a new mutation each time (some keep state, the records
 * a run created or deleted).
 *
 * @example
 * const proxy = await mutatingProxy(server.url, ruleMutant('page.next.absent-on-last', model))
 */
export function ruleMutant(rule: VerifyRule, model: ApiModel): Mutation | undefined {
  const { name: tokenHeader } = tokenHeaderOf(model)
  const hasToken = (h: ProxiedAnswer['request']) =>
    h[tokenHeader] !== undefined || h.authorization !== undefined
  const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method)
  const header = (name: string): Mutation => ({ answer: (a) => void delete a.headers[name] })
  const answers = (change: (a: ProxiedAnswer) => void): Mutation => ({ answer: change })
  const nav = (c: CollectionModel, role: 'self' | 'first' | 'prev' | 'next' | 'last') =>
    c.paging.layout.links[role]
  switch (rule) {
    case 'root.links': {
      const root = pathPattern(model, '')
      const rel = model.root[0]?.rel
      return answers((a) => {
        if (root.test(pathOf(a.path)) && isObject(a.body) && isObject(a.body._links) && rel)
          delete a.body._links[rel]
      })
    }
    case 'media-type':
      return answers((a) => {
        if (a.headers['content-type']?.startsWith('application/hal+json'))
          a.headers['content-type'] = 'application/json'
      })
    case 'validators.etag':
      return header('etag')
    case 'validators.last-modified':
      return header('last-modified')
    case 'cache-control':
      return header('cache-control')
    case 'vary':
      return header('vary')
    case 'validators.not-modified':
      return { request: (_m, _p, h) => void delete h['if-none-match'] }
    case 'validators.modified-since':
      // Any If-Modified-Since is a 304, whatever the date.
      return answers((a) => {
        if (a.request['if-modified-since'] && a.method === 'GET' && a.status === 200) {
          a.status = 304
          a.body = ''
        }
      })
    case 'not-modified.validators':
      return answers((a) => {
        if (a.status !== 304) return
        delete a.headers.etag
        delete a.headers['last-modified']
      })
    case 'head':
      return answers((a) => {
        if (a.method === 'HEAD') a.status = 404
      })
    case 'not-acceptable':
      return answers((a) => {
        if (a.status === 406) a.status = 200
      })
    case 'allow':
      return answers((a) => {
        if (a.headers.allow)
          a.headers.allow = a.headers.allow
            .split(',')
            .map((m) => m.trim())
            .filter((m) => m !== 'DELETE')
            .join(', ')
      })
    case 'page.params':
      // The list links' templates name other variables than the convention's, and a page's first
      // link the page after the convention's first (lists linked plainly have no template).
      return answers((a) => {
        eachPage(model, a, (page, c) =>
          atPointers(page, nav(c, 'first'), (link) =>
            isObject(link) && typeof link.href === 'string'
              ? { ...link, href: withParam(link.href, c.paging.page, (n) => n + 1) }
              : link,
          ),
        )
        onLinks(a.body, (link) => {
          if (link.templated === true && typeof link.href === 'string')
            link.href = link.href.replace(/\{([?&])([^}]*)\}/g, (_, op: string, names: string) => {
              const renamed = names
                .split(',')
                .map((n) => `${n}_`)
                .join(',')
              return `{${op}${renamed}}`
            })
        })
      })
    case 'page.size.bounds':
      // A size out of bounds is served at the largest (or 1) instead of refused.
      return {
        request: (_m, path) => {
          const url = new URL(path, 'http://proxy.invalid')
          const c = model.collections.find((n) => pathPattern(model, n.listPath).test(url.pathname))
          const size = c && Number(url.searchParams.get(c.paging.size) ?? Number.NaN)
          if (!c || size === undefined || Number.isNaN(size)) return
          if (size <= c.paging.maxSize && size >= 1) return
          url.searchParams.set(c.paging.size, String(size < 1 ? 1 : c.paging.maxSize))
          return { path: `${url.pathname}${url.search}` }
        },
      }
    case 'page.links':
      return answers((a) => eachPage(model, a, (page, c) => atPointers(page, nav(c, 'last'))))
    case 'page.prev.absent-on-first':
      // Every page links a prev page: the first too (its own self).
      return answers((a) =>
        eachPage(model, a, (page, c) => linkWhereNone(page, c, 'prev', (n) => n)),
      )
    case 'page.prev.present':
      return answers((a) => eachPage(model, a, (page, c) => atPointers(page, nav(c, 'prev'))))
    case 'page.next.absent-on-last':
      // Every page links a next page: the last too (the page after it).
      return answers((a) =>
        eachPage(model, a, (page, c) => linkWhereNone(page, c, 'next', (n) => n + 1)),
      )
    case 'page.next.present':
      return answers((a) => eachPage(model, a, (page, c) => atPointers(page, nav(c, 'next'))))
    case 'page.next':
      // next, and self, name the page after the one they should (a single page has no next).
      return answers((a) =>
        eachPage(model, a, (page, c) =>
          atPointers(page, [...nav(c, 'next'), ...nav(c, 'self')], (link) =>
            isObject(link) && typeof link.href === 'string'
              ? { ...link, href: withParam(link.href, c.paging.page, (n) => n + 1) }
              : link,
          ),
        ),
      )
    case 'page.totals':
      return answers((a) =>
        eachPage(model, a, (page, c) => {
          const { total } = c.paging.layout
          if (total !== undefined)
            atPointers(page, [total], (n) => (typeof n === 'number' ? n + 1 : n))
        }),
      )
    case 'page.items':
      return answers((a) =>
        eachPage(model, a, (page, c) => {
          const { items } = c.paging.layout
          if (items !== undefined) atPointers(page, [items])
        }),
      )
    case 'record.schema':
      return answers((a) =>
        eachRecord(model, a.body, (record, c) => {
          const properties = (c.jsonSchema.record.properties ?? {}) as Record<string, Json>
          for (const [name, schema] of Object.entries(properties)) {
            if (record[name] === undefined) continue
            record[name] = schema.type === 'string' ? 7 : 'text'
            return
          }
        }),
      )
    case 'record.links':
      return answers((a) =>
        eachRecord(model, a.body, (record, c) => {
          const links = record._links as Json
          for (const link of c.links) delete links[link.rel]
        }),
      )
    case 'record.links.title':
      return answers((a) =>
        eachRecord(model, a.body, (record, c) => {
          const links = record._links as Json
          for (const link of c.links.filter((l) => l.titled))
            for (const one of [links[link.rel]].flat()) if (isObject(one)) delete one.title
        }),
      )
    case 'record.self':
      // Each record names another as its self.
      return answers((a) =>
        eachRecord(model, a.body, (record) => {
          const self = (record._links as Json).self as Json
          self.href = String(self.href).replace(/\/([^/?#]+)$/, '/$10')
        }),
      )
    case 'record.parent':
      return parentIgnored(model)
    case 'link.resolves': {
      const own = model.root
        .filter((l) => l.kind === 'link' || l.kind === 'service-desc')
        .map((l) => pathOf(`${model.basePath}${l.href.replace(/\{[^}]*\}/g, '')}`))
      return answers((a) => {
        if (a.method === 'GET' && own.includes(pathOf(a.path))) a.status = 404
      })
    }
    case 'curies':
      return answers((a) =>
        eachObject(a.body, (o) => {
          if (isObject(o._links)) delete o._links.curies
        }),
      )
    case 'forms':
      return answers((a) => eachObject(a.body, (o) => void delete o._templates))
    case 'create':
      return answers((a) => {
        if (a.method === 'POST' && a.status === 201) a.status = 200
      })
    case 'create.location':
      return answers((a) => {
        if (a.method === 'POST' && a.status === 201) delete a.headers.location
      })
    case 'read-back':
      return createdReadsChanged()
    case 'replace':
      return answers((a) => {
        if (a.method === 'PUT' && a.status === 200) a.status = 202
      })
    case 'replace.removes':
      // PUT merges: sent on as a merge patch, which keeps what it does not name.
      return {
        request: (method, _p, h) => {
          if (method !== 'PUT') return
          h['content-type'] = 'application/merge-patch+json'
          return { method: 'PATCH' }
        },
      }
    case 'patch':
      return answers((a) => {
        if (a.method === 'PATCH' && a.status < 300) a.status = 400
      })
    case 'if-match':
      return { request: (_m, _p, h) => void delete h['if-match'] }
    case 'if-unmodified-since':
      return { request: (_m, _p, h) => void delete h['if-unmodified-since'] }
    case 'invalid-body':
      return answers((a) => {
        if (a.status === 422) a.status = 400
      })
    case 'invalid-body.errors':
      return answers((a) => {
        if (a.status === 422 && isObject(a.body)) delete a.body.errors
      })
    case 'problem.no-stack':
      return answers((a) => {
        if (a.status >= 400 && isObject(a.body)) a.body.stack = STACK
      })
    case 'auth':
      return answers((a) => {
        if (a.status === 401 && !hasToken(a.request)) a.status = 403
      })
    case 'auth.unknown-token':
      return answers((a) => {
        if (a.status === 401 && hasToken(a.request)) a.status = 403
      })
    case 'auth.forbidden':
      return answers((a) => {
        if (a.status === 403 && isWrite(a.method)) a.status = 401
      })
    case 'delete':
      // A success no DELETE answers (a recording's definition takes 200, 202 or 204).
      return answers((a) => {
        if (a.method === 'DELETE' && a.status >= 200 && a.status < 300) a.status = 201
      })
    case 'delete.gone':
      return deletedStillRead()
    case 'cleanup':
      // No DELETE reaches the server, and each answers 500: the run cannot remove what it made
      // (the test deletes it after).
      return {
        request: (method) => (method === 'DELETE' ? { method: 'HEAD' } : undefined),
        answer: (a) => {
          if (a.method === 'DELETE') a.status = 500
        },
      }
    case 'bounds':
      return undefined
  }
}

/** A nested record answers under any parent: a 404 there is the record read under its own. */
function parentIgnored(model: ApiModel): Mutation {
  const nested = model.collections
    .filter((c) => c.parent)
    .map((c) => [c, pathPattern(model, c.itemPath)] as const)
  const seen = new Map<string, unknown>()
  const key = (path: string) => {
    const p = pathOf(path)
    const found = nested.find(([, pattern]) => pattern.test(p))
    return found ? `${found[0].name} ${p.split('/').pop()}` : undefined
  }
  return {
    answer: (a) => {
      const k = a.method === 'GET' ? key(a.path) : undefined
      if (k === undefined) return
      if (a.status === 200) seen.set(k, a.body)
      else if (a.status === 404 && seen.has(k)) {
        a.status = 200
        a.headers['content-type'] = 'application/hal+json'
        a.body = seen.get(k)
      }
    },
  }
}

/** What a run created reads back changed: each string member of it with a letter more. */
function createdReadsChanged(): Mutation {
  const created = new Set<string>()
  return {
    answer: (a) => {
      if (a.method === 'POST' && a.status === 201 && a.headers.location)
        created.add(pathOf(a.headers.location))
      if (a.method !== 'GET' || a.status !== 200 || !created.has(pathOf(a.path))) return
      if (!isObject(a.body)) return
      for (const [name, value] of Object.entries(a.body))
        if (typeof value === 'string' && !name.startsWith('_')) a.body[name] = `${value}x`
    },
  }
}

/**
 * A deleted record still reads as it was.
 *
 * @example
 * await mutatingProxy(server.url, deletedStillRead())
 */
export function deletedStillRead(): Mutation {
  const deleted = new Set<string>()
  const kept = new Map<string, unknown>()
  return {
    answer: (a) => {
      if (a.method === 'GET' && a.status === 200) kept.set(a.path, a.body)
      if (a.method === 'DELETE' && a.status === 204) deleted.add(a.path)
      if (a.method === 'GET' && a.status === 404 && deleted.has(a.path)) {
        a.status = 200
        a.headers['content-type'] = 'application/hal+json'
        a.body = kept.get(a.path) ?? {}
      }
    },
  }
}
