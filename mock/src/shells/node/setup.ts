/** The Node shell: any API intercepting this process's requests through MSW's `setupServer`. */
import { type SetupServer, setupServer } from 'msw/node'
import type { Dispatch } from '../../serve/dispatch.js'
import { halHandler, withHalApi } from '../../serve/handler.js'
import type { RecordsHolder } from '../../store/records-file.js'
import { persistToFile } from './persist-file.js'

/** An API intercepting this process's requests. */
export type HalApiInterception<Api extends object> = Api & {
  /** MSW's server: `listen()`, `use()` to override a route, `resetHandlers()`, `close()`. */
  readonly server: SetupServer
  /**
   * Writes the records now, with `persist` (else nothing to do): say before the process exits on
   * its own terms (`process.exit`), as a write otherwise waits for writes to pause.
   */
  flush(): Promise<void>
}

/**
 * Options of {@link setupHalApi}.
 *
 * @example
 * const options: SetupHalApiOptions = { persist: 'db.json' }
 */
export interface SetupHalApiOptions {
  /**
   * A JSON file that keeps the API's records across runs, as `json-server`'s `db.json`: its
   * records replace the seed when it exists (`ready` settles once they are in), and every record
   * is written to it once writes pause (atomically), `reset()` included. Default none.
   */
  readonly persist?: string
}

/**
 * `setupServer` answering every `fetch` of this process that the API covers (its base path, any
 * host) from an API made with `defineHalApi` (the Blog API's as yours), through its one catch-all
 * handler; `server.use()` overrides win. With `persist`, its records live in a JSON file.
 *
 * @example
 * import shop from './shop/api.js'
 *
 * const mock = setupHalApi(shop)
 * beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
 * afterEach(() => { mock.server.resetHandlers(); return mock.reset() })
 * afterAll(() => mock.server.close())
 */
export function setupHalApi<Api extends Dispatch>(
  api: Api,
  options: SetupHalApiOptions = {},
): HalApiInterception<Api> {
  if (options.persist === undefined) {
    return withHalApi(api, { server: setupServer(halHandler(api)), flush: async () => undefined })
  }
  const holder = api as Api & Partial<RecordsHolder> & { reset?(): Promise<void> }
  if (!holder.db || !holder.definition || typeof holder.reset !== 'function') {
    throw new TypeError('persist keeps the records of an API made with defineHalApi (its db)')
  }
  const kept = persistToFile(holder as Api & RecordsHolder, options.persist)
  const reset = holder.reset.bind(api)
  // Every write answered, then the file once writes pause.
  const dispatch: Dispatch = {
    covers: (url) => api.covers(url),
    handle: (request) => api.handle(request),
    async answer(request) {
      await kept.ready
      const answer = await api.answer(request)
      if (answer.status < 400 && !READS.has(request.method)) kept.changed()
      return answer
    },
  }
  const server = setupServer(halHandler(dispatch))
  // Closing the interception gives the file up: another mock (or server) may persist to it next.
  const close = server.close.bind(server)
  server.close = () => {
    close()
    void kept.close()
  }
  const mock = withHalApi(api, {
    server,
    async reset() {
      await reset()
      kept.changed()
    },
    flush: () => kept.flush(),
  })
  // Ready once the file's records are in (the instance's `ready` is a getter: defined over it).
  return Object.defineProperty(mock, 'ready', { get: () => kept.ready, enumerable: true })
}

/** Methods that change nothing: no reason to write the file. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The old name of {@link HalApiInterception}: it intercepts requests and runs no server.
 *
 * @deprecated Use `HalApiInterception`.
 * @example
 * const mock: HalApiInterception<typeof shop> = setupHalApi(shop)
 */
export type HalApiServer<Api extends object> = HalApiInterception<Api>
