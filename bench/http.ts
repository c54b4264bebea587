import { Agent, type IncomingHttpHeaders, request } from 'node:http'

/** A response, read whole. */
export interface Answer {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
}

/** Request options of {@link HttpClient.send}. */
export interface SendOptions {
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string
}

/** A keep-alive HTTP/1.1 client on `node:http`: less client overhead per request than `fetch`. */
export interface HttpClient {
  send(method: string, url: string, options?: SendOptions): Promise<Answer>
  /** Closes the kept-alive connections. */
  close(): void
}

/**
 * A client whose connections stay open between requests, as a load generator's do.
 *
 * @example
 * const http = createHttpClient()
 * const { status } = await http.send('GET', `${origin}/api/v1.2`)
 * http.close()
 */
export function createHttpClient(maxSockets = 32): HttpClient {
  const agent = new Agent({ keepAlive: true, maxSockets })
  return {
    send: (method, url, { headers = {}, body } = {}) =>
      new Promise((resolve, reject) => {
        const outgoing = request(url, { method, agent, headers }, (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          )
        })
        outgoing.on('error', reject)
        outgoing.end(body)
      }),
    close: () => agent.destroy(),
  }
}
