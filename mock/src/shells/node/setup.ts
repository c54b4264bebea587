/** The Node shell: any API intercepting this process's requests through MSW's `setupServer`. */
import { type SetupServer, setupServer } from 'msw/node'
import type { Dispatch } from '../../core/dispatch.js'
import { halHandler, withHalApi } from '../../core/handler.js'

/** An API intercepting this process's requests. */
export type HalApiServer<Api extends object> = Api & {
  /** MSW's server: `listen()`, `use()` to override a route, `resetHandlers()`, `close()`. */
  readonly server: SetupServer
}

/**
 * `setupServer` answering every `fetch` of this process that the API covers (its base path, any
 * host) from an API made with `defineHalApi` (the Blog API's as yours), through its one catch-all
 * handler; `server.use()` overrides win.
 *
 * @example
 * import shop from './shop/api.js'
 *
 * const mock = setupHalApi(shop)
 * beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
 * afterEach(() => { mock.server.resetHandlers(); return mock.reset() })
 * afterAll(() => mock.server.close())
 */
export function setupHalApi<Api extends Dispatch>(api: Api): HalApiServer<Api> {
  return withHalApi(api, { server: setupServer(halHandler(api)) })
}
