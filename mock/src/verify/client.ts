/** Why a run stopped before its end: a bound it reached, or its signal. */
export class VerifyStop extends Error {
  override readonly name = 'VerifyStop'
}

/** Which credentials a request carries: the token, none, or a token no server knows. */
export type Credentials = 'token' | 'none' | 'wrong'

/** One request as `verify` sends it. */
export interface Exchange {
  readonly method: string
  readonly url: string
  readonly status: number
  readonly headers: Headers
  readonly text: string
  /** The body as JSON, when it is JSON. */
  readonly json: unknown
  /** The body sent, for a report. */
  readonly sent?: string
}

/** A token no server knows, for the wrong-token checks. */
const WRONG_TOKEN = 'halyard-verify-wrong-token'
/** What the bounds read the time by; a test hands in a clock of its own. */
export interface VerifyClock {
  now(): number
  sleep(ms: number): Promise<void>
}

const REAL_CLOCK: VerifyClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/** Each request's own time limit. */
const REQUEST_TIMEOUT = 15_000
/** The most of an answer's body kept in memory. */
const MAX_BODY = 8 * 1024 * 1024

/**
 * The HTTP side of a run: the user's headers and token on every request (or none, or a wrong one),
 * bounded in count, rate and time, stoppable by a signal. Cleanup requests pass the bounds.
 */
export class VerifyClient {
  requests = 0
  readonly #clock: VerifyClock
  readonly #started: number
  #last = 0
  readonly #secrets: string[]

  constructor(
    private readonly options: {
      readonly headers: Readonly<Record<string, string>>
      /** The header a token goes in, and how (`Bearer …` or as it is). */
      readonly tokenHeader: { readonly name: string; readonly bearer: boolean }
      readonly token: string | undefined
      readonly maxRequests: number
      readonly rate: number | undefined
      readonly maxTime: number
      readonly signal: AbortSignal | undefined
      readonly onRequest: () => void
      readonly clock?: VerifyClock
    },
  ) {
    this.#clock = options.clock ?? REAL_CLOCK
    this.#started = this.#clock.now()
    this.#secrets = [
      ...Object.values(options.headers),
      ...(options.token ? [options.token] : []),
    ].filter((s) => s.length >= 4)
  }

  get elapsed(): number {
    return this.#clock.now() - this.#started
  }

  /** Why the run must stop now, if it must. */
  stopReason(): string | undefined {
    if (this.options.signal?.aborted) return 'stopped by a signal'
    if (this.requests >= this.options.maxRequests)
      return `reached --max-requests ${this.options.maxRequests}`
    if (this.elapsed >= this.options.maxTime)
      return `reached --max-time ${this.options.maxTime / 1000} s`
    return undefined
  }

  /** A text with the values of the user's headers and token replaced, for a report. */
  redact(text: string): string {
    let out = text
    for (const secret of this.#secrets) out = out.split(secret).join('[redacted]')
    return out
  }

  async send(
    method: string,
    url: string,
    {
      headers = {},
      body,
      credentials = 'token',
      cleanup = false,
    }: {
      headers?: Record<string, string>
      body?: string
      credentials?: Credentials
      cleanup?: boolean
    } = {},
  ): Promise<Exchange> {
    if (!cleanup) {
      const reason = this.stopReason()
      if (reason) throw new VerifyStop(reason)
      if (this.options.rate) {
        const wait = this.#last + 1000 / this.options.rate - this.#clock.now()
        if (wait > 0) await this.#clock.sleep(wait)
      }
    }
    this.#last = this.#clock.now()
    const all = new Headers(this.options.headers)
    const { name, bearer } = this.options.tokenHeader
    if (credentials !== 'token') {
      // None of the user's credentials either: the check is about a request without them.
      for (const h of [name, 'authorization', 'cookie']) all.delete(h)
    }
    const token =
      credentials === 'token'
        ? this.options.token
        : credentials === 'wrong'
          ? WRONG_TOKEN
          : undefined
    if (token !== undefined) all.set(name, bearer ? `Bearer ${token}` : token)
    for (const [key, value] of Object.entries(headers)) all.set(key, value)
    this.requests++
    const signals = [AbortSignal.timeout(REQUEST_TIMEOUT)]
    // A write runs to its end: a create stopped halfway could leave a record nobody knows of.
    const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
    if (this.options.signal && !cleanup && safe) signals.push(this.options.signal)
    let response: Response
    const send = () =>
      fetch(url, {
        method,
        headers: all,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        signal: AbortSignal.any(signals),
      })
    try {
      try {
        response = await send()
      } catch (error) {
        // A kept-alive connection the server closed just as it was reused fails before any answer:
        // a safe request is sent again once (RFC 9110, 9.2.2), never a timeout or a stop.
        if (
          !safe ||
          (error as Error).name === 'AbortError' ||
          (error as Error).name === 'TimeoutError'
        )
          throw error
        response = await send()
      }
    } catch (error) {
      if (this.options.signal?.aborted && !cleanup && safe)
        throw new VerifyStop('stopped by a signal')
      const cause = (error as Error & { cause?: Error }).cause?.message
      return {
        method,
        url,
        status: 0,
        headers: new Headers(),
        text: `no answer: ${(error as Error).message}${cause ? ` (${cause})` : ''}`,
        json: undefined,
        ...(body === undefined ? {} : { sent: body }),
      }
    } finally {
      this.options.onRequest()
    }
    const text = await readBounded(response)
    let json: unknown
    if (/json/i.test(response.headers.get('content-type') ?? '') && text !== '') {
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
    }
    return {
      method,
      url,
      status: response.status,
      headers: response.headers,
      text,
      json,
      ...(body === undefined ? {} : { sent: body }),
    }
  }
}

/** At most {@link MAX_BODY} bytes of a body, as text. */
async function readBounded(response: Response): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY) {
      await reader.cancel()
      break
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
