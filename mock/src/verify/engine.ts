import type { HalApiDefinition } from '../core/definition.js'
import { type ApiModel, type CollectionModel, compileApi, type JsonSchema } from '../core/model.js'
import { withArticle } from '../core/words.js'
import { type Credentials, type Exchange, VerifyClient, VerifyStop } from './client.js'
import {
  allLinks,
  expand,
  firstLink,
  hrefOf,
  isObject,
  type Json,
  jsonType,
  type Link,
  linksOf,
  numberParam,
  pointerGet,
  relationMembers,
  resolveHref,
  sameUrl,
  templateVariables,
} from './documents.js'
import { generateValue, seeded, wrongTypeOf } from './generate.js'
import type {
  VerifyCheck,
  VerifyFinding,
  VerifyOptions,
  VerifyReport,
  VerifyRule,
} from './types.js'

const HAL = 'application/hal+json'
const HAL_FORMS = 'application/prs.hal-forms+json'
const PROBLEM = 'application/problem+json'
/** What a link of any kind is read with: HAL first, anything else still resolves. */
const ANY = `${HAL}, application/json;q=0.9, */*;q=0.5`
/** Members a client round-trips from a representation and a server ignores in a body. */
const HAL_MEMBERS = new Set(['_links', '_embedded', '_templates'])
const EXCERPT = 300

/**
 * Verifies a running server against an API definition, by its links from the root: the root, each
 * collection's pages (paging convention, navigation, totals), records (schema, links, `self`), every
 * link, CURIEs, media types, validators and 304, `HEAD`, 406, `Allow`/405 and HAL-FORMS; then, unless
 * `readOnly`, writes on records it creates itself (create, read back, replace, patch, stale
 * `If-Match`, invalid bodies, missing and wrong tokens, delete), deleting them again whatever
 * happens. It never changes a record it did not create.
 *
 * @example
 * import { verifyApi, formatReport } from '@halyard/mock/verify'
 *
 * const report = await verifyApi({ url: 'http://127.0.0.1:4010/api', api: shop, token: 'dev-token' })
 * console.log(formatReport(report)) // grouped by collection and rule
 * report.ok // true: no failure
 */
export async function verifyApi(options: VerifyOptions): Promise<VerifyReport> {
  const definition: HalApiDefinition =
    'definition' in options.api ? options.api.definition : options.api
  return new Verifier(compileApi(definition), options).run()
}

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
interface Shape {
  readonly always: readonly string[]
  readonly types: ReadonlyMap<string, string>
}

/** One run: the checks' counts, the findings, what it read and what it created. */
class Verifier {
  readonly #model: ApiModel
  readonly #options: VerifyOptions
  readonly #client: VerifyClient
  readonly #base: string
  readonly #checks = new Map<string, VerifyCheck>()
  readonly #findings: VerifyFinding[] = []
  readonly #cache = new Map<string, Promise<Exchange>>()
  /** Records created, by URL: deleted again or not. */
  readonly #created = new Map<string, { collection: string; deleted: boolean }>()
  /** Per collection: records read by their URL, lists crawled, what was checked once. */
  readonly #items = new Map<string, { url: string; doc: Json }[]>()
  readonly #embedded = new Map<string, Json[]>()
  readonly #lists = new Map<string, string[]>()
  readonly #once = new Set<string>()
  /** The list of each top-level collection, as the root links it: where records are created. */
  readonly #roots = new Map<string, string>()
  readonly #shapes = new Map<string, Promise<Shape | undefined>>()
  #stopped: string | undefined

  constructor(model: ApiModel, options: VerifyOptions) {
    this.#model = model
    this.#options = options
    this.#base = options.url.replace(/\/+$/, '')
    let failures = 0
    this.#client = new VerifyClient({
      headers: options.headers ?? {},
      tokenHeader: tokenHeaderOf(model),
      token: options.token,
      maxRequests: options.maxRequests ?? 5000,
      rate: options.rate,
      maxTime: options.maxTime ?? 300_000,
      signal: options.signal,
      onRequest: () => {
        failures = this.#findings.filter((f) => f.severity === 'failure').length
        options.onProgress?.({
          requests: this.#client.requests,
          failures,
          warnings: this.#findings.length - failures,
          elapsed: this.#client.elapsed,
        })
      },
    })
  }

  get #samples(): number {
    return this.#options.samples ?? 3
  }

  async run(): Promise<VerifyReport> {
    try {
      if (this.#options.reset) await this.#client.send('POST', this.#options.reset)
      await this.#reads()
      if (!this.#options.readOnly) await this.#writes()
    } catch (error) {
      if (!(error instanceof VerifyStop)) throw error
      this.#stopped = error.message
      this.#finding(
        'root',
        'bounds',
        `The run stopped early: ${error.message}.`,
        undefined,
        'warning',
      )
    } finally {
      await this.#cleanup()
    }
    const failures = this.#findings.filter((f) => f.severity === 'failure').length
    return {
      url: this.#base,
      title: this.#model.title,
      ok: failures === 0,
      failures,
      warnings: this.#findings.length - failures,
      checks: [...this.#checks.values()],
      findings: this.#findings,
      requests: this.#client.requests,
      elapsed: this.#client.elapsed,
      created: this.#created.size,
      leftovers: [...this.#created].filter(([, c]) => !c.deleted).map(([url]) => url),
      ...(this.#stopped ? { stopped: this.#stopped } : {}),
    }
  }

  // ---- bookkeeping -------------------------------------------------------------------------

  #check(collection: string, rule: VerifyRule): VerifyCheck {
    const key = `${collection}\u0000${rule}`
    let check = this.#checks.get(key)
    if (!check) {
      check = { collection, rule, passed: 0, failed: 0, warned: 0 }
      this.#checks.set(key, check)
    }
    return check
  }

  #finding(
    collection: string,
    rule: VerifyRule,
    message: string,
    exchange: Exchange | undefined,
    severity: 'failure' | 'warning' = 'failure',
  ): void {
    const check = this.#check(collection, rule)
    if (severity === 'failure') check.failed++
    else check.warned++
    const redact = (text: string) => this.#client.redact(text)
    this.#findings.push({
      collection,
      rule,
      severity,
      message: redact(message),
      ...(exchange && {
        request: {
          method: exchange.method,
          url: redact(exchange.url),
          ...(exchange.sent === undefined ? {} : { body: redact(exchange.sent.slice(0, EXCERPT)) }),
        },
        answer: { status: exchange.status, excerpt: redact(exchange.text.slice(0, EXCERPT)) },
      }),
    })
  }

  /** Counts a rule held, or records why it did not. */
  #expect(
    collection: string,
    rule: VerifyRule,
    held: boolean,
    message: string | (() => string),
    exchange?: Exchange,
    severity: 'failure' | 'warning' = 'failure',
  ): boolean {
    if (held) this.#check(collection, rule).passed++
    else
      this.#finding(
        collection,
        rule,
        typeof message === 'string' ? message : message(),
        exchange,
        severity,
      )
    return held
  }

  /** Whether `key` is seen for the first time (a check made once per collection). */
  #first(key: string): boolean {
    if (this.#once.has(key)) return false
    this.#once.add(key)
    return true
  }

  #get(url: string, accept = HAL): Promise<Exchange> {
    const key = `${accept} ${url}`
    let found = this.#cache.get(key)
    if (!found) {
      found = this.#client.send('GET', url, { headers: { accept } })
      this.#cache.set(key, found)
    }
    return found
  }

  #send(
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: string; credentials?: Credentials } = {},
  ): Promise<Exchange> {
    return this.#client.send(method, url, init)
  }

  // ---- reads -------------------------------------------------------------------------------

  async #reads(): Promise<void> {
    const root = await this.#get(this.#base)
    if (
      !this.#expect(
        'root',
        'root.links',
        root.status === 200 && isObject(root.json),
        `The root answers ${root.status}, not a HAL document.`,
        root,
      )
    )
      return
    this.#mediaType('root', root, HAL)
    await this.#caching('root', root)
    this.#curies('root', root)
    const links = linksOf(root.json)
    // A root a route of the API answers links what that route says: missing links are warnings.
    const ownRoot = this.#model.operations.some(
      (o) => o.kind === 'route' && o.method === 'GET' && o.path === '',
    )
    for (const declared of this.#model.root) {
      const link = firstLink(links[declared.rel])
      const href = hrefOf(link)
      if (
        !this.#expect(
          'root',
          'root.links',
          href !== undefined,
          `The root has no "${declared.rel}" link.`,
          root,
          ownRoot ? 'warning' : 'failure',
        )
      )
        continue
      const target = href as string
      if (declared.templated) {
        this.#expect(
          'root',
          'root.links',
          link?.templated === true,
          `The root's "${declared.rel}" link is not templated (${target}).`,
          root,
        )
      }
      const collection = declared.collection
        ? this.#model.collection(declared.collection)
        : undefined
      if (declared.kind === 'list' && collection) {
        this.#roots.set(collection.name, expand(target, {}))
        await this.#list(collection, target, root, true)
      } else if (declared.kind === 'item' && collection) {
        const value = this.#options.variables?.[collection.param] ?? '1'
        await this.#item(collection, expand(target, { [collection.param]: value }))
      } else {
        await this.#resolves('root', declared.rel, target, root)
      }
    }
  }

  /** A list from a link (a template with the convention's parameters), read page by page. */
  async #list(
    c: CollectionModel,
    template: string,
    from: Exchange,
    fromRoot = false,
  ): Promise<void> {
    const { paging } = c
    const seen = this.#lists.get(c.name) ?? []
    // The root's list is read whole always; the lists records link, a few a collection.
    if (!fromRoot && seen.length >= this.#samples) return
    const variables = templateVariables(template)
    const params =
      variables.includes(paging.page) && variables.includes(paging.size)
        ? true
        : !/\{/.test(template)
    this.#expect(
      c.name,
      'page.params',
      params,
      `The link to ${c.name} (${template}) is no template of ${paging.page} and ${paging.size}.`,
      from,
    )
    const url = expand(template, { [paging.size]: String(paging.maxSize) })
    seen.push(url)
    this.#lists.set(c.name, seen)
    if (this.#first(`default-size ${c.name}`) && paging.layout.size) {
      const plain = await this.#get(expand(template, {}))
      const size = pointerGet(plain.json, paging.layout.size)
      this.#expect(
        c.name,
        'page.params',
        plain.status !== 200 || size === paging.defaultSize,
        `A page asked without ${paging.size} has ${String(size)} items a page, not ${paging.defaultSize}.`,
        plain,
      )
    }
    await this.#pages(c, url)
  }

  async #pages(c: CollectionModel, url: string): Promise<void> {
    const { paging } = c
    const { layout } = paging
    const maxPages = this.#options.pages ?? 50
    let next: string | undefined = url
    let index: number = paging.firstIndex
    let count = 0
    let total: number | undefined
    let pages = 0
    const samples: string[] = []
    while (next !== undefined && pages < maxPages) {
      const page = await this.#get(next)
      pages++
      if (
        !this.#expect(
          c.name,
          'page.links',
          page.status === 200 && isObject(page.json),
          `A page answers ${page.status}.`,
          page,
        )
      )
        return
      const doc = page.json as Json
      if (pages === 1 && this.#first(`page ${c.name}`)) {
        this.#mediaType(c.name, page, HAL)
        await this.#caching(c.name, page)
        await this.#forms(c, page, 'page')
      }
      if (pages === 1) this.#curies(c.name, page)
      const nav = (role: keyof typeof layout.links) => {
        const pointers = layout.links[role]
        const standard = pointers.find((p) => p.startsWith('/_links/')) ?? pointers[0]
        return standard === undefined ? undefined : hrefOf(pointerGet(doc, standard) as Link)
      }
      const self = nav('self')
      // A URL that names no page is the first, as a request without the parameter is.
      const pageOf = (href: string | undefined) =>
        href === undefined ? undefined : (numberParam(href, paging.page) ?? paging.firstIndex)
      this.#expect(c.name, 'page.links', self !== undefined, 'A page has no self link.', page)
      if (self !== undefined) {
        this.#expect(
          c.name,
          'page.next',
          pageOf(self) === index,
          `The page reached as page ${index} says it is page ${String(pageOf(self))}.`,
          page,
        )
      }
      if (pages === 1) {
        const first = nav('first')
        this.#expect(
          c.name,
          'page.params',
          pageOf(first) === paging.firstIndex,
          `first names page ${String(pageOf(first))}; the convention counts from ${paging.firstIndex}.`,
          page,
        )
      }
      const items = layout.items === undefined ? undefined : pointerGet(doc, layout.items)
      this.#expect(
        c.name,
        'page.items',
        Array.isArray(items),
        `A page has no array of records at ${layout.items ?? '(unknown)'}.`,
        page,
      )
      const records = (Array.isArray(items) ? items : []).filter(isObject)
      const pageTotal = layout.total === undefined ? undefined : pointerGet(doc, layout.total)
      const totalPages =
        layout.totalPages === undefined ? undefined : pointerGet(doc, layout.totalPages)
      const size =
        layout.size === undefined
          ? numberParam(self ?? '', paging.size)
          : pointerGet(doc, layout.size)
      if (typeof pageTotal === 'number') {
        if (total !== undefined) {
          this.#expect(
            c.name,
            'page.totals',
            pageTotal === total,
            `One page counts ${total} records, the next ${pageTotal}.`,
            page,
          )
        }
        total = pageTotal
        if (typeof size === 'number' && size > 0) {
          if (typeof totalPages === 'number') {
            this.#expect(
              c.name,
              'page.totals',
              totalPages === Math.ceil(pageTotal / size),
              `totalPages is ${totalPages}, but ${pageTotal} records ${size} a page make ${Math.ceil(pageTotal / size)}.`,
              page,
            )
          }
          const offset = (index - paging.firstIndex) * size
          const expected = Math.max(0, Math.min(size, pageTotal - offset))
          this.#expect(
            c.name,
            'page.totals',
            records.length === expected,
            `Page ${index} holds ${records.length} records; ${pageTotal} in all, ${size} a page, it should hold ${expected}.`,
            page,
          )
        }
      }
      const lastPages =
        typeof totalPages === 'number'
          ? totalPages
          : typeof pageTotal === 'number' && typeof size === 'number' && size > 0
            ? Math.ceil(pageTotal / size)
            : undefined
      const lastIndex =
        lastPages === undefined ? undefined : paging.firstIndex + Math.max(lastPages - 1, 0)
      const nextHref = nav('next')
      const prevHref = nav('prev')
      this.#expect(
        c.name,
        'page.links',
        nav('first') !== undefined && nav('last') !== undefined,
        'A page lacks its first or last link.',
        page,
      )
      this.#expect(
        c.name,
        'page.links',
        (index === paging.firstIndex) === (prevHref === undefined),
        index === paging.firstIndex
          ? 'The first page links a prev page.'
          : `Page ${index} links no prev page.`,
        page,
      )
      if (lastIndex !== undefined) {
        this.#expect(
          c.name,
          'page.links',
          index >= lastIndex === (nextHref === undefined),
          index >= lastIndex
            ? 'The last page links a next page.'
            : `Page ${index} of ${lastIndex} links no next page.`,
          page,
        )
      }
      if (nextHref !== undefined) {
        this.#expect(
          c.name,
          'page.next',
          pageOf(nextHref) === index + 1,
          `next of page ${index} names page ${String(pageOf(nextHref))}.`,
          page,
        )
      }
      if (prevHref !== undefined) {
        this.#expect(
          c.name,
          'page.next',
          pageOf(prevHref) === index - 1,
          `prev of page ${index} names page ${String(pageOf(prevHref))}.`,
          page,
        )
      }
      for (const record of records) {
        await this.#record(c, record, page, undefined)
        const href = hrefOf(firstLink(linksOf(record).self))
        if (href !== undefined && samples.length < this.#samples) samples.push(href)
      }
      count += records.length
      next = nextHref
      index++
    }
    if (next === undefined && total !== undefined) {
      this.#expect(
        c.name,
        'page.totals',
        count === total,
        `The pages hold ${count} records but count ${total}.`,
      )
    }
    for (const href of samples) await this.#item(c, href)
  }

  /** A record by its URL: its checks, then its links followed (a few records a collection). */
  async #item(c: CollectionModel, url: string): Promise<void> {
    const read = this.#items.get(c.name) ?? []
    if (read.some((r) => r.url === url)) return
    if (read.length >= this.#samples) {
      await this.#resolves(c.name, 'self', url)
      return
    }
    const item = await this.#get(url)
    if (
      !this.#expect(
        c.name,
        'link.resolves',
        item.status === 200 && isObject(item.json),
        `${url} answers ${item.status}.`,
        item,
      )
    )
      return
    const doc = item.json as Json
    read.push({ url, doc })
    this.#items.set(c.name, read)
    this.#mediaType(c.name, item, HAL)
    this.#curies(c.name, item)
    await this.#record(c, doc, item, url)
    if (read.length === 1) {
      await this.#caching(c.name, item)
      await this.#forms(c, item, 'item')
      await this.#allow(c, item)
    }
    const links = linksOf(doc)
    for (const declared of c.links) {
      for (const link of allLinks(links[declared.rel])) {
        const href = hrefOf(link)
        if (href === undefined) continue
        const target = declared.collection ? this.#model.collection(declared.collection) : undefined
        if (declared.kind === 'relation' && target) await this.#item(target, href)
        else if ((declared.kind === 'nested' || declared.kind === 'reverse') && target)
          await this.#list(target, href, item)
        else await this.#resolves(c.name, declared.rel, href, item)
      }
    }
  }

  /** A record's members, links and `self`, as embedded or read at `url`. */
  async #record(
    c: CollectionModel,
    doc: Json,
    from: Exchange,
    url: string | undefined,
  ): Promise<void> {
    const embedded = this.#embedded.get(c.name) ?? []
    if (embedded.length < 50) embedded.push(doc)
    this.#embedded.set(c.name, embedded)
    const self = hrefOf(firstLink(linksOf(doc).self))
    const id = doc.id === undefined ? '' : ` ${String(doc.id)}`
    const where = `${c.noun}${id}`
    if (
      this.#expect(
        c.name,
        'record.self',
        self !== undefined,
        `The ${where} has no self link.`,
        from,
      )
    ) {
      const href = self as string
      const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(href)
      this.#expect(
        c.name,
        'record.self',
        absolute,
        `The ${where}'s self (${href}) is not an absolute URL.`,
        from,
      )
      if (url !== undefined) {
        this.#expect(
          c.name,
          'record.self',
          sameUrl(href, url),
          `The ${where} read at ${url} names self ${href}.`,
          from,
        )
      } else {
        this.#expect(
          c.name,
          'record.self',
          this.#pattern(c.itemPath).test(href),
          `The ${where}'s self (${href}) is no URL of a ${c.noun} (${c.itemPath}).`,
          from,
        )
      }
    }
    const shape = await this.#shape(c)
    if (shape) {
      for (const member of shape.always) {
        this.#expect(
          c.name,
          'record.schema',
          member in doc,
          `The ${where} has no "${member}".`,
          from,
        )
      }
      for (const [member, type] of shape.types) {
        const value = doc[member]
        if (value === undefined || value === null) continue
        this.#expect(
          c.name,
          'record.schema',
          jsonType(value) === type,
          `The ${where}'s "${member}" is ${jsonType(value)}, not ${type}.`,
          from,
        )
      }
    }
    if (!c.represented) {
      const fields = Object.fromEntries(
        Object.entries(doc).filter(([key]) => key !== 'id' && !HAL_MEMBERS.has(key)),
      )
      const result = await c.schema['~standard'].validate(fields)
      const issue = result.issues?.[0]
      this.#expect(
        c.name,
        'record.schema',
        !issue,
        () =>
          `The ${where} is not valid by its schema: ${issue?.message ?? ''} at /${(issue?.path ?? []).map((k) => String(typeof k === 'object' ? k.key : k)).join('/')}.`,
        from,
      )
    }
    const links = linksOf(doc)
    for (const declared of c.links) {
      let required = declared.always
      if (declared.kind === 'relation' && declared.ids) {
        try {
          const ids = declared.ids(doc)
          required = Array.isArray(ids) ? ids.length > 0 : ids !== undefined && ids !== null
        } catch {
          required = false
        }
      }
      const present = links[declared.rel] !== undefined
      if (required)
        this.#expect(
          c.name,
          'record.links',
          present,
          `The ${where} has no "${declared.rel}" link.`,
          from,
        )
      if (present && declared.kind === 'relation' && declared.collection) {
        const target = this.#model.collection(declared.collection)
        for (const link of allLinks(links[declared.rel])) {
          const href = hrefOf(link) ?? ''
          this.#expect(
            c.name,
            'record.links',
            this.#pattern(target.itemPath).test(href),
            `The ${where}'s "${declared.rel}" (${href}) is no URL of a ${target.noun}.`,
            from,
          )
        }
      }
    }
    const embeddedDocs = isObject(doc._embedded) ? doc._embedded : {}
    for (const embed of c.embeds) {
      const target = this.#model.collection(embed.collection)
      for (const inner of [embeddedDocs[embed.rel]].flat().filter(isObject)) {
        await this.#record(target, inner, from, undefined)
      }
    }
  }

  /** What the definition's records show, from records generated by its schema and `represent`. */
  #shape(c: CollectionModel): Promise<Shape | undefined> {
    let found = this.#shapes.get(c.name)
    if (!found) {
      found = (async () => {
        const stored = async (optional: number) => {
          const value = generateValue(c.jsonSchema.record, seeded(7), { optional })
          const result = await c.schema['~standard'].validate(value)
          if (result.issues) return undefined
          return { id: 1, ...(result.value as Json) }
        }
        try {
          const [minimal, full] = [await stored(0), await stored(1)]
          if (!minimal || !full) return undefined
          const represent = c.definition.represent ?? ((record: Json) => ({ ...record }))
          const always = Object.keys(represent(minimal as never))
          const types = new Map(
            Object.entries(represent(full as never))
              .filter(([, v]) => v !== undefined && v !== null)
              .map(([k, v]) => [k, jsonType(v)]),
          )
          return { always, types }
        } catch {
          return undefined
        }
      })()
      this.#shapes.set(c.name, found)
    }
    return found
  }

  /** The URLs of a path of the API (`/blogs/{blogId}/articles/{articleId}`). */
  #pattern(path: string): RegExp {
    const escaped = `${this.#base}${path}`
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/?#]+')
    return new RegExp(`^${escaped}$`)
  }

  #mediaType(collection: string, exchange: Exchange, type: string): void {
    const got = (exchange.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
    this.#expect(
      collection,
      'media-type',
      got === type,
      `${exchange.url} answers as ${got || 'no media type'}, not ${type}.`,
      exchange,
    )
  }

  /** Validators, 304 to each, `HEAD` as `GET`, 406 for an Accept the resource cannot answer. */
  async #caching(collection: string, read: Exchange): Promise<void> {
    const etag = read.headers.get('etag')
    const modified = read.headers.get('last-modified')
    this.#expect(collection, 'validators.etag', etag !== null, `${read.url} has no ETag.`, read)
    this.#expect(
      collection,
      'validators.etag',
      modified !== null,
      `${read.url} has no Last-Modified.`,
      read,
    )
    // Advice, not the contract: without it caches guess how long the answer stays fresh.
    this.#expect(
      collection,
      'cache-control',
      read.headers.get('cache-control') !== null,
      `${read.url} has no Cache-Control: caches may guess its freshness.`,
      read,
      'warning',
    )
    if (etag !== null) {
      const again = await this.#send('GET', read.url, {
        headers: { accept: HAL, 'if-none-match': etag },
      })
      this.#expect(
        collection,
        'validators.not-modified',
        again.status === 304,
        `If-None-Match: ${etag} answers ${again.status}, not 304.`,
        again,
      )
    }
    if (modified !== null) {
      const again = await this.#send('GET', read.url, {
        headers: { accept: HAL, 'if-modified-since': modified },
      })
      this.#expect(
        collection,
        'validators.not-modified',
        again.status === 304,
        `If-Modified-Since: ${modified} answers ${again.status}, not 304.`,
        again,
      )
    }
    const head = await this.#send('HEAD', read.url, { headers: { accept: HAL } })
    this.#expect(
      collection,
      'head',
      head.status === read.status && head.text === '',
      `HEAD answers ${head.status}${head.text === '' ? '' : ' with a body'}; GET answered ${read.status}.`,
      head,
    )
    this.#expect(
      collection,
      'head',
      head.headers.get('etag') === etag &&
        head.headers.get('content-type') === read.headers.get('content-type'),
      'HEAD answers another ETag or media type than GET.',
      head,
    )
    const odd = await this.#send('GET', read.url, { headers: { accept: 'image/png' } })
    this.#expect(
      collection,
      'not-acceptable',
      odd.status === 406,
      `Accept: image/png answers ${odd.status}, not 406.`,
      odd,
    )
  }

  /** `OPTIONS` says what may be written, and a method no resource answers is a 405 with `Allow`. */
  async #allow(c: CollectionModel, item: Exchange): Promise<void> {
    const options = await this.#send('OPTIONS', item.url)
    const allow = (options.headers.get('allow') ?? '').split(',').map((m) => m.trim().toUpperCase())
    const writes = ['PUT', 'PATCH', 'DELETE'].filter((m) => allow.includes(m))
    this.#expect(
      c.name,
      'allow',
      allow.includes('GET'),
      `OPTIONS ${item.url} allows ${allow.join(', ') || 'nothing'}, not GET.`,
      options,
    )
    this.#expect(
      c.name,
      'allow',
      c.writable ? writes.length === 3 : writes.length === 0,
      c.writable
        ? `OPTIONS allows ${allow.join(', ')}: a ${c.noun} takes PUT, PATCH and DELETE.`
        : `OPTIONS allows ${writes.join(', ')} on a read-only ${c.noun}.`,
      options,
    )
    // POST on a record is never an operation of a definition: safe to send, whatever the server.
    const post = await this.#send('POST', item.url, {
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'none',
    })
    this.#track(c, post)
    this.#expect(
      c.name,
      'allow',
      post.status === 405 && post.headers.get('allow') !== null,
      `POST on a ${c.noun} answers ${post.status}${post.headers.get('allow') === null ? ' without Allow' : ''}, not 405 with Allow.`,
      post,
    )
  }

  /** HAL-FORMS templates: the writes the definition allows, with the schema's members. */
  async #forms(c: CollectionModel, read: Exchange, kind: 'page' | 'item'): Promise<void> {
    const forms = await this.#get(read.url, HAL_FORMS)
    if (!c.writable) {
      const templates = isObject(forms.json) ? forms.json._templates : undefined
      const writes = Object.values(isObject(templates) ? templates : {}).filter(
        (t) =>
          isObject(t) &&
          ['PUT', 'PATCH', 'DELETE'].includes(String(t.method).toUpperCase()) &&
          (t.target === undefined || sameUrl(String(t.target), read.url)),
      )
      this.#expect(
        c.name,
        'forms',
        writes.length === 0,
        `A read-only ${c.noun} offers a template to write it.`,
        forms,
      )
      return
    }
    if (
      !this.#expect(
        c.name,
        'forms',
        forms.status === 200,
        `Accept: ${HAL_FORMS} answers ${forms.status}.`,
        forms,
      )
    )
      return
    this.#mediaType(c.name, forms, HAL_FORMS)
    const templates =
      isObject(forms.json) && isObject(forms.json._templates) ? forms.json._templates : {}
    const methods = kind === 'page' ? ['POST'] : ['PUT', 'PATCH', 'DELETE']
    const inputProperties = Object.keys((c.jsonSchema.input.properties as Json | undefined) ?? {})
    const required = (c.jsonSchema.input.required as string[] | undefined) ?? []
    for (const method of methods) {
      const template = Object.values(templates).find(
        (t) => isObject(t) && String(t.method).toUpperCase() === method,
      ) as Json | undefined
      if (
        !this.#expect(
          c.name,
          'forms',
          template !== undefined,
          `The ${c.noun} ${kind} at ${read.url} has no HAL-FORMS template with method ${method}.`,
          forms,
        )
      )
        continue
      if (method === 'DELETE' || method === 'PATCH' || inputProperties.length === 0) continue
      const names = (Array.isArray(template?.properties) ? template.properties : [])
        .filter(isObject)
        .map((p) => String(p.name))
      const unknown = names.filter((n) => !inputProperties.includes(n))
      const missing = required.filter((n) => !names.includes(n) && n !== c.parent?.member)
      this.#expect(
        c.name,
        'forms',
        unknown.length === 0 && missing.length === 0,
        `The ${method} template's properties ${unknown.length > 0 ? `name ${unknown.join(', ')}, which the schema does not` : `lack ${missing.join(', ')}`}.`,
        forms,
      )
    }
  }

  /** The definition's CURIEs on a document, and a CURIE for every prefixed rel it uses. */
  #curies(collection: string, read: Exchange): void {
    const links = linksOf(read.json)
    const curies = allLinks(links.curies)
    const names = new Set(curies.map((c) => String(c.name)))
    for (const curie of this.#model.curies) {
      const used = Object.keys(links).some((rel) => rel.startsWith(`${curie.name}:`))
      if (!used) continue
      const found = curies.find((c) => c.name === curie.name)
      this.#expect(
        collection,
        'curies',
        found !== undefined,
        `${read.url} uses "${curie.name}:" rels without its CURIE.`,
        read,
      )
      if (found) {
        const href = resolveHref(this.#base, curie.href)
        this.#expect(
          collection,
          'curies',
          found.href === href && found.templated === true,
          `The CURIE "${curie.name}" is ${String(found.href)}, not the template ${href}.`,
          read,
        )
      }
    }
    for (const rel of Object.keys(links)) {
      const prefix = /^([a-z][\w.-]*):(?!\/\/)/i.exec(rel)?.[1]
      if (prefix === undefined || ['http', 'https', 'urn'].includes(prefix)) continue
      this.#expect(
        collection,
        'curies',
        names.has(prefix),
        `${read.url} links "${rel}" without a CURIE named ${prefix}.`,
        read,
      )
    }
  }

  /**
   * A link answers: anything but 404, 410, a 5xx or no answer. A template is expanded without
   * values: one with a variable in its path (`/search/{term}`) then names no resource of its
   * own, so its 404 is a warning.
   */
  async #resolves(collection: string, rel: string, href: string, from?: Exchange): Promise<void> {
    const url = expand(href, {})
    const answer = await this.#get(url, ANY)
    const ok =
      answer.status !== 0 && answer.status !== 404 && answer.status !== 410 && answer.status < 500
    const pathVariable = /\{[^?&#}][^}]*\}/.test(href.split(/\{[?&#]/)[0] ?? '')
    this.#expect(
      collection,
      'link.resolves',
      ok,
      `"${rel}" (${url}) answers ${answer.status}.`,
      ok ? from : answer,
      pathVariable && answer.status === 404 ? 'warning' : 'failure',
    )
  }

  // ---- writes ------------------------------------------------------------------------------

  async #writes(): Promise<void> {
    if (!this.#model.auth.writes) return
    for (const c of this.#model.collections) {
      if (!c.writable) continue
      const place = this.#placeOf(c)
      if (!place) {
        this.#finding(
          c.name,
          'create',
          `The crawl found no list to create ${withArticle(c.noun)} in.`,
          undefined,
          'warning',
        )
        continue
      }
      await this.#writeCycle(c, place.url, place.parentId)
    }
  }

  /** Where to create a record: the list the root links, or under a parent the crawl read. */
  #placeOf(c: CollectionModel): { url: string; parentId?: unknown } | undefined {
    if (!c.parent) {
      const list = this.#roots.get(c.name)
      return list === undefined ? undefined : { url: list }
    }
    for (const parent of this.#items.get(c.parent.collection) ?? []) {
      const href = hrefOf(firstLink(linksOf(parent.doc)[c.rel]))
      if (href !== undefined) return { url: expand(href, {}), parentId: parent.doc.id }
    }
    return undefined
  }

  /** A valid body from the schema; members a record of the collection holds (ids) kept from one. */
  async #body(c: CollectionModel, parentId: unknown, salt: number): Promise<Json> {
    const random = seeded((this.#options.seed ?? 1) * 1000 + salt)
    const generated = generateValue(c.jsonSchema.input, random, { optional: 1 })
    const body: Json = isObject(generated) ? { ...generated } : {}
    const sample = this.#items.get(c.name)?.[0]?.doc ?? this.#embedded.get(c.name)?.[0]
    const properties = (c.jsonSchema.input.properties as Json | undefined) ?? {}
    // Members that name other records (a customer, products) are taken from a record read: its
    // targets exist. A member is one when the definition's relation reads it.
    if (sample) {
      for (const key of relationMembers(c, sample, Object.keys(properties))) body[key] = sample[key]
    }
    if (c.parent && !c.definition.input && parentId !== undefined) body[c.parent.member] = parentId
    return body
  }

  async #writeCycle(c: CollectionModel, list: string, parentId: unknown): Promise<void> {
    const json = { 'content-type': 'application/json', accept: HAL }
    const body = await this.#body(c, parentId, 1)
    const post = (payload: unknown, credentials: Credentials = 'token') =>
      this.#send('POST', list, { headers: json, body: JSON.stringify(payload), credentials })
    // Without a token, and with a wrong one.
    for (const credentials of ['none', 'wrong'] as const) {
      const refused = await post(body, credentials)
      this.#track(c, refused)
      const expected = credentials === 'none' ? [401] : [401, 403]
      this.#expect(
        c.name,
        'auth',
        expected.includes(refused.status),
        `A create ${credentials === 'none' ? 'without a token' : 'with a wrong token'} answers ${refused.status}, not ${expected.join(' or ')}.`,
        refused,
      )
    }
    const headers = Object.keys(this.#options.headers ?? {})
    if (this.#options.token === undefined && headers.length === 0) {
      this.#finding(
        c.name,
        'create',
        'No token given (--token-env, --header): writes with a token are not checked.',
        undefined,
        'warning',
      )
      return
    }
    const created = await post(body)
    const url = this.#track(c, created)
    this.#expect(
      c.name,
      'create',
      created.status === 201,
      `A create answers ${created.status}, not 201.`,
      created,
    )
    if (
      !this.#expect(
        c.name,
        'create',
        url !== undefined,
        'A create answers neither Location nor a self link.',
        created,
      )
    )
      return
    const at = url as string
    const read = await this.#send('GET', at, { headers: { accept: HAL } })
    if (
      !this.#expect(
        c.name,
        'read-back',
        read.status === 200,
        `The created ${c.noun} at ${at} answers ${read.status}.`,
        read,
      )
    )
      return
    this.#asSent(c, body, read)
    // Invalid bodies: the schema refuses them, so does the server.
    for (const [what, invalid] of this.#invalidBodies(c, body)) {
      const refused = await post(invalid)
      this.#track(c, refused)
      const type = (refused.headers.get('content-type') ?? '').split(';')[0]?.trim()
      this.#expect(
        c.name,
        'invalid-body',
        refused.status === 422 && type === PROBLEM,
        `A body with ${what} answers ${refused.status} ${type ?? ''}, not a 422 problem.`,
        refused,
      )
    }
    const before = read.headers.get('etag')
    const replacement = await this.#body(c, parentId, 2)
    const put = await this.#send('PUT', at, {
      headers: { ...json, ...(before ? { 'if-match': before } : {}) },
      body: JSON.stringify(replacement),
    })
    this.#expect(
      c.name,
      'replace',
      put.status === 200 || put.status === 204,
      `PUT answers ${put.status}.`,
      put,
    )
    const replaced = await this.#send('GET', at, { headers: { accept: HAL } })
    this.#asSent(c, replacement, replaced)
    if (before && JSON.stringify(replacement) === JSON.stringify(body)) {
      this.#finding(
        c.name,
        'if-match',
        'The replacement generated is the record as created: no stale If-Match to send.',
        undefined,
        'warning',
      )
    } else if (before) {
      const stale = await this.#send('PUT', at, {
        headers: { ...json, 'if-match': before },
        body: JSON.stringify(await this.#body(c, parentId, 3)),
      })
      this.#expect(
        c.name,
        'if-match',
        stale.status === 412,
        `PUT with a stale If-Match answers ${stale.status}, not 412.`,
        stale,
      )
      const after = await this.#send('GET', at, { headers: { accept: HAL } })
      if (stale.status !== 412) this.#asSent(c, replacement, after, 'if-match')
    }
    const member = this.#patchable(c, replacement)
    // Each patch format the definition offers: a merge patch (RFC 7396), a JSON Patch (RFC 6902).
    const formats = [
      [
        'application/merge-patch+json',
        'A merge patch',
        (v: unknown) => ({ [member?.name ?? '']: v }),
      ],
      [
        'application/json-patch+json',
        'A JSON Patch',
        (v: unknown) => [{ op: 'replace', path: `/${member?.name ?? ''}`, value: v }],
      ],
    ] as const
    for (const [index, [type, what, document]] of formats.entries()) {
      if (!member || !c.patchTypes.includes(type)) continue
      const value = generateValue(member.schema, seeded(99 + index))
      const current = (await this.#send('GET', at, { headers: { accept: HAL } })).headers.get(
        'etag',
      )
      const patch = await this.#send('PATCH', at, {
        headers: { 'content-type': type, accept: HAL, ...(current ? { 'if-match': current } : {}) },
        body: JSON.stringify(document(value)),
      })
      this.#expect(
        c.name,
        'patch',
        patch.status === 200 || patch.status === 204,
        `${what} answers ${patch.status}.`,
        patch,
      )
      const patched = await this.#send('GET', at, { headers: { accept: HAL } })
      this.#asSent(c, { [member.name]: value }, patched, 'patch')
    }
    const deleted = await this.#send('DELETE', at)
    this.#expect(
      c.name,
      'delete',
      [200, 202, 204].includes(deleted.status),
      `DELETE answers ${deleted.status}.`,
      deleted,
    )
    const gone = await this.#send('GET', at, { headers: { accept: HAL } })
    const entry = this.#created.get(at)
    if ([404, 410].includes(gone.status) && entry) entry.deleted = true
    this.#expect(
      c.name,
      'delete',
      [404, 410].includes(gone.status),
      `The deleted ${c.noun} still answers ${gone.status}.`,
      gone,
    )
  }

  /** Keeps the URL of a record an answer says was created, to delete it whatever happens. */
  #track(c: CollectionModel, answer: Exchange): string | undefined {
    if (answer.status < 200 || answer.status >= 300 || answer.method !== 'POST') return undefined
    const location = answer.headers.get('location')
    const url = location
      ? new URL(location, answer.url).href
      : hrefOf(firstLink(linksOf(answer.json).self))
    if (url !== undefined && !this.#created.has(url))
      this.#created.set(url, { collection: c.name, deleted: false })
    return url
  }

  /** The members sent read back as sent (those the representation shows). */
  #asSent(c: CollectionModel, sent: Json, read: Exchange, rule: VerifyRule = 'read-back'): void {
    if (!isObject(read.json)) {
      this.#expect(
        c.name,
        rule,
        false,
        `${read.url} answers ${read.status} without a document.`,
        read,
      )
      return
    }
    const doc = read.json
    for (const [key, value] of Object.entries(sent)) {
      if (!(key in doc) || key === c.parent?.member) continue
      this.#expect(
        c.name,
        rule,
        JSON.stringify(doc[key]) === JSON.stringify(value),
        `"${key}" was sent as ${JSON.stringify(value).slice(0, 80)} and reads back as ${JSON.stringify(doc[key]).slice(0, 80)}.`,
        read,
      )
    }
  }

  /** Bodies the input schema refuses: a member of another type, a required one missing, an unknown one. */
  #invalidBodies(c: CollectionModel, valid: Json): [string, Json][] {
    const schema = c.jsonSchema.input
    const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {}
    const required = ((schema.required as string[] | undefined) ?? []).filter(
      (k) => k !== c.parent?.member,
    )
    const out: [string, Json][] = []
    const typed = Object.entries(properties).find(
      ([k, p]) => k !== c.parent?.member && p.type !== undefined,
    )
    if (typed)
      out.push([`"${typed[0]}" of another type`, { ...valid, [typed[0]]: wrongTypeOf(typed[1]) }])
    const [first] = required
    if (first !== undefined) {
      const { [first]: _dropped, ...rest } = valid
      out.push([`no "${first}"`, rest])
    }
    if (c.strict) out.push(['an unknown member', { ...valid, '~verify-unknown': 1 }])
    return out
  }

  /** A string member a merge patch may change. */
  #patchable(c: CollectionModel, body: Json): { name: string; schema: JsonSchema } | undefined {
    const properties =
      (c.jsonSchema.input.properties as Record<string, JsonSchema> | undefined) ?? {}
    for (const [name, schema] of Object.entries(properties)) {
      if (name in body && schema.type === 'string' && schema.enum === undefined)
        return { name, schema }
    }
    return undefined
  }

  async #cleanup(): Promise<void> {
    for (const [url, entry] of this.#created) {
      if (entry.deleted) continue
      const answer = await this.#client.send('DELETE', url, { cleanup: true })
      const gone = [200, 202, 204, 404, 410].includes(answer.status)
      if (gone) entry.deleted = true
      this.#expect(
        entry.collection,
        'cleanup',
        gone,
        `The ${entry.collection} record at ${url} could not be deleted (${answer.status}).`,
        answer,
      )
    }
  }
}
