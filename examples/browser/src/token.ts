/**
 * The access token typed last, kept in memory only, so that the next form starts with it. The SDK
 * asks for it before each request and sends it to the API's origin alone.
 */
let current = ''

export const accessToken = {
  get: (): string => current,
  set(value: string): void {
    current = value.trim()
  },
  /** The SDK's token source: none while the field is empty. */
  source: (): string | undefined => current || undefined,
}

/** The hint beside every token field. */
export const TOKEN_HINT =
  'Writing needs a token, sent as X-Access-Token to this API only. The mock and the demo server ' +
  'accept dev-token; reader-token is known but may not write.'
