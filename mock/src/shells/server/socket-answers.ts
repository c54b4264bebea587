import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Answer } from '../../http/answer.js'
import { Problem } from '../../http/problem.js'
import { reasonPhrase } from '../../http/reason-phrase.js'
import { methodNotAllowed } from '../../serve/dispatch.js'
import type { ProblemWriter } from '../../serve/problem.js'

/** The `Allow` of a method the server has nowhere: what it answers at all. */
export const SERVER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

/**
 * Writes an answer straight to a socket and closes it: for what node:http never hands to the
 * request handler (a `CONNECT`, a request it cannot parse).
 *
 * @example
 * server.on('connect', (req, socket) => answerOnSocket(socket, connectAnswer(origin, api.problem)))
 */
export function answerOnSocket(socket: Duplex, answer: Answer): void {
  socket.on('error', () => socket.destroy())
  if (!socket.writable) return void socket.destroy()
  const head = Object.entries({ ...answer.headers, connection: 'close' })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')
  const reason = reasonPhrase(answer.status) ?? STATUS_CODES[answer.status] ?? ''
  const { body } = answer
  const start = `HTTP/1.1 ${answer.status} ${reason}\r\n${head}\r\n\r\n`
  socket.end(
    body instanceof Uint8Array
      ? Buffer.concat([Buffer.from(start), body])
      : `${start}${body ?? ''}`,
  )
}

/** The 405 for a `CONNECT`: the server is no proxy. */
export function connectAnswer(origin: string, problem: ProblemWriter): Answer {
  return problem(methodNotAllowed('CONNECT', SERVER_METHODS), origin, '/')
}

/**
 * The problem details for a request node:http could not parse (its `clientError`), as its own
 * default answers them (400, 408, 413, 431) but with a body saying why; a method its parser does
 * not know (`TRACK`, `FOO`) is a 405 with `Allow`. `undefined` when there is no one to answer (the
 * client reset the connection).
 */
export function clientErrorAnswer(
  error: Error & { code?: string },
  origin: string,
  problem: ProblemWriter,
): Answer | undefined {
  if (error.code === 'ECONNRESET') return undefined
  switch (error.code) {
    case 'HPE_INVALID_METHOD':
      return problem(methodNotAllowed('This method', SERVER_METHODS), origin, '/')
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return problem(
        new Problem(408, 'The whole request did not arrive in time (--request-timeout).'),
        origin,
        '/',
      )
    case 'HPE_HEADER_OVERFLOW':
      return problem(new Problem(431, 'The request headers are too large.'), origin, '/')
    default:
      return problem(new Problem(400, 'The request is not valid HTTP/1.1.'), origin, '/')
  }
}
