import { type BodyRead, parseJson } from './body.js'

/** One request as a run sent it, and its answer (status 0: none, and why in `text`). */
export interface Exchange {
  readonly method: string
  readonly url: string
  readonly status: number
  readonly statusText?: string
  readonly headers: Headers
  readonly text: string
  /** The body as JSON, when it is JSON (and nests no deeper than a run reads). */
  readonly json: unknown
  /** The body sent, for a report. */
  readonly sent?: string
  /** Why the answer is not taken as it is: JSON too deep, a redirect not followed, a bound. */
  readonly refused?: string
  /** The body was longer than a run keeps: `text` is its start. */
  readonly truncated?: boolean
  /** The run's byte bound refused the body: `text` is what came before. */
  readonly overBytes?: boolean
}

/** An exchange without an answer: `why` in its text, status 0. */
export function failed(
  method: string,
  url: string,
  why: string,
  sent: string | undefined,
): Exchange {
  return {
    method,
    url,
    status: 0,
    headers: new Headers(),
    text: why,
    json: undefined,
    ...(sent === undefined ? {} : { sent }),
  }
}

/** An exchange answered and read (whole, or to a bound). */
export function finished(
  method: string,
  url: string,
  response: Response,
  read: BodyRead,
  sent: string | undefined,
): Exchange {
  const { json, unusable } = read.refused
    ? { json: undefined, unusable: undefined }
    : parseJson(read.text, response.headers.get('content-type') ?? '')
  return {
    method,
    url,
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    text: read.text,
    json: read.truncated ? undefined : json,
    ...(sent === undefined ? {} : { sent }),
    ...(unusable === undefined || read.truncated ? {} : { refused: unusable }),
    ...(read.truncated ? { truncated: true } : {}),
    ...(read.refused ? { overBytes: true } : {}),
  }
}
