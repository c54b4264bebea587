import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { HalRoute } from '../definition/api.js'
import { prefersHtml } from '../http/negotiation.js'
import { Problem } from '../http/problem.js'
import { answerRead, type Representation } from '../http/respond.js'
import { strongEtag } from '../http/validators.js'
import { bundleExplorerSdk } from './sdk-bundle.js'

/** Where the explorer's scripts and styles are served; the page itself is at `/`. */
export const EXPLORER_PATH = '/__explorer'

/**
 * The page's own files: hand-written browser code in ./explorer-ui/, served as is (a `// @ts-check`
 * ES module, type-checked by its own tsconfig). tsup copies the folder to dist/explorer-ui/, beside
 * the chunk holding this module, so one relative URL finds it from the sources and from dist alike.
 */
const UI = new URL('./explorer-ui/', import.meta.url)

const HTML = 'text/html; charset=utf-8'
const JAVASCRIPT = 'text/javascript; charset=utf-8'
const CSS = 'text/css; charset=utf-8'

/** Path → what it is and how to read its text (once, on first request). */
const ASSETS: ReadonlyMap<string, { type: string; read: () => Promise<string> }> = new Map([
  ['/', { type: HTML, read: () => readFile(new URL('index.html', UI), 'utf8') }],
  [
    `${EXPLORER_PATH}/explorer.js`,
    { type: JAVASCRIPT, read: () => readFile(new URL('explorer.js', UI), 'utf8') },
  ],
  [
    `${EXPLORER_PATH}/explorer.css`,
    { type: CSS, read: () => readFile(new URL('explorer.css', UI), 'utf8') },
  ],
  // The page reads HAL and HAL-FORMS with the SDK's code: built beside the page in dist, else
  // bundled from the workspace's sources.
  [`${EXPLORER_PATH}/sdk.js`, { type: JAVASCRIPT, read: sdkModule }],
])

/** Browsers ask every site for it: no icon, and no 404 in the log or the console. */
const FAVICON = '/favicon.ico'

/** Nothing but the page's own files may run, load or be posted to; no framing. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const PAGE_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

/** The API the explorer browses: where it starts, what it is called, a token to suggest. */
export interface ExplorerSite {
  /** The API's base path, where the explorer starts. */
  readonly root: string
  /** The API's name, in the page's title and intro. */
  readonly title: string
  /** A token of the API to suggest in the token field's hint, when it has one. */
  readonly token?: string
}

/**
 * Whether a path belongs to the HAL explorer (`/`, `/favicon.ico` and everything under
 * `/__explorer/`), which the real server answers before the API's handlers.
 *
 * @example
 * isExplorerPath('/') // true
 * isExplorerPath('/api/v1.2') // false
 */
export function isExplorerPath(pathname: string): boolean {
  return pathname === '/' || pathname === FAVICON || pathname.startsWith(`${EXPLORER_PATH}/`)
}

/**
 * Whether the explorer answers a request: on its paths, except `/` of an API served at `/` too,
 * where only a page request (an `Accept` preferring HTML to HAL, q-values honoured, as browsers
 * send) gets the explorer and any other (HAL, JSON, `text/html;q=0`, none) the API's root.
 *
 * @example
 * answersExplorer('/', 'application/hal+json', true) // false: the API's root
 * answersExplorer('/', 'text/html,application/xhtml+xml', true) // true
 */
export function answersExplorer(
  pathname: string,
  accept: string | null,
  apiAtRoot: boolean,
): boolean {
  if (!isExplorerPath(pathname)) return false
  return pathname !== '/' || !apiAtRoot || prefersHtml(accept)
}

/** The `detail` of a 404 among the explorer's paths. */
export const explorerNotFound = (pathname: string): string =>
  `The explorer has no file at ${pathname}.`

/**
 * The explorer of one API, for the server's route table (the core's router decides its 404s, 405s
 * and `OPTIONS`): the page at `/`, named after the API, and its assets, with conditional answers as
 * the API's own (`ETag`, `If-None-Match`, `Cache-Control: no-cache`), a strict
 * Content-Security-Policy and `nosniff`; `/favicon.ico` answers 204. Each file is read and named
 * once, on first request.
 *
 * @example
 * const routes = explorerRoutes({ root: '/api', title: 'Shop' })
 */
export function explorerRoutes(site: ExplorerSite): HalRoute[] {
  const loaded = new Map<string, Promise<Representation>>()
  const load = (path: string, asset: { type: string; read: () => Promise<string> }) => {
    let rep = loaded.get(path)
    if (rep === undefined) {
      rep = asset.read().then((text) => {
        const json = path === '/' ? pageFor(text, site) : text
        return { json, etag: strongEtag(json), lastModified: Date.now(), contentType: asset.type }
      })
      // A file that could not be read is tried again by the next request.
      rep.catch(() => loaded.delete(path))
      loaded.set(path, rep)
    }
    return rep
  }
  const files: HalRoute[] = [...ASSETS].map(([path, asset]) => ({
    method: 'GET',
    path,
    access: 'public',
    produces: [],
    handle: async ({ http }) => {
      const answer = answerRead(http, await load(path, asset))
      Object.assign(answer.headers, PAGE_HEADERS)
      return answer
    },
  }))
  const favicon: HalRoute = {
    method: 'GET',
    path: FAVICON,
    access: 'public',
    produces: [],
    handle: () => ({ status: 204, headers: { 'cache-control': 'max-age=86400' }, body: null }),
  }
  return [...files, favicon]
}

/** The page for one API: its start point, its name and its token hint, escaped for HTML. */
function pageFor(page: string, site: ExplorerSite): string {
  const html = (text: string) => text.replace(/[&"<>']/g, (c) => `&#${c.charCodeAt(0)};`)
  const hint =
    site.token === undefined
      ? 'Sent with every request when filled. Kept for this tab.'
      : `Sent with every request when filled; try ${site.token}. Kept for this tab.`
  return page
    .replaceAll('{{root}}', html(site.root || '/'))
    .replaceAll('{{title}}', html(site.title))
    .replaceAll('{{tokenHint}}', html(hint))
}

/** The SDK's parts for the page: dist/explorer-ui/sdk.js, or a bundle of the workspace's sources. */
async function sdkModule(): Promise<string> {
  try {
    return await readFile(new URL('sdk.js', UI), 'utf8')
  } catch {
    try {
      return await bundleExplorerSdk(fileURLToPath(UI))
    } catch {
      throw new Problem(
        500,
        'The explorer needs its sdk.js, built by the package (npm run build) beside the page.',
      )
    }
  }
}
