import { createServer, type IncomingHttpHeaders, request } from 'node:http'
import { listenLocal } from '../listen-local.js'

/** What a mutation sees of an answer, and may change. */
export interface ProxiedAnswer {
  readonly method: string
  readonly path: string
  /** The request's headers, as the server received them. */
  readonly request: IncomingHttpHeaders
  status: number
  headers: Record<string, string>
  /** The body parsed when it is JSON, else its text. */
  body: unknown
}

/** One broken rule: a change to the requests on their way in, or to the answers on their way out. */
export interface Mutation {
  /** May change the headers in place, and send another method or path instead (its return). */
  request?(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
  ): void | { readonly method?: string; readonly path?: string }
  answer?(answer: ProxiedAnswer): void
}

/**
 * A proxy on 127.0.0.1 (port 0) in front of a server, applying a mutation: the Host goes through
 * as the client sent it, so the server's links name the proxy.
 */
export async function mutatingProxy(
  upstream: string,
  mutation: Mutation,
): Promise<{ origin: string; close(): Promise<void> }> {
  const target = new URL(upstream)
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const headers = { ...incoming.headers }
      // Bodies are read and rewritten: asked uncompressed (hapi gzips otherwise).
      headers['accept-encoding'] = 'identity'
      const asked = { method: incoming.method ?? 'GET', path: incoming.url ?? '/' }
      const { method, path } = {
        ...asked,
        ...(mutation.request?.(asked.method, asked.path, headers) ?? {}),
      }
      const forward = request(
        // A connection each: a server that answers before reading a body leaves a kept one unusable.
        { host: target.hostname, port: target.port, method, path, headers, agent: false },
        (answer) => {
          const parts: Buffer[] = []
          answer.on('data', (chunk: Buffer) => parts.push(chunk))
          answer.on('end', () => {
            const text = Buffer.concat(parts).toString('utf8')
            const out: Record<string, string> = {}
            for (const [name, value] of Object.entries(answer.headers)) {
              if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value
            }
            let json = /json/.test(out['content-type'] ?? '') && text !== ''
            try {
              if (json) JSON.parse(text)
            } catch {
              json = false
            }
            const proxied: ProxiedAnswer = {
              method: asked.method,
              path: asked.path,
              request: headers,
              status: answer.statusCode ?? 502,
              headers: out,
              body: json ? JSON.parse(text) : text,
            }
            mutation.answer?.(proxied)
            const body =
              typeof proxied.body === 'string' ? proxied.body : JSON.stringify(proxied.body)
            delete proxied.headers['transfer-encoding']
            const empty = asked.method === 'HEAD' || [204, 304].includes(proxied.status)
            if (asked.method !== 'HEAD')
              proxied.headers['content-length'] = String(empty ? 0 : Buffer.byteLength(body))
            outgoing.writeHead(proxied.status, proxied.headers)
            outgoing.end(empty ? undefined : body)
          })
        },
      )
      forward.on('error', () => {
        outgoing.writeHead(502)
        outgoing.end()
      })
      forward.end(Buffer.concat(chunks))
    })
  })
  return listenLocal(server)
}

/** Calls `visit` on every object of a JSON document, depth first. */
export function eachObject(node: unknown, visit: (object: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) for (const item of node) eachObject(item, visit)
  else if (typeof node === 'object' && node !== null) {
    visit(node as Record<string, unknown>)
    for (const value of Object.values(node)) eachObject(value, visit)
  }
}
