import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { ProblemWriter } from '../../serve/problem.js'
import { answerOnSocket, clientErrorAnswer, connectAnswer } from './socket-answers.js'

/** Why a connection was answered by the server itself while its request handler still ran. */
export interface EarlyAnswer {
  readonly status: number
  readonly why: string
}

/** What the socket events need of the server around them. */
export interface SocketEventsContext {
  readonly writeProblem: ProblemWriter
  readonly log: ((line: string) => void) | false
  /** The server's own origin, from its bound address (known once listening). */
  readonly origin: () => string
  /**
   * Connections answered here (408, or 400 for a body the parser cannot read) while their handler
   * still runs: the handler logs that status and why.
   */
  readonly answeredEarly: WeakMap<Socket, EarlyAnswer>
}

/**
 * Answers what node:http never hands to the request handler: a `CONNECT` (405, the server is no
 * proxy) and what it cannot parse or waited too long for (`clientError`: problem details instead
 * of a bare status). A throw in these listeners would end the process: each is guarded, and its
 * socket given up.
 */
export function answerSocketEvents(
  server: Server,
  { writeProblem, log, origin, answeredEarly }: SocketEventsContext,
): void {
  // node:http destroys the socket of a CONNECT if no one listens: answer it as any method it lacks.
  server.on('connect', (req: IncomingMessage, socket: Socket) =>
    guarded(socket, 'connect', () => {
      answerOnSocket(socket, connectAnswer(origin(), writeProblem))
      if (log) log(`CONNECT ${req.url ?? ''} 405`)
    }),
  )
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) =>
    guarded(socket, 'clientError', () => {
      const answer = clientErrorAnswer(error, origin(), writeProblem)
      // The response in progress on the socket: `null` once one has finished, on a kept-alive
      // connection whose next request node:http could not parse.
      const busy =
        (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined
      // A request past requestTimeout whose answer has begun can only be cut off.
      if (answer === undefined || busy?.headersSent) return void socket.destroy()
      // A request whose handler runs is logged by it, once. Answered here: a 408, and a body the
      // parser cannot read (an invalid chunk). Not answered: an aborted upload (the parser's EOF
      // error). An error in a request pipelined after it is answered once its answer is out.
      if (busy !== undefined) {
        const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        const incomplete = busy.req?.complete === false
        if (incomplete && error.code === 'HPE_INVALID_EOF_STATE') return void socket.destroy()
        if (!timeout && !incomplete) {
          if (log) log(`- - ${answer.status} (${error.code ?? error.message}, pipelined)`)
          let answered = false
          busy.once('finish', () => {
            answered = true
            guarded(socket, 'clientError', () => answerOnSocket(socket, answer))
          })
          busy.once('close', () => answered || socket.destroy())
          return
        }
        answeredEarly.set(socket, {
          status: answer.status,
          why: timeout ? 'request timeout' : 'unparsable body',
        })
      } else if (log) log(`- - ${answer.status} (${error.code ?? error.message})`)
      answerOnSocket(socket, answer)
    }),
  )
}

/** Runs a socket event's listener; a throw is logged in one line and that socket destroyed. */
function guarded(socket: Socket, event: string, listener: () => void): void {
  try {
    listener()
  } catch (error) {
    console.error(`[halyard-mock] ${event}: ${(error as Error).message}; connection closed`)
    socket.destroy()
  }
}
