import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { HalPromises } from '../definition/api.js'
import { type Crawl, type CrawlOptions, crawlApi, type Exchange } from './crawl.js'
import { compareShapes, type Drift } from './drift.js'
import { type EmitNotes, emitRecording, type RecordingFiles } from './emit/module.js'
import { type RecordingShape, recordingShape } from './emit/shape.js'
import { inferApi } from './infer/api.js'
import { securitySchemesOf } from './infer/auth.js'
import { errorFormatOf } from './infer/errors.js'
import { promisesOf } from './infer/promises.js'
import type { ApiModel } from './model.js'
import { type RedactionReport, type RedactOptions, Redactor, unsafeSecret } from './redact.js'

/** A recording that cannot be made (its root cannot be read, or is no JSON object): its message says why. */
export class RecordError extends Error {
  override readonly name = 'RecordError'
}

/** Options of {@link recordApi}: the crawl's, and redaction's. */
export interface RecordOptions extends CrawlOptions {
  /** Member names or URL paths (`/api/public`) whose values are kept unredacted. */
  readonly keep?: readonly string[]
  /** Turns redaction off (the values of `headers` are still never written). */
  readonly redact?: boolean
}

/** A recording: its files, and what was crawled (redacted) and inferred to make them. */
export interface Recording {
  readonly files: RecordingFiles
  readonly crawl: Crawl
  readonly model: ApiModel
  readonly redactions: readonly RedactionReport[]
}

/**
 * Why one of the headers to send cannot be redacted safely (see {@link unsafeSecret}), as a
 * sentence saying what to do; `undefined` when all can. A header named in `keep` is not redacted.
 *
 * @example
 * weakHeader({ 'X-Tenant-Id': '1001' }, []) // 'the value of --header X-Tenant-Id is a number: …'
 */
export function weakHeader(
  headers: Readonly<Record<string, string>>,
  keep: readonly string[],
): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (keep.some((k) => k.toLowerCase() === name.toLowerCase())) continue
    // A `Cookie` header's secrets are its cookies' values, each replaced on its own.
    const values =
      name.toLowerCase() === 'cookie'
        ? value.split(';').map((pair) => pair.slice(pair.indexOf('=') + 1).trim())
        : [value]
    const why = values.map(unsafeSecret).find((reason) => reason !== undefined)
    if (why === undefined) continue
    return `the value of --header ${name} ${why}: redacting it would replace what merely looks like it in the recording (numbers, flags, code). If it is no secret, pass --keep ${name} to write it as it is; if it is one, use a longer value`
  }
  return undefined
}

/** The API's OpenAPI document: read, never written (the mock serves its own; see infer/api.ts). */
const isOpenApi = (url: string) => new URL(url).pathname.endsWith('/openapi.json')

/** The crawl with its secrets replaced, in a fixed order (so that pseudonyms are stable). */
function redacted(crawl: Crawl, redactor: Redactor, options: RedactOptions): Crawl {
  // The variants asked for besides HAL (HAL-FORMS, ALPS, JSON Schema) inform the inference but are
  // never written: redacted too, by a redactor of their own, so the report counts only what is
  // written. What a HAL `Accept` got (a profile, say) may be written as a document.
  const unwritten = new Redactor(options)
  const exchanges = new Map<string, Exchange>()
  const keys = [...crawl.exchanges.keys()].sort()
  for (const key of keys) {
    const exchange = crawl.exchanges.get(key) as Exchange
    const url = redactor.text(exchange.url)
    exchanges.set(key === exchange.url ? url : key.replace(exchange.url, url), {
      ...exchange,
      url,
      body: (exchange.accept === 'hal' && !isOpenApi(exchange.url) ? redactor : unwritten).document(
        exchange.body,
        exchange.url,
      ),
    })
  }
  return {
    ...crawl,
    root: redactor.text(crawl.root),
    exchanges,
    unreached: crawl.unreached.map((u) => ({ url: redactor.text(u.url), reason: u.reason })),
  }
}

/**
 * Records a live HAL API: crawls it from `root`, redacts secrets, infers its definition and emits
 * the files of a stateful mock (see `emitRecording`). Writes nothing: {@link writeRecording} does.
 *
 * @example
 * const { files } = await recordApi('http://127.0.0.1:4010/api/v1.2', { pages: 3 })
 * await writeRecording('recorded', files)
 */
export async function recordApi(root: string, options: RecordOptions = {}): Promise<Recording> {
  const weak = weakHeader(options.headers ?? {}, options.keep ?? [])
  if (weak) throw new RecordError(weak)
  return recordCrawl(await crawlApi(root, options), options)
}

/** What a recording from other sources than a crawl adds (a HAR file's writes and auth). */
export interface RecordExtras {
  /** Secrets met besides `headers` (a HAR's cookies and tokens), by where: never written. */
  readonly secrets?: Readonly<Record<string, string>>
  /** Whether a recording may lack the root's document (a session that never read it). */
  readonly withoutRoot?: boolean
  /** Changes the inferred model before it is emitted (what traffic teaches of writes). */
  readonly amend?: (model: ApiModel, crawl: Crawl) => ApiModel
  /** Notes and auth schemes the emitted module gets (see `EmitNotes`), once the model is made. */
  readonly notes?: (model: ApiModel) => Pick<EmitNotes, 'comments' | 'securitySchemes'>
  /** What verify may hold the original to, over what the documents show. */
  readonly promises?: (promises: HalPromises) => HalPromises
}

/**
 * Makes a recording of documents already read (a crawl's, or a HAR file's made into one):
 * redacts them, infers the definition and emits its files. {@link recordApi} is this after a
 * crawl.
 *
 * @example
 * const recording = recordCrawl(await crawlApi('http://127.0.0.1:4010/api'), {})
 * recording.files['api.ts']
 */
export function recordCrawl(
  crawl: Crawl,
  options: RecordOptions = {},
  extras: RecordExtras = {},
): Recording {
  const redaction: RedactOptions = {
    headers: { ...extras.secrets, ...options.headers },
    ...(options.keep ? { keep: options.keep } : {}),
    off: options.redact === false,
  }
  const redactor = new Redactor(redaction)
  const clean = redacted(crawl, redactor, redaction)
  if (!clean.exchanges.has(clean.root) && !extras.withoutRoot) {
    const why = clean.unreached.find((u) => u.url === clean.root)?.reason ?? 'no HAL document'
    throw new RecordError(`the root ${clean.root} could not be read (${why}): nothing to record`)
  }
  const rootBody = clean.exchanges.get(clean.root)?.body
  if (
    clean.exchanges.has(clean.root) &&
    (typeof rootBody !== 'object' || rootBody === null || Array.isArray(rootBody))
  ) {
    const kind =
      rootBody === null ? 'null' : Array.isArray(rootBody) ? 'an array' : `a ${typeof rootBody}`
    throw new RecordError(
      `the root ${clean.root} is JSON ${kind}, not a HAL document (an object): nothing to record`,
    )
  }
  const schemes = options.headers ? securitySchemesOf(options.headers) : undefined
  const inferred = { ...inferApi(clean), ...(schemes ? { securitySchemes: schemes } : {}) }
  const model = extras.amend ? extras.amend(inferred, clean) : inferred
  const redactions = redactor.report()
  const unreached = [...clean.unreached, ...(model.skipped ?? [])]
  const promises = promisesOf(clean, model.collections)
  const files = emitRecording(model, {
    redactions,
    unreached,
    ...(options.redact === false ? { redactionOff: true } : {}),
    promises: extras.promises ? extras.promises(promises) : promises,
    ...withErrorFormat(clean),
    ...extras.notes?.(model),
  })
  // The last guard: no file may hold a header's value, whatever the inference made of it.
  const { files: safe, unredactable } = redactor.files(files)
  const [first] = unredactable
  if (first) {
    throw new RecordError(
      `the value of ${first.what} is in ${first.file} outside its strings (in a number, a name or the code), where replacing it would break the file: nothing written; send a longer, more distinctive value`,
    )
  }
  // The crawl as recorded: redacted too, since callers print what it could not reach.
  return { files: safe, crawl: { ...clean, unreached }, model, redactions }
}

/** The error format the crawl's error answers show, for the emitted module. */
function withErrorFormat(crawl: Crawl): Pick<EmitNotes, 'errors'> {
  const errors = errorFormatOf(crawl.errors)
  return errors ? { errors } : {}
}

/** Writes a recording's files into `dir` (created if missing). */
export async function writeRecording(dir: string, files: RecordingFiles): Promise<void> {
  await mkdir(dir, { recursive: true })
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text)
}

/**
 * Crawls an API again and compares it with a recording's `recording.json`: the drift (rels,
 * members and types, address patterns, paging), values ignored. Empty when the API still matches.
 *
 * @example
 * const drift = await checkRecording('recorded', 'http://127.0.0.1:4010/api/v1.2')
 * if (drift.length > 0) process.exitCode = 1
 */
export async function checkRecording(
  dir: string,
  root: string,
  options: RecordOptions = {},
): Promise<Drift[]> {
  const recorded = JSON.parse(await readFile(join(dir, 'recording.json'), 'utf8')) as RecordingShape
  const { model, crawl } = await recordApi(root, options)
  return compareShapes(recorded, recordingShape(model, { unreached: crawl.unreached }))
}
