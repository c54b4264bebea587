import type { HalPromises } from '../definition/api.js'
import type { ApiModel } from '../model/types.js'
import { type Credentials, type Exchange, RemoteClient, RemoteStop } from '../remote/client.js'
import { urlKey } from '../remote/origin.js'
import { absoluteUrl, isObject, type Json, linksOf } from './documents.js'
import { skippedRules } from './rules.js'
import type { VerifyCheck, VerifyFinding, VerifyOptions, VerifyRule } from './types.js'

export const HAL = 'application/hal+json'
export const HAL_FORMS = 'application/prs.hal-forms+json'
export const PROBLEM = 'application/problem+json'
/** What a link of any kind is read with: HAL first, anything else still resolves. */
export const ANY = `${HAL}, application/json;q=0.9, */*;q=0.5`
/** Members a client round-trips from a representation and a server ignores in a body. */
export const HAL_MEMBERS = new Set(['_links', '_embedded', '_templates'])
const EXCERPT = 300

/** The header a token goes in: the definition's first header scheme (`X-Access-Token`, bearer). */
export function tokenHeaderOf(model: ApiModel): { name: string; bearer: boolean } {
  for (const scheme of Object.values(model.auth.schemes)) {
    if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string')
      return { name: scheme.name.toLowerCase(), bearer: false }
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer')
      return { name: 'authorization', bearer: true }
  }
  return { name: 'authorization', bearer: true }
}

/** What a collection's records show: the members always there, and each member's JSON type. */
export interface Shape {
  readonly always: readonly string[]
  readonly types: ReadonlyMap<string, string>
}

/** One run's state: the checks' counts, the findings, what it read and what it created. */
export class VerifyRun {
  readonly model: ApiModel
  readonly options: VerifyOptions
  readonly client: RemoteClient
  readonly base: string
  readonly checks = new Map<string, VerifyCheck>()
  readonly findings: VerifyFinding[] = []
  readonly cache = new Map<string, Promise<Exchange>>()
  /** Records created, by URL: deleted again or not. */
  readonly created = new Map<string, { collection: string; deleted: boolean }>()
  /** URLs the crawl read as existing records (and what it read at all): never written. */
  readonly existing = new Set<string>()
  /** Per collection: records read by their URL, lists crawled, what was checked once. */
  readonly items = new Map<string, { url: string; doc: Json }[]>()
  readonly embedded = new Map<string, Json[]>()
  readonly lists = new Map<string, string[]>()
  readonly once = new Set<string>()
  /** The list of each top-level collection, as the root links it: where records are created. */
  readonly roots = new Map<string, string>()
  readonly shapes = new Map<string, Promise<Shape | undefined>>()
  stopped: string | undefined
  /** Why the root could not be read as a HAL document, when it could not. */
  unreachable: string | undefined
  /** Rules not checked on purpose, with why (`--skip`, `promises`). */
  readonly skipped: ReadonlyMap<VerifyRule, string>

  constructor(model: ApiModel, options: VerifyOptions) {
    this.model = model
    this.options = options
    this.skipped = new Map(
      skippedRules(model.definition.promises, options.skip).map((s) => [s.rule, s.reason]),
    )
    this.base = options.url.replace(/\/+$/, '')
    let failures = 0
    this.client = new RemoteClient({
      root: options.url,
      headers: options.headers ?? {},
      tokenHeader: tokenHeaderOf(model),
      token: options.token,
      maxRequests: options.maxRequests ?? 5000,
      rate: options.rate,
      maxTime: options.maxTime ?? 300_000,
      signal: options.signal,
      onRequest: () => {
        failures = this.findings.filter((f) => f.severity === 'failure').length
        options.onProgress?.({
          requests: this.client.requests,
          failures,
          warnings: this.findings.length - failures,
          elapsed: this.client.elapsed,
        })
      },
    })
  }

  /** Whether the definition holds the server to a behaviour beyond its documents (`promises`). */
  promises(what: Exclude<keyof HalPromises, 'skip'>): boolean {
    return this.model.definition.promises?.[what] !== false
  }

  /**
   * Whether a write was taken: one answered 404, 405, 415 or 501 where the definition does not promise
   * its writes (a recording's guess) is a method not offered, a warning.
   */
  offered(collection: string, rule: VerifyRule, answer: Exchange, what: string): boolean {
    // 415: the write's media type is not taken (a JSON Patch, RFC 5789), as good as not offered.
    if (this.promises('writes') || ![404, 405, 415, 501].includes(answer.status)) return true
    this.finding(
      collection,
      rule,
      `${what} answers ${answer.status}: not offered, and the definition does not promise it.`,
      answer,
      'warning',
    )
    return false
  }

  /** Whether a rule is checked: not skipped (requests only it needs are not sent otherwise). */
  active(rule: VerifyRule): boolean {
    return !this.skipped.has(rule)
  }

  get samples(): number {
    return this.options.samples ?? 3
  }

  check(collection: string, rule: VerifyRule): VerifyCheck {
    const key = `${collection}\u0000${rule}`
    let check = this.checks.get(key)
    if (!check) {
      check = { collection, rule, passed: 0, failed: 0, warned: 0 }
      this.checks.set(key, check)
    }
    return check
  }

  finding(
    collection: string,
    rule: VerifyRule,
    message: string,
    exchange: Exchange | undefined,
    severity: 'failure' | 'warning' = 'failure',
  ): void {
    if (!this.active(rule)) return
    const check = this.check(collection, rule)
    if (severity === 'failure') check.failed++
    else check.warned++
    const { secrets } = this.client
    // Why an answer was not taken as it is (too deep, a redirect not followed) belongs to the finding.
    const why = exchange?.refused === undefined ? '' : ` (${exchange.refused})`
    this.findings.push({
      collection,
      rule,
      severity,
      message: secrets.redact(`${message}${why}`),
      ...(exchange && {
        request: {
          method: exchange.method,
          url: secrets.redact(exchange.url),
          ...(exchange.sent === undefined ? {} : { body: secrets.excerpt(exchange.sent, EXCERPT) }),
        },
        answer: { status: exchange.status, excerpt: secrets.excerpt(exchange.text, EXCERPT) },
      }),
    })
  }

  /** Counts a rule held, or records why it did not. */
  expect(
    collection: string,
    rule: VerifyRule,
    held: boolean,
    message: string | (() => string),
    exchange?: Exchange,
    severity: 'failure' | 'warning' = 'failure',
  ): boolean {
    if (!this.active(rule)) return held
    if (held) this.check(collection, rule).passed++
    else
      this.finding(
        collection,
        rule,
        typeof message === 'string' ? message : message(),
        exchange,
        severity,
      )
    return held
  }

  /** Whether `key` is seen for the first time (a check made once per collection). */
  first(key: string): boolean {
    if (this.once.has(key)) return false
    this.once.add(key)
    return true
  }

  /**
   * A read, once per URL and media type; a repeated one (a `next` cycle) is still held to the
   * run's bounds. What answers 200 is an existing record or list: never written.
   */
  get(href: string, accept = HAL, redirects = false): Promise<Exchange> {
    const reason = this.client.stopReason()
    if (reason) return Promise.reject(new RemoteStop(reason))
    const url = absoluteUrl(this.options.url, href)
    const key = `${accept} ${url}`
    let found = this.cache.get(key)
    if (!found) {
      found = this.client.send('GET', url, { headers: { accept }, redirects }).then((answer) => {
        if (answer.status === 200) this.#read(answer)
        return answer
      })
      this.cache.set(key, found)
    }
    return found
  }

  /** Keeps the URLs a read shows to exist: its own, its `self`, its embedded records' `self`s. */
  #read(answer: Exchange): void {
    const add = (href: unknown, base: string) => {
      if (typeof href !== 'string' || href.includes('{')) return
      const key = urlKey(href, base)
      if (!this.created.has(key)) this.existing.add(key)
    }
    add(answer.url, answer.url)
    // With a stack of its own: `_embedded` may nest as deep as a server likes.
    const stack: unknown[] = [answer.json]
    for (let doc = stack.pop(); doc !== undefined; doc = stack.pop()) {
      if (!isObject(doc)) continue
      const self = linksOf(doc).self
      for (const link of [self].flat()) if (isObject(link)) add(link.href, answer.url)
      if (isObject(doc._embedded)) stack.push(...Object.values(doc._embedded).flat())
    }
  }

  /**
   * A request; a write (`PUT`, `PATCH`, `DELETE`) only to a record this run created, never to
   * one it read: anything else is not sent, and the exchange says so.
   */
  send(
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: string; credentials?: Credentials } = {},
  ): Promise<Exchange> {
    const at = absoluteUrl(this.options.url, url)
    if (['PUT', 'PATCH', 'DELETE'].includes(method.toUpperCase()) && !this.writable(at)) {
      return Promise.resolve({
        method,
        url: at,
        status: 0,
        headers: new Headers(),
        text: 'not sent: verify writes only records it created',
        json: undefined,
        ...(init.body === undefined ? {} : { sent: init.body }),
      })
    }
    return this.client.send(method, at, init)
  }

  /** Whether a URL names a record this run created, and no record it read. */
  writable(url: string): boolean {
    const key = urlKey(url)
    return this.created.has(key) && !this.existing.has(key)
  }
}
