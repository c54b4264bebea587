import { describe, expect, it } from 'vitest'
import { type ContractCapability, type ContractTarget, supports } from './target.js'

/**
 * Small HTTP helpers for the contract cases. They know only what docs/api.md says is observable
 * over HTTP (paths, seed facts, tokens), never the mock's modules, so the cases can run against any
 * server that claims to implement the Blog API v1.2.
 */

/** The API's base path (docs/api.md, Resources). */
export const API = '/api/v1.2'

/** Seed facts of docs/api.md, Mock controls. */
export const SEED = {
  /** Blog 1, "Engineering blog", holds this many articles (ids 1…42). */
  articles: 42,
  blogTitle: 'Engineering blog',
} as const

/** May write to every blog. */
export const DEV_TOKEN = 'dev-token'
/** Known, but may write nowhere (403). */
export const READER_TOKEN = 'reader-token'

export const paths = {
  root: API,
  blog: (blogId: number | string) => `${API}/blogs/${blogId}`,
  articles: (blogId: number | string, query = '') => `${API}/blogs/${blogId}/articles${query}`,
  article: (blogId: number | string, articleId: number | string) =>
    `${API}/blogs/${blogId}/articles/${articleId}`,
  comments: (blogId: number | string, articleId: number | string, query = '') =>
    `${API}/blogs/${blogId}/articles/${articleId}/comments${query}`,
  comment: (blogId: number | string, articleId: number | string, commentId: number | string) =>
    `${API}/blogs/${blogId}/articles/${articleId}/comments/${commentId}`,
  rel: (rel: string) => `${API}/docs/rels/${rel}`,
  graphql: (query?: string) =>
    query === undefined ? `${API}/graphql` : `${API}/graphql?query=${encodeURIComponent(query)}`,
} as const

// Representations, as docs/api.md, Resources describes them.
export interface Link {
  href: string
  templated?: boolean
  title?: string
}
export interface Curie {
  name: string
  href: string
  templated: boolean
}
export interface BaseLinks {
  curies: Curie[]
  self: Link
}
export interface Root {
  _links: BaseLinks & { 'doc:blog': Link; 'doc:graphql': Link }
}
export interface Blog {
  id: number
  title: string
  description: string
  _links: BaseLinks & { 'doc:articles': Link }
}
export interface Article {
  id: number
  title: string
  content?: string
  _links: BaseLinks & { 'doc:blog': Link; 'doc:comments': Link }
}
export interface Comment {
  id: number
  author: string
  content: string
  _links: BaseLinks & { 'doc:article': Link }
}
export interface PageLinks {
  firstPage: Link
  previousPage?: Link
  self: Link
  nextPage?: Link
  lastPage: Link
}
/** (ext) The page links under standard `_links`, with IANA rels. */
export interface StandardPageLinks {
  self: Link
  first: Link
  prev?: Link
  next?: Link
  last: Link
}
export interface Page<T> {
  pageIndex: number
  pageSize: number
  totalPages: number
  totalArticles?: number
  totalComments?: number
  _link: PageLinks
  _links: StandardPageLinks
  _embedded: T[]
}
export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  instance?: string
  errors?: { pointer: string; detail: string }[]
}
export interface Deleted {
  _links: { curies: Curie[]; 'doc:blog': Link }
}

/** A response with its body already read (so no connection is left waiting on it). */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  /** The body parsed as JSON. */
  json<T>(): T
}

/** How a write is sent: the token (`null` for none) and extra or overriding headers. */
export interface SendOptions {
  token?: string | null
  headers?: Record<string, string>
  /** A body sent as is instead of `JSON.stringify(body)`. */
  raw?: BodyInit
}

/** The cases' view of a target: requests by path, answers already read. */
export interface Client {
  readonly target: () => ContractTarget
  request(path: string, init?: RequestInit): Promise<Answer>
  get(path: string, headers?: Record<string, string>): Promise<Answer>
  head(path: string, headers?: Record<string, string>): Promise<Answer>
  /** A write with a JSON body (omitted when `body` is undefined) and, by default, `dev-token`. */
  send(method: string, path: string, body?: unknown, options?: SendOptions): Promise<Answer>
  /** A GET that must answer 200 `application/hal+json`; its parsed body. */
  read<T>(path: string, headers?: Record<string, string>): Promise<T>
  /** POSTs an article to blog 1 (or `blogId`) and expects 201; the answer and the article. */
  create(
    input?: Record<string, unknown>,
    blogId?: number,
  ): Promise<{ answer: Answer; article: Article }>
  /** The path (and query) of an href the server emitted, which must be absolute on its origin. */
  path(href: string): string
}

export function client(target: () => ContractTarget): Client {
  const request = async (path: string, init?: RequestInit): Promise<Answer> => {
    const res = await target().fetch(path, init)
    const text = await res.text()
    return {
      status: res.status,
      headers: res.headers,
      text,
      json: <T>() => JSON.parse(text) as T,
    }
  }
  const self: Client = {
    target,
    request,
    get: (path, headers = {}) => request(path, { headers }),
    head: (path, headers = {}) => request(path, { method: 'HEAD', headers }),
    send(method, path, body, options = {}) {
      const { token = DEV_TOKEN, headers = {}, raw } = options
      const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body))
      return request(path, {
        method,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token === null ? {} : { 'x-access-token': token }),
          ...headers,
        },
        ...(payload === undefined ? {} : { body: payload }),
      })
    },
    async read<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
      const answer = await self.get(path, headers)
      expectHal(answer, 200, path)
      return answer.json<T>()
    },
    async create(input = { title: 'A new article', content: 'Its body.' }, blogId = 1) {
      const answer = await self.send('POST', paths.articles(blogId), input)
      expectHal(answer, 201, `POST ${paths.articles(blogId)}`)
      return { answer, article: answer.json<Article>() }
    },
    path(href) {
      const url = new URL(href) // throws on a relative href: the server must emit absolute ones
      expect(url.origin, href).toBe(target().origin)
      return url.pathname + url.search
    },
  }
  return self
}

/** Registers one case, as `it` does. */
export type Register = (name: string, test: () => Promise<void>) => void

/**
 * `it` for a case that needs a capability: where the target lacks it, the case is not registered at
 * all (it would fail for a reason that is the client's, not the server's).
 *
 * @example
 * itNeeds(target, 'cookie-header')('the access_token cookie carries dev-token', async () => { … })
 */
export function itNeeds(target: () => ContractTarget, capability: ContractCapability): Register {
  return supports(target(), capability) ? it : () => {}
}

/**
 * `it` (with `.each`) for a case that writes: it needs the seed restored before it (`reset`), so
 * where the target cannot (a server given by E2E_BASE_URL), the case is not registered.
 *
 * @example
 * const writes = itWriting(target)
 * writes('a create answers 201 with Location', async () => { … })
 */
export function itWriting(target: () => ContractTarget): typeof it {
  if (supports(target(), 'reset')) return it
  const none = () => {}
  // The shape of `it` a case file uses: a call, and `.each(rows)` returning one.
  return Object.assign(none, { each: () => none }) as unknown as typeof it
}

/**
 * `describe` for a group of cases that all need a capability: not registered where the target
 * lacks it (an empty group would fail the run).
 *
 * @example
 * describeNeeds(target, 'cors')('CORS', () => { it(…) })
 */
export function describeNeeds(
  target: () => ContractTarget,
  capability: ContractCapability,
): (name: string, cases: () => void) => void {
  return supports(target(), capability) ? describe : () => {}
}

/**
 * The rows of an `it.each` table that need a capability: all of them, or none where the target
 * lacks it.
 *
 * @example
 * it.each([...rows, ...rowsNeeding(target, 'cookie-header', [['a cookie', { headers: { cookie } }]])])
 */
export function rowsNeeding<Row>(
  target: () => ContractTarget,
  capability: ContractCapability,
  rows: Row[],
): Row[] {
  return supports(target(), capability) ? rows : []
}

/** Expects a HAL answer with this status. */
export function expectHal(answer: Answer, status: number, what = ''): void {
  expect(answer.status, `${what} answered ${answer.text.slice(0, 500)}`).toBe(status)
  expect(answer.headers.get('content-type'), what).toMatch(/^application\/hal\+json\s*(;|$)/)
}

/** Text that betrays a stack trace or source location. */
const STACK = /\n\s+at\s|\bat\s+\S+\s+\(|\.(?:[cm]?[jt]s|tsx?):\d+(?::\d+)?|node_modules|\bError:\s/

/** Expects no stack trace or source path in a body. */
export function expectNoStack(text: string): void {
  expect(text).not.toMatch(STACK)
}

/**
 * Expects RFC 9457 problem details with this status (docs/api.md, HTTP semantics): `type`, `title`, `status`,
 * `detail`, with `type` either `about:blank` or a URL under `…/docs/problems/`.
 */
export function expectProblem(answer: Answer, status: number, what = ''): Problem {
  expect(answer.status, `${what} answered ${answer.text.slice(0, 500)}`).toBe(status)
  expect(answer.headers.get('content-type'), what).toMatch(/^application\/problem\+json\s*(;|$)/)
  expectNoStack(answer.text)
  const problem = answer.json<Problem>()
  expect(problem).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status,
    detail: expect.any(String),
  })
  expect(problem.title.length).toBeGreaterThan(0)
  expect(problem.detail.length).toBeGreaterThan(0)
  if (problem.type !== 'about:blank') {
    expect(new URL(problem.type).pathname).toMatch(new RegExp(`^${API}/docs/problems/[^/]+$`))
  }
  return problem
}

/** Expects `Vary` to list `Accept`. */
export function expectVaryAccept(answer: Answer): void {
  const vary = (answer.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase())
  expect(vary).toContain('accept')
}

/** The `pageIndex` and `pageSize` of a page link; both must be present. */
export function pageParams(href: string): { pageIndex: number; pageSize: number } {
  const query = new URL(href).searchParams
  expect(query.getAll('pageIndex'), href).toHaveLength(1)
  expect(query.getAll('pageSize'), href).toHaveLength(1)
  return { pageIndex: Number(query.get('pageIndex')), pageSize: Number(query.get('pageSize')) }
}

/** Epoch ms of an HTTP-date header, which must be present and valid. */
export function dateOf(answer: Answer, header = 'last-modified'): number {
  const value = answer.headers.get(header)
  expect(value, header).toBeTypeOf('string')
  const ms = Date.parse(value ?? '')
  expect(Number.isNaN(ms), `${header}: ${value}`).toBe(false)
  return ms
}

/** An HTTP-date `seconds` away from epoch ms. */
export const httpDate = (ms: number, seconds = 0): string =>
  new Date(ms + seconds * 1000).toUTCString()

/** The `ETag` of an answer, which must be present. */
export function etagOf(answer: Answer): string {
  const etag = answer.headers.get('etag')
  expect(etag, 'ETag').toBeTypeOf('string')
  return etag ?? ''
}

/** A strong entity tag: a quoted opaque string without the `W/` prefix (RFC 9110 §8.8.3). */
export const STRONG_ETAG = /^"[\x21\x23-\x7e\x80-\xff]*"$/

/**
 * Expands the RFC 6570 templates the API emits: simple `{var}` and form-style `{?a,b}` and
 * `{&a,b}`; undefined variables are left out.
 *
 * @example
 * expand('…/articles{?pageIndex,pageSize}', { pageSize: 5 }) // '…/articles?pageSize=5'
 */
export function expand(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{([?&]?)([^}]+)\}/g, (_, operator: string, names: string) => {
    const defined = names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => vars[name] !== undefined)
    if (operator === '') {
      return defined.map((name) => encodeURIComponent(String(vars[name]))).join(',')
    }
    if (defined.length === 0) return ''
    const pairs = defined.map((name) => `${name}=${encodeURIComponent(String(vars[name]))}`)
    return operator + pairs.join('&')
  })
}

/** Every link object under a `_links` or `_link` member anywhere in a HAL body, with its rel. */
export function linksIn(body: unknown): { rel: string; link: Link }[] {
  const found: { rel: string; link: Link }[] = []
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item)
      return
    }
    if (typeof value !== 'object' || value === null) return
    for (const [key, member] of Object.entries(value)) {
      if ((key === '_links' || key === '_link') && typeof member === 'object' && member) {
        for (const [rel, links] of Object.entries(member)) {
          for (const link of Array.isArray(links) ? links : [links]) {
            if (typeof link === 'object' && link && typeof (link as Link).href === 'string') {
              found.push({ rel, link: link as Link })
            }
          }
        }
      } else {
        walk(member)
      }
    }
  }
  walk(body)
  return found
}

/** A JSON-looking body a little over `bytes` long, streamed (no Content-Length) in 64 KiB chunks. */
export function streamedBody(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(' '.repeat(64 * 1024))
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent > bytes) return controller.close()
      sent += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
}
