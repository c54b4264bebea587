import { fileURLToPath } from 'node:url'
import { startServer } from '../process.js'
import type { Anchor } from './anchor.js'
import { RECORD_PATH } from './record.js'

const script = fileURLToPath(new URL('../servers/anchor.ts', import.meta.url))

/** An anchor of bench/servers/anchor.ts, run by plain Node. */
function inRepo(name: string, kind: 'bare' | 'fetch' | 'msw', note: string): Anchor {
  return {
    name,
    path: RECORD_PATH,
    note,
    start: () =>
      startServer({
        name,
        command: process.execPath,
        args: (port) => [script, kind, String(port)],
        readyPath: RECORD_PATH,
      }),
  }
}

/** The physical limit: `node:http` writing bytes serialized once. */
export const bareHttp = inRepo('node:http', 'bare', 'node:http, the body serialized once')

/** The cost of the fetch API: the same behind `Request` and `Response` objects. */
export const fetchApi = inRepo(
  'node:http + Request/Response',
  'fetch',
  'node:http, a Request built and a Response.json() serialized per request',
)

/** MSW's floor: `getResponse` with one trivial handler, behind the same adapter. */
export const mswFloor = inRepo(
  'msw getResponse',
  'msw',
  'as the previous, through msw getResponse with one handler',
)
