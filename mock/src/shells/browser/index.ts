/**
 * `@halyard/mock/browser`: any API made with `defineHalApi` answering a page's requests from MSW's
 * service worker. It loads no API of its own: the Blog API's worker is `setupBlogWorker`, from
 * `@halyard/mock/blog/browser`.
 *
 * @packageDocumentation
 */
import { type SetupWorker, setupWorker } from 'msw/browser'
import type { Dispatch } from '../../serve/dispatch.js'
import { halHandler, withHalApi } from '../../serve/handler.js'
import { routedByPlaywright } from '../common/routed-marker.js'
import { keepAcrossReloads, type PersistableApi } from './persistence.js'
import { registrationAdvice } from './registration.js'

/** Options of {@link setupHalWorker}. */
export interface HalWorkerOptions {
  /**
   * Keep created and changed data across reloads, in `localStorage`: the page saves every
   * collection when it goes away (`pagehide`) and the next page starts from that instead of the
   * seed. `reset()` restores the seed (saved at the next `pagehide`). Default false.
   */
  persist?: boolean
}

/** An API answering the page's requests from a service worker. */
export type HalApiWorker<Api extends object> = Api & {
  /** MSW's worker: `start()`, `use()` to override a route, `resetHandlers()`, `stop()`. */
  readonly worker: SetupWorker
}

/**
 * `setupWorker` answering every `fetch` of the page that the API covers (its base path, any host)
 * from an API made with `defineHalApi`, running in the page; `worker.use()` overrides win. With
 * `persist`, its data outlives a reload; `ready` then settles once the saved data is back, and the
 * worker waits for it before answering.
 *
 * Under Halyard's Playwright fixture (`testWithHalApi`, the Blog's `test`, or `routeHalApi`), which
 * answers the API itself, `worker.start()` resolves without registering anything, so the app that
 * starts its worker in development runs unchanged there. A registration that fails otherwise
 * rejects with an error saying why and what to do.
 *
 * The worker script must be served at the root of your app as `/mockServiceWorker.js`:
 * - with MSW's CLI, which copies it into your public folder (and `package.json` remembers it):
 *   `npx msw init public --save`
 * - or with Vite, by MSW's plugin, which serves it in dev and emits it in builds:
 *   `plugins: [msw({ mode: 'worker-only' })]` from `import { msw } from 'msw/vite'`.
 *
 * @example
 * import { setupHalWorker } from '@halyard/mock/browser'
 * import shop from './shop/api.js'
 *
 * const mock = setupHalWorker(shop, { persist: true })
 * await mock.worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
 * await fetch('/api/orders') // 200, application/hal+json, from the mock
 */
export function setupHalWorker<Api extends PersistableApi>(
  api: Api,
  options: HalWorkerOptions = {},
): HalApiWorker<Api> {
  if (!options.persist) return withHalApi(api, { worker: stepAside(setupWorker(halHandler(api))) })
  const restored = keepAcrossReloads(api)
  // Nothing is answered from the seed while the saved data is on its way back.
  const waiting: Dispatch = {
    covers: (url) => api.covers(url),
    answer: async (request) => {
      await restored.catch(() => undefined)
      return api.answer(request)
    },
    handle: async (request) => {
      await restored.catch(() => undefined)
      return api.handle(request)
    },
  }
  const mock = withHalApi(api, { worker: stepAside(setupWorker(halHandler(waiting))) })
  return Object.defineProperty(mock, 'ready', {
    get: () => restored.then(() => api.ready),
    enumerable: true,
  })
}

/**
 * `worker` whose `start()` registers nothing when Halyard's Playwright routing answers the page,
 * and whose registration errors say what to do.
 */
function stepAside(worker: SetupWorker): SetupWorker {
  const start = worker.start.bind(worker)
  worker.start = async (options) => {
    if (routedByPlaywright()) return undefined
    try {
      return await start(options)
    } catch (error) {
      throw new Error(registrationAdvice(error), { cause: error })
    }
  }
  return worker
}
