import type { HalPromises } from '../definition/api.js'
import type { ApiModel, CollectionModel } from '../model/types.js'
import { declaredErrors } from './checks/error-format.js'
import { VERIFY_RULES, type VerifyRule } from './types.js'

/**
 * One rule of a run: what it checks, where, and the statement of the compiled model
 * (`compileApi`) it comes from.
 *
 * @example
 * ruleCatalogue(compileApi(shop.definition)).find((r) => r.rule === 'page.next.absent-on-last')
 * // { collection: 'orders', rule: 'page.next.absent-on-last', statement: 'orders pages: …' }
 */
export interface VerifyRuleEntry {
  /** The collection it is checked on, or `root`. */
  readonly collection: string
  readonly rule: VerifyRule
  /** The model's statement, as a sentence: what the definition says that makes the rule apply. */
  readonly statement: string
}

/** The boolean promises of a definition, each with the rules it switches off when `false`. */
export const PROMISED_RULES: Readonly<
  Record<Exclude<keyof HalPromises, 'skip'>, readonly VerifyRule[]>
> = {
  validators: [
    'validators.etag',
    'validators.last-modified',
    'validators.not-modified',
    'validators.modified-since',
    'not-modified.validators',
  ],
  caching: ['cache-control', 'vary'],
  notAcceptable: ['not-acceptable'],
  forms: ['forms'],
  allow: ['allow'],
  auth: ['auth', 'auth.unknown-token', 'auth.forbidden'],
  preconditions: ['if-match', 'if-unmodified-since'],
  problems: ['invalid-body', 'invalid-body.errors'],
  // These two change how a rule is read (a warning, a relative href), never switch one off.
  writes: [],
  absoluteLinks: [],
}

/**
 * Why a rule is not checked: a name given to `--skip` (`skip`), or a definition's `promises`.
 *
 * @example
 * const skipped: VerifySkip = { rule: 'if-match', reason: 'promises.preconditions is false' }
 */
export interface VerifySkip {
  readonly rule: VerifyRule
  readonly reason: string
}

/**
 * The rules a run does not check, each with its reason: those `skip` names, those the definition's
 * `promises.skip` names, and those its `promises` switch off (`auth: false` skips `auth`,
 * `auth.unknown-token` and `auth.forbidden`, and says so).
 *
 * @example
 * skippedRules({ validators: false }, ['vary']).map((s) => s.rule) // ['vary', 'validators.etag', …]
 */
export function skippedRules(
  promises: HalPromises | undefined,
  skip: readonly string[] = [],
): VerifySkip[] {
  const out = new Map<VerifyRule, string>()
  for (const rule of skip) if (isRule(rule)) out.set(rule, 'skipped by --skip')
  for (const rule of promises?.skip ?? [])
    if (isRule(rule) && !out.has(rule)) out.set(rule, 'skipped by the definition’s promises.skip')
  for (const [promise, rules] of Object.entries(PROMISED_RULES)) {
    if (promises?.[promise as keyof typeof PROMISED_RULES] !== false) continue
    for (const rule of rules)
      if (!out.has(rule)) out.set(rule, `the definition’s promises.${promise} is false`)
  }
  return [...out].map(([rule, reason]) => ({ rule, reason }))
}

/**
 * Whether a name is one of verify's rules.
 *
 * @example
 * isRule('page.next') // true
 */
export function isRule(name: string): name is VerifyRule {
  return Object.hasOwn(VERIFY_RULES, name)
}

/**
 * The rule names closest to a mistyped one: by edit distance, else those sharing a word.
 *
 * @example
 * closeRules('page.nxt') // ['page.next']
 */
export function closeRules(name: string): VerifyRule[] {
  const all = Object.keys(VERIFY_RULES) as VerifyRule[]
  const typed = name.toLowerCase()
  const near = all
    .map((rule) => [rule, distance(typed, rule)] as const)
    .filter(([, d]) => d <= Math.max(2, Math.floor(typed.length / 4)))
    .sort((a, b) => a[1] - b[1])
    .map(([rule]) => rule)
  if (near.length > 0) return near.slice(0, 5)
  const words = typed.split(/[.\-_\s]+/).filter((w) => w.length > 2)
  return all.filter((rule) => words.some((w) => rule.split(/[.-]/).includes(w))).slice(0, 5)
}

/** Levenshtein's distance of two strings. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost)
    }
    row = next
  }
  return row[b.length] ?? 0
}

/**
 * Every rule a run checks against a model, derived from what the model states: the root's links;
 * per collection served its records' members and links (titles too), its pages at each position
 * and their size bounds, the HTTP of its reads (media type, validators, 304, `Vary`,
 * `Cache-Control`, `HEAD`, 406, `Allow`), HAL-FORMS, and, for a writable collection unless
 * `readOnly`, every write's status and outcome (create and its `Location`, read back, replace
 * without the members not sent, patch, delete, 401, 403, 412, 422 with `errors`, no stack trace).
 * Skipped rules are in the list too: a report says so of each.
 *
 * @example
 * for (const { collection, rule, statement } of ruleCatalogue(compileApi(shop.definition)))
 *   console.log(collection, rule, statement)
 */
export function ruleCatalogue(
  model: ApiModel,
  { readOnly = false }: { readonly readOnly?: boolean } = {},
): VerifyRuleEntry[] {
  const out: VerifyRuleEntry[] = []
  const promises = model.definition.promises
  const add = (collection: string, rule: VerifyRule, statement: string) =>
    out.push({ collection, rule, statement })
  const reads = (collection: string, path: string) => {
    add(collection, 'media-type', `GET ${path} answers application/hal+json`)
    add(collection, 'validators.etag', `GET ${path} takes If-None-Match`)
    add(collection, 'validators.last-modified', `GET ${path} takes If-Modified-Since`)
    add(collection, 'validators.not-modified', `GET ${path} answers 304 to its validators`)
    add(collection, 'validators.modified-since', `GET ${path} takes If-Modified-Since`)
    add(collection, 'not-modified.validators', `GET ${path} answers 304 with its validators`)
    add(collection, 'cache-control', `GET ${path} is a cached read`)
    add(collection, 'vary', `GET ${path} answers by Accept (${readTypes(model, path).join(', ')})`)
    add(collection, 'head', `GET ${path} answers HEAD`)
    add(collection, 'not-acceptable', `GET ${path} may answer 406`)
    // The 406 (and a collection's 405) are the errors a read-only run sees.
    if (model.definition.promises?.notAcceptable !== false || collection !== 'root')
      add(collection, 'problem.no-stack', `errors of ${path} are problem details`)
  }
  add('root', 'root.links', `the root links ${model.root.map((l) => l.rel).join(', ')}`)
  reads('root', '/')
  if (model.curies.length > 0)
    add('root', 'curies', `CURIEs ${model.curies.map((c) => c.name).join(', ')}`)
  if (model.root.some((l) => l.kind === 'link' || l.kind === 'service-desc'))
    add('root', 'link.resolves', 'the root links documents of its own')
  const paged = new Set(
    model.collections.flatMap((c) =>
      c.links.filter((l) => l.kind !== 'relation' && l.collection).map((l) => l.collection),
    ),
  )
  for (const c of model.collections) {
    if (!c.served) continue
    const item = c.itemPath
    add(c.name, 'record.schema', `${c.name} records have the schema of ${c.noun}`)
    add(c.name, 'record.self', `${c.name} records are read at ${item}`)
    reads(c.name, item)
    add(c.name, 'allow', `${item} ${c.writable ? 'takes' : 'refuses'} PUT, PATCH and DELETE`)
    add(c.name, 'forms', `${item} ${c.offersForms ? 'offers' : 'offers no'} HAL-FORMS templates`)
    if (c.links.length > 0)
      add(c.name, 'record.links', `${c.name} records link ${c.links.map((l) => l.rel).join(', ')}`)
    const titled = c.links.filter((l) => l.titled)
    if (titled.length > 0)
      add(
        c.name,
        'record.links.title',
        `${titled.map((l) => l.rel).join(', ')} of ${c.name} carry a title`,
      )
    if (c.parent)
      add(c.name, 'record.parent', `${c.name} records live under one ${c.parent.collection}`)
    if ((c.listed && !c.parent) || paged.has(c.name)) pages(c, add)
    if (c.writable && !readOnly && model.auth.writes) writes(model, c, add)
    else if (promises?.notAcceptable === false && promises.allow === false)
      out.splice(
        out.findIndex((r) => r.collection === c.name && r.rule === 'problem.no-stack'),
        1,
      )
  }
  return out
}

/** The rules of a collection's pages, from its paging convention. */
function pages(c: CollectionModel, add: (c: string, r: VerifyRule, s: string) => void): void {
  const { paging } = c
  const list = `${c.listPath}{?${paging.page},${paging.size}}`
  add(c.name, 'page.params', `GET ${list}, ${paging.page} from ${paging.firstIndex}`)
  add(c.name, 'page.size.bounds', `${paging.size} from 1 to ${paging.maxSize}`)
  add(c.name, 'page.items', `pages embed ${c.name} at ${paging.layout.items ?? '(unknown)'}`)
  add(c.name, 'page.totals', `pages count ${c.name} at ${paging.layout.total ?? '(nowhere)'}`)
  const links = paging.layout.links
  const at = (role: keyof typeof links) => links[role].join(' and ') || '(nowhere)'
  add(c.name, 'page.links', `pages link self at ${at('self')}, first, last`)
  if (links.prev.length > 0) {
    add(c.name, 'page.prev.absent-on-first', `the first page has nothing at ${at('prev')}`)
    add(c.name, 'page.prev.present', `pages after the first link prev at ${at('prev')}`)
  }
  if (links.next.length > 0) {
    add(c.name, 'page.next.absent-on-last', `the last page has nothing at ${at('next')}`)
    add(c.name, 'page.next.present', `pages before the last link next at ${at('next')}`)
    add(c.name, 'page.next', `next names page n + 1 by ${paging.page}`)
  }
}

/** The rules of a writable collection's operations, by their statuses. */
function writes(
  model: ApiModel,
  c: CollectionModel,
  add: (c: string, r: VerifyRule, s: string) => void,
): void {
  const op = (kind: string) =>
    model.operations.find((o) => o.collection === c.name && o.kind === kind)
  const create = op('create')
  const replace = op('replace')
  const remove = op('delete')
  const said = (o: typeof create, extra = '') =>
    o ? `${o.id}: ${o.method} ${o.path} answers ${o.status.success}${extra}` : ''
  add(c.name, 'create', said(create))
  add(c.name, 'create.location', said(create, ' with Location'))
  add(c.name, 'read-back', `${c.name} records read back as written`)
  add(c.name, 'replace', said(replace))
  const input = c.jsonSchema.input
  const properties = (input.properties ?? {}) as Record<string, Record<string, unknown>>
  const required = new Set((input.required as string[] | undefined) ?? [])
  const optional = Object.keys(properties).filter(
    (k) => !required.has(k) && k !== c.parent?.member && !('default' in (properties[k] ?? {})),
  )
  if (optional.length > 0)
    add(c.name, 'replace.removes', `${replace?.id ?? 'PUT'} without ${optional[0]} removes it`)
  const strings = Object.entries(properties).filter(
    ([, p]) => p.type === 'string' && p.enum === undefined,
  )
  if (c.patchTypes.length > 0 && strings.length > 0)
    add(c.name, 'patch', `PATCH takes ${c.patchTypes.join(', ')}`)
  add(c.name, 'if-match', `${replace?.id ?? 'PUT'} takes If-Match: 412`)
  add(c.name, 'if-unmodified-since', `${replace?.id ?? 'PUT'} takes If-Unmodified-Since: 412`)
  // The statuses and body of the API's own error format, when it declares one.
  const errors = declaredErrors(model.definition)
  const refused = errors.invalid.join(' or ')
  const format = errors.declared ? ` in ${errors.mediaType}` : ''
  add(c.name, 'invalid-body', `${create?.id ?? 'POST'} may answer ${refused}${format}`)
  add(c.name, 'invalid-body.errors', `${create?.id ?? 'POST'} answers ${refused} with errors`)
  add(c.name, 'auth', `${create?.id ?? 'POST'} needs a token: 401`)
  add(c.name, 'auth.unknown-token', `${create?.id ?? 'POST'} knows its tokens: 401`)
  if (namedTokens(model).length > 1)
    add(c.name, 'auth.forbidden', `${create?.id ?? 'POST'} may answer 403`)
  add(c.name, 'delete', said(remove))
  add(c.name, 'delete.gone', `${op('read')?.id ?? 'GET'} answers 404${format} once deleted`)
  add(c.name, 'cleanup', `verify deletes the ${c.name} it creates`)
}

/** The media types a read at `path` answers in. */
function readTypes(model: ApiModel, path: string): readonly string[] {
  const found = model.operations.find(
    (o) => o.method === 'GET' && (o.path || '/') === path && o.kind !== 'route',
  )
  return found?.response.mediaTypes ?? ['application/hal+json']
}

/**
 * The tokens a definition names (its `tokens`, its collections' `writers`): a server serving it
 * knows each.
 *
 * @example
 * namedTokens(compileApi(createBlogApi().definition)) // ['dev-token', 'reader-token']
 */
export function namedTokens(model: ApiModel): string[] {
  const { definition } = model
  const writers = Object.values(definition.collections).flatMap((c) => c.writers ?? [])
  return [...new Set([...(definition.tokens ?? []), ...writers])]
}
