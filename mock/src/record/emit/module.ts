import type { HalPromises } from '../../definition/api.js'
import type { ErrorFormatModel } from '../infer/errors.js'
import { zodSource } from '../infer/schema.js'
import type { ApiModel } from '../model.js'
import { RECORDED_ORIGIN } from '../model.js'
import type { RedactionReport } from '../redact.js'
import { collectionSource, rootItemVariable } from './collection.js'
import { errorsSource } from './errors.js'
import { helperLines } from './helpers.js'
import { recordedLinks, resolveLinks } from './links.js'
import { recordingShape } from './shape.js'
import { camel, comment, js } from './text.js'

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
  const schemas = model.collections.map(
    (c) => `const ${camel(c.name)}Schema = ${zodSource(c.shape)}`,
  )
  const hasRoutes = model.documents.length > 0 || model.root !== undefined
  const linked = recordedLinks(model)
  const helpers = helperLines(model, hasRoutes, linked !== undefined)
  const api = [
    ...headerLines(model, notes),
    ...importLines(hasRoutes, linked !== undefined),
    '',
    ...schemas,
    '',
    ...helpers,
    ...(helpers.length ? [''] : []),
    ...definitionLines(model, notes, hasRoutes),
    '',
  ].join('\n')
  return recordingFiles(model, notes, api, hasRoutes, linked)
}

/** The module's header comment: where it was recorded, what was redacted, what was not reached. */
function headerLines(model: ApiModel, notes: EmitNotes): string[] {
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
  return header
}

/** The module's imports: the core, zod and the JSON files it reads. */
function importLines(hasRoutes: boolean, linked: boolean): string[] {
  return [
    `import { defineCollection, defineHalApi${hasRoutes ? ', type HalRoute' : ''} } from '@halyard/mock'`,
    `import { z } from 'zod'`,
    ...(hasRoutes ? [`import documents from './documents.json' with { type: 'json' }`] : []),
    `import seed from './seed.json' with { type: 'json' }`,
    ...(linked ? [`import linked from './links.json' with { type: 'json' }`] : []),
  ]
}

/** The `defineHalApi` call: the definition's options, its collections, its routes. */
function definitionLines(model: ApiModel, notes: EmitNotes, hasRoutes: boolean): string[] {
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
  body.push(...collectionLines(model))
  body.push('  },')
  if (hasRoutes) {
    body.push(
      '  // Documents of no collection (and the root, when the core would write it otherwise).',
      '  routes: byPath(documents),',
    )
  }
  body.push('})')
  return body
}

/** Each collection's `defineCollection`, with the links resolved across collections. */
function collectionLines(model: ApiModel): string[] {
  const resolved = resolveLinks(model)
  const lines: string[] = []
  for (const c of model.collections) {
    const r = resolved.get(c.name)
    const parent = model.collections.some((child) => child.parent?.collection === c.name)
    const curies = model.curies.length > 0
    const variable = rootItemVariable(model.root, c)
    lines.push(collectionSource(c, r?.links ?? [], r?.nestedRel, parent, curies, variable))
  }
  return lines
}

/** The files beside `api.ts`: its records, its documents, its shape, its recorded link ids. */
function recordingFiles(
  model: ApiModel,
  notes: EmitNotes,
  api: string,
  hasRoutes: boolean,
  linked: ReturnType<typeof recordedLinks>,
): RecordingFiles {
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
