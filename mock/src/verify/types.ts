import type { HalApiDefinition } from '../definition/api.js'

/**
 * The rules `verify` checks, by name, with the sentence a report gives for each. A finding names
 * one of them.
 *
 * @example
 * VERIFY_RULES['page.next'] // 'next names the page after this one'
 */
export const VERIFY_RULES = {
  'root.links': 'the root links every collection and link the definition declares',
  'media-type': 'HAL documents are answered as application/hal+json',
  'validators.etag': 'reads carry an ETag',
  'validators.last-modified': 'reads carry a Last-Modified',
  'cache-control': 'reads say how long they stay fresh (Cache-Control)',
  vary: 'answers that depend on Accept say so (Vary: Accept)',
  'validators.not-modified': 'If-None-Match and If-Modified-Since with the validators answer 304',
  'validators.modified-since': 'If-Modified-Since before the last change answers 200, not 304',
  'not-modified.validators': 'a 304 carries the ETag and Last-Modified of the 200 it stands for',
  head: 'HEAD answers as GET, without a body',
  'not-acceptable': 'an Accept the resource cannot answer gets 406',
  allow: 'Allow and 405 say what the definition lets a client write',
  'page.params': 'list links are templates with the paging convention’s parameters',
  'page.size.bounds': 'a page size beyond the largest, or below 1, answers 400',
  'page.links': 'pages link self, first and last',
  'page.prev.absent-on-first': 'the first page links no prev page',
  'page.prev.present': 'every page after the first links its prev page',
  'page.next.absent-on-last': 'the last page links no next page',
  'page.next.present': 'every page before the last links its next page',
  'page.next': 'next names the page after this one, prev the one before',
  'page.totals': 'totals agree with the items read and the page sizes',
  'page.items': 'pages embed their records where the paging convention puts them',
  'record.schema': 'records have the members and types of their schema',
  'record.links': 'records carry the links the definition declares',
  'record.links.title': 'links the definition gives a title carry one',
  'record.self': 'self is the absolute URL the record is read at',
  'record.parent': 'a nested record is not found under another parent (404)',
  'link.resolves': 'every link resolves',
  curies: 'CURIEs are declared where their rels are used, as the definition names them',
  forms: 'HAL-FORMS templates offer the writes the definition allows, with the schema’s members',
  create: 'a create answers 201 with the record as sent',
  'create.location': 'a create’s Location names the record created (its self)',
  'read-back': 'a written record reads back as sent',
  replace: 'PUT replaces a record it created',
  'replace.removes': 'PUT replaces: the members it does not send are gone',
  patch: 'a merge patch and a JSON Patch change the members they name',
  'if-match': 'a stale If-Match gets 412 and changes nothing',
  'if-unmodified-since':
    'an If-Unmodified-Since before the last change gets 412 and changes nothing',
  'invalid-body':
    "a body the schema refuses gets a 422 problem (or the status, media type and members of the API's declared error format), never a 2xx or 5xx",
  'invalid-body.errors':
    "a refusal lists its problems: in errors, each with a JSON Pointer (or in the list the API's error format declares)",
  'problem.no-stack': 'problems carry no stack trace',
  auth: 'a write without a token gets 401',
  'auth.unknown-token': 'a write with a token the server does not know gets 401',
  'auth.forbidden': 'a write with a known token that may not write gets 403',
  delete: 'DELETE answers the definition’s status (204, no body)',
  'delete.gone':
    "a deleted record then answers 404 (in the API's error format, when it declares one)",
  cleanup: 'every record verify created is deleted',
  bounds: 'the run finished within its bounds',
} as const

/**
 * A rule's name.
 *
 * @example
 * const rule: VerifyRule = 'if-match'
 */
export type VerifyRule = keyof typeof VERIFY_RULES

/**
 * What `verifyApi` checks and how.
 *
 * @example
 * const options: VerifyOptions = { url: 'http://127.0.0.1:4010/api', api: shop, token: 'dev-token' }
 */
export interface VerifyOptions {
  /** The API root's absolute URL, e.g. `http://127.0.0.1:4010/api/v1.2`. */
  readonly url: string
  /** The definition the server is checked against, or an API made with `defineHalApi`. */
  readonly api: HalApiDefinition | { readonly definition: HalApiDefinition }
  /** Headers sent with every request (their values never appear in a report). */
  readonly headers?: Readonly<Record<string, string>>
  /** A token that may write, sent as the definition's security scheme says (never reported). */
  readonly token?: string
  /** Only read: no write at all. Default false. */
  readonly readOnly?: boolean
  /** Requests in all, cleanup aside. Default 5000. */
  readonly maxRequests?: number
  /** Requests per second at most. Default: no limit. */
  readonly rate?: number
  /** Milliseconds the run may take before it stops (and cleans up). Default 300 000. */
  readonly maxTime?: number
  /** Pages read per list by following `next`. Default 50. */
  readonly pages?: number
  /** Records read by their own URL (links followed, validators checked) per collection. Default 3. */
  readonly samples?: number
  /** Seed of the generated bodies. Default 1. */
  readonly seed?: number
  /** Values of templated links' variables (`blogId`); an id-like one is tried with 1 otherwise. */
  readonly variables?: Readonly<Record<string, string>>
  /** A URL to `POST` before the run, for servers that offer a reset (none is sent otherwise). */
  readonly reset?: string
  /**
   * Rules not checked, by name (`--skip`), for a known difference of the server; listed as skipped
   * in every report. An unknown name is a `TypeError`.
   */
  readonly skip?: readonly VerifyRule[]
  /** Stops the run (then cleans up), e.g. on Ctrl-C. */
  readonly signal?: AbortSignal
  /** Called after each request. */
  onProgress?(progress: VerifyProgress): void
}

/**
 * Where a run is, for a progress line.
 *
 * @example
 * const onProgress = (p: VerifyProgress) => process.stderr.write(`${p.requests} requests\n`)
 */
export interface VerifyProgress {
  readonly requests: number
  readonly failures: number
  readonly warnings: number
  readonly elapsed: number
}

/**
 * One failure or warning, with the request that showed it and an excerpt of the answer.
 *
 * @example
 * report.findings.filter((f: VerifyFinding) => f.severity === 'failure')
 */
export interface VerifyFinding {
  /** The collection (or `root`) it concerns. */
  readonly collection: string
  readonly rule: VerifyRule
  readonly severity: 'failure' | 'warning'
  readonly message: string
  readonly request?: { readonly method: string; readonly url: string; readonly body?: string }
  readonly answer?: { readonly status: number; readonly excerpt: string }
}

/**
 * How many times a rule held and broke, for one collection.
 *
 * @example
 * report.checks.find((c: VerifyCheck) => c.rule === 'page.totals')?.passed
 */
export interface VerifyCheck {
  readonly collection: string
  readonly rule: VerifyRule
  passed: number
  failed: number
  warned: number
}

/**
 * What a run found: each check's counts, every finding, the requests made and what was left.
 *
 * @example
 * const report = await verifyApi({ url, api })
 * if (!report.ok) console.log(formatReport(report))
 */
export interface VerifyReport {
  readonly url: string
  readonly title: string
  /** No failure (warnings allowed). */
  readonly ok: boolean
  readonly failures: number
  readonly warnings: number
  readonly checks: readonly VerifyCheck[]
  /**
   * Every rule of the model's catalogue (`ruleCatalogue`), where it applies, with what became of
   * it: `not checked` when the run never got to check it (no record to read, no token), never
   * `held`.
   */
  readonly rules: readonly VerifyRuleResult[]
  /** The rules not checked on purpose, with why: `--skip`, or the definition's `promises`. */
  readonly skipped: readonly { readonly rule: VerifyRule; readonly reason: string }[]
  readonly findings: readonly VerifyFinding[]
  readonly requests: number
  readonly elapsed: number
  /** Records created (and deleted again, unless listed in `leftovers`). */
  readonly created: number
  /** URLs of records verify created and could not delete. */
  readonly leftovers: readonly string[]
  /** Why the run stopped early, when it did (a bound, a signal). */
  readonly stopped?: string
  /**
   * Why the root could not be read as a HAL document (no answer, not 200, a JSON array, string or
   * `null`), when it could not: nothing else was checked (the CLI exits 2).
   */
  readonly unreachable?: string
}

/**
 * One rule of the catalogue on one collection, as a run left it.
 *
 * @example
 * report.rules.filter((r: VerifyRuleResult) => r.status === 'not checked')
 */
export interface VerifyRuleResult {
  readonly collection: string
  readonly rule: VerifyRule
  /** The model's statement it comes from. */
  readonly statement: string
  readonly status: 'held' | 'failed' | 'warned' | 'not checked' | 'skipped'
  /** Why it was skipped, or not checked when the run knows. */
  readonly reason?: string
}
