import type { HalApiDefinition } from '../../definition/api.js'
import { PROBLEM_JSON as PROBLEM } from '../../http/media-types.js'
import type { ProblemDetails } from '../../http/problem.js'
import { reasonPhrase } from '../../http/reason-phrase.js'
import type { Exchange } from '../../remote/client.js'
import { isObject } from '../documents.js'

/**
 * The errors a server answering a definition writes, as its `errors` format declares them (the
 * toolkit's problem details and 422 when it declares none): what `verify` compares an error with.
 */
export interface DeclaredErrors {
  /** The statuses a refused body may get: the format's `invalid`, 400 or 422 when it is unset. */
  readonly invalid: readonly number[]
  /** The media type of an error's body. */
  readonly mediaType: string
  /** Whether the format writes its own bodies (else problem details, checked as such). */
  readonly own: boolean
  /** Whether the definition declares a format at all (the Blog's and most APIs' do not). */
  readonly declared: boolean
  /**
   * The body the format writes for an error of `status` (with one field error when `refused`),
   * from a sample problem: `undefined` when it writes none.
   */
  bodyOf(status: number, refused: boolean): unknown
}

/**
 * The declared error format of `definition` (see `HalApiDefinition.errors`).
 *
 * @example
 * declaredErrors(model.definition).invalid // [422] without `errors`
 */
export function declaredErrors(definition: HalApiDefinition): DeclaredErrors {
  const format = definition.errors
  return {
    invalid: format === undefined ? [422] : format.invalid ? [format.invalid] : [400, 422],
    mediaType: format?.mediaType ?? PROBLEM,
    own: format?.body !== undefined,
    declared: format !== undefined,
    bodyOf(status, refused) {
      const sample: ProblemDetails = {
        type: 'about:blank',
        title: reasonPhrase(status) ?? 'Client Error',
        status,
        detail: 'A sample problem.',
        instance: '/',
        ...(refused ? { errors: [{ pointer: '/member', detail: 'A sample problem.' }] } : {}),
      }
      if (!format?.body) return sample
      try {
        return format.body(sample)
      } catch {
        return sample
      }
    },
  }
}

/** The media type of an answer, without parameters. */
export const mediaTypeOf = (answer: Exchange): string =>
  (answer.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''

/**
 * What of the declared format `answer`, an error of its status, lacks: its media type, or a
 * top-level member of the declared body; `undefined` when it is written in the format. Problem
 * details (no body of the format's own) need only their media type.
 */
export function formatDifference(
  errors: DeclaredErrors,
  answer: Exchange,
  refused: boolean,
): string | undefined {
  const declared = errors.bodyOf(answer.status, refused)
  if (declared === undefined) return answer.text === '' ? undefined : 'a body where none is'
  const type = mediaTypeOf(answer)
  if (type !== errors.mediaType.toLowerCase())
    return `${type || 'no Content-Type'}, not ${errors.mediaType}`
  if (!errors.own || !isObject(declared)) return undefined
  const missing = Object.keys(declared).filter(
    (name) => !isObject(answer.json) || !(name in answer.json),
  )
  return missing.length === 0 ? undefined : `no ${missing.map((m) => `"${m}"`).join(', ')}`
}
