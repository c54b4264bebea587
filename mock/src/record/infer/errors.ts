import { reasonPhrase } from '../../http/reason-phrase.js'
import type { ErrorSample, ErrorSamples } from '../error-probe.js'

/**
 * What a member of an error body holds, read from a sample: a member of the problem details
 * the mock makes (`title`, `detail`, `status`, `type`, `instance`), the time of the answer, the
 * list of invalid members (each item's members read the same way: `pointer`, `field`, `detail`),
 * or a value the same in every error.
 */
export type ErrorRole =
  | { readonly role: 'type' | 'title' | 'status' | 'detail' | 'instance' | 'time' | 'epoch' }
  | { readonly role: 'pointer' | 'field' }
  | { readonly role: 'list'; readonly item: ErrorShape }
  | { readonly role: 'constant'; readonly value: unknown }

/** An error body's shape: its members in order, or (a list of strings) one role for the value. */
export type ErrorShape =
  | { readonly members: readonly { readonly name: string; readonly as: ErrorRole }[] }
  | { readonly value: ErrorRole }

/** The API's error format as a recording learned it, and where each part was learned. */
export interface ErrorFormatModel {
  /** The status of a refused body, when one was seen. */
  readonly invalid?: 400 | 422
  /** The media type of the errors' bodies; `undefined` for no body. */
  readonly mediaType?: string
  /** The body of a refused body's error (from a refusal seen, else the 404's). */
  readonly refused?: ErrorShape
  /** The body of the other errors (the 404's), when it differs from a refusal's. */
  readonly other?: ErrorShape
  /** Whether errors have no body (an empty 404). */
  readonly empty?: boolean
  /** Where each part was learned, one line each, for the recording's comment. */
  readonly learned: readonly string[]
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A value written as it is: a code (`NOT_FOUND`, `invalid-body`), a number, a boolean. A text of
 * another kind (a trace id, a sentence) is some error's own, written as its detail: never copied.
 */
const constant = (value: unknown): ErrorRole =>
  typeof value === 'string' && !/^[A-Za-z][A-Za-z_.:-]{0,39}$/.test(value)
    ? { role: 'detail' }
    : { role: 'constant', value: isObject(value) || Array.isArray(value) ? {} : value }

/** The role of one member of a sample, by its name and its value. */
function roleOf(name: string, value: unknown, sample: ErrorSample, inList: boolean): ErrorRole {
  const lower = name.toLowerCase()
  if (Array.isArray(value)) {
    const first = value[0]
    if (isObject(first)) return { role: 'list', item: shapeOf(first, sample, true) }
    return { role: 'list', item: { value: { role: 'detail' } } }
  }
  if (typeof value === 'number') {
    if (value === sample.status && !inList) return { role: 'status' }
    if (/time|date|^at$/.test(lower) || value > 1e11) return { role: 'epoch' }
    return constant(value)
  }
  if (typeof value !== 'string') return constant(value)
  const path = new URL(sample.url).pathname
  if (inList) {
    if (value.startsWith('/') && /pointer|path/.test(lower)) return { role: 'pointer' }
    if (/field|property|param|path|name|key|pointer|source/.test(lower)) return { role: 'field' }
    if (/message|detail|msg|description|reason|error|title/.test(lower)) return { role: 'detail' }
    return constant(value)
  }
  if (lower === 'type') return { role: 'type' }
  if (value === path || value === sample.url) return { role: 'instance' }
  if (/time|date|^at$/.test(lower) && !Number.isNaN(Date.parse(value))) return { role: 'time' }
  if (value.toLowerCase() === reasonPhrase(sample.status)?.toLowerCase()) return { role: 'title' }
  if (/message|detail|description|reason|msg/.test(lower)) return { role: 'detail' }
  if (/^(error|title)$/.test(lower)) return { role: 'title' }
  return /\s/.test(value) ? { role: 'detail' } : constant(value)
}

/** The shape of a sample's body, member by member. */
function shapeOf(body: Record<string, unknown>, sample: ErrorSample, inList: boolean): ErrorShape {
  return {
    members: Object.entries(body).map(([name, value]) => ({
      name,
      as: roleOf(name, value, sample, inList),
    })),
  }
}

const names = (shape: ErrorShape | undefined) =>
  shape && 'members' in shape ? shape.members.map((m) => m.name).join(',') : ''

/**
 * The API's error format from the error answers a recording saw: a refused body's status and
 * body (a HAR session's own write), else the 404's body (asked by the crawl); `undefined` when
 * it saw none it can read (an HTML page, a body that is no JSON object).
 *
 * @example
 * errorFormatOf({ notFound: { asked: 'GET /api/notes/1000000001', url, status: 404, contentType: 'application/json', body: { error: 'Not Found', message: '…' } } })
 */
export function errorFormatOf(samples: ErrorSamples | undefined): ErrorFormatModel | undefined {
  const { notFound, refused } = samples ?? {}
  const readable = (s: ErrorSample | undefined) =>
    s !== undefined && !s.opaque && (s.body === undefined || isObject(s.body)) ? s : undefined
  const found = readable(notFound)
  const invalid = readable(refused)
  const main = invalid ?? found
  if (main === undefined) return undefined
  const learned: string[] = []
  if (found)
    learned.push(`its 404 (media type and members): ${found.asked}, a record that cannot exist.`)
  if (invalid)
    learned.push(
      `the status and body of a refused body: ${invalid.asked} of the session, answered ${invalid.status}.`,
    )
  else
    learned.push(
      'the status of a refused body was not seen (the recorder never writes): the mock answers 422, verify takes 400 or 422.',
    )
  if (!isObject(main.body)) return { ...statusOf(invalid), empty: true, learned }
  const mainShape = shapeOf(main.body, main, false)
  const other =
    invalid && found && isObject(found.body) ? shapeOf(found.body, found, false) : undefined
  return {
    ...statusOf(invalid),
    mediaType: main.contentType || 'application/json',
    refused: mainShape,
    ...(other && names(other) !== names(mainShape) ? { other } : {}),
    learned,
  }
}

const statusOf = (refused: ErrorSample | undefined): { invalid?: 400 | 422 } =>
  refused?.status === 400 || refused?.status === 422 ? { invalid: refused.status } : {}
