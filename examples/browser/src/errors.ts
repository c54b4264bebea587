import {
  isHttpError,
  isNetworkError,
  isNotFoundError,
  isTimeoutError,
  isUnauthorizedError,
} from '@halyard/sdk'

/** What to tell the person when a call failed, and the form field it concerns, if any. */
export interface Explanation {
  readonly message: string
  readonly field?: 'token'
}

/**
 * Explains a failed call in words, with the SDK's error guards. Validation (422) and conflicts
 * (412) are handled where they happen, by the forms: this covers everything else.
 *
 * @example
 * explain(error).message // 'The API needs an access token to write (401) …'
 */
export function explain(error: unknown, apiUrl: string): Explanation {
  if (isUnauthorizedError(error)) {
    return {
      field: 'token',
      message:
        'The API refused to write without a valid access token (401): the token is missing or ' +
        'unknown. The mock and the demo server accept dev-token.',
    }
  }
  if (isHttpError(error) && error.status === 403) {
    return {
      field: 'token',
      message:
        'This token is known, but it may not write to this blog (403). Use a token with write ' +
        'access, such as dev-token.',
    }
  }
  if (isNotFoundError(error)) {
    return { message: 'There is no such article (404): it may have been deleted.' }
  }
  if (isHttpError(error)) {
    const what = error.problem?.detail ?? error.problem?.title ?? error.response.statusText
    return { message: `The API answered ${error.status}${what ? `: ${what}` : ''}.` }
  }
  if (isNetworkError(error) || isTimeoutError(error)) {
    return { message: `The API at ${apiUrl} could not be reached. Is it running?` }
  }
  return { message: error instanceof Error ? error.message : String(error) }
}
