import { type BlogClient, createBlogClient } from '@halyard/sdk/blog'
import { accessToken } from './token.js'

/** The API the app talks to, and how. */
export interface Connection {
  /** `worker`: the mock, in this page's service worker. `server`: the server named by `?api=`. */
  readonly mode: 'worker' | 'server'
  /** The API root, e.g. `http://127.0.0.1:4311/api/v1.2`. */
  readonly apiUrl: string
  readonly client: BlogClient
  /** Restores the mock's seed data (worker mode only). */
  readonly reset?: () => Promise<void>
}

/** `?api=` names something that is not an http(s) URL. */
export class ApiParameterError extends Error {
  override readonly name = 'ApiParameterError'
}

/**
 * Connects to the API `?api=<url>` names (absolute, or relative to this page), or else starts the
 * Blog API mock in a service worker and uses it at this origin. The mock keeps its data across
 * reloads (`persist`), so what you create is still there after a refresh.
 *
 * @example
 * const { client, apiUrl } = await connect(location)
 */
export async function connect(location: Location): Promise<Connection> {
  const api = new URLSearchParams(location.search).get('api')
  if (api !== null) {
    const apiUrl = new URL(api, location.href)
    if (apiUrl.protocol !== 'http:' && apiUrl.protocol !== 'https:') {
      throw new ApiParameterError(`?api= must be an http(s) URL, not "${api}"`)
    }
    return { mode: 'server', apiUrl: apiUrl.href, client: client(apiUrl.href) }
  }
  // Imported only here, so that a page talking to a real server never loads the mock.
  const { setupBlogWorker } = await import('@halyard/mock/blog/browser')
  const mock = setupBlogWorker({ persist: true })
  await mock.worker.start({
    quiet: true,
    // Vite's own requests (modules, styles) go to the network as usual.
    onUnhandledFrame: 'bypass',
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  })
  const apiUrl = `${location.origin}/api/v1.2`
  return { mode: 'worker', apiUrl, client: client(apiUrl), reset: () => mock.reset() }
}

const client = (baseUrl: string): BlogClient =>
  createBlogClient({ baseUrl, token: accessToken.source })
