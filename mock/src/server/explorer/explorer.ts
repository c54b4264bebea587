import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { API_PATH } from '../../blog/links.js'
import type { ProblemWriter } from '../../core/problem.js'
import { toResponse } from '../../http/answer.js'
import { Problem } from '../../http/problem.js'

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

/** Path → where its bytes live and what they are. A function locates a file only when asked. */
const ASSETS: ReadonlyMap<string, { type: string; locate: () => URL }> = new Map([
  ['/', { type: HTML, locate: () => new URL('index.html', UI) }],
  [`${EXPLORER_PATH}/explorer.js`, { type: JAVASCRIPT, locate: () => new URL('explorer.js', UI) }],
  [`${EXPLORER_PATH}/explorer.css`, { type: CSS, locate: () => new URL('explorer.css', UI) }],
  // The browser expands RFC 6570 templates with the library the SDK uses: its ES build has no
  // imports, so the installed file is served as it is, with no bundler at runtime.
  [`${EXPLORER_PATH}/uritemplate.js`, { type: JAVASCRIPT, locate: uriTemplateModule }],
])

const ALLOW = 'GET, HEAD, OPTIONS'

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

interface LoadedAsset {
  readonly type: string
  readonly body: Uint8Array<ArrayBuffer>
  readonly etag: string
}

/** Read once on first request, then answered from memory. */
const loaded = new Map<string, LoadedAsset>()

/**
 * Whether a path belongs to the HAL explorer (`/` and everything under `/__explorer/`), which the
 * real server answers before the API's handlers.
 *
 * @example
 * isExplorerPath('/') // true
 * isExplorerPath('/api/v1.2') // false
 */
export function isExplorerPath(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith(`${EXPLORER_PATH}/`)
}

/**
 * The HAL explorer's answer to a request for one of {@link isExplorerPath}'s paths: the page and
 * its assets for `GET`/`HEAD` (with `ETag`, `Cache-Control: no-cache`, a strict
 * Content-Security-Policy and `nosniff`), `OPTIONS` 204, another method 405 with `Allow`, an
 * unknown asset 404 problem details.
 *
 * @example
 * if (isExplorerPath(url.pathname)) return explorerResponse(request)
 */
export function explorerResponse(request: Request, root: string, write: ProblemWriter): Response {
  const url = new URL(request.url)
  const asset = ASSETS.get(url.pathname)
  if (asset === undefined) {
    return problem(url, new Problem(404, `The explorer has no file at ${url.pathname}.`), write)
  }
  if (request.method === 'OPTIONS') {
    return new Response(null, { status: 204, headers: { allow: ALLOW } })
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const detail = `${request.method} is not allowed here; use ${ALLOW}.`
    return problem(url, new Problem(405, detail, { headers: { allow: ALLOW } }), write)
  }
  const { type, body, etag } = load(url.pathname, asset, root)
  const headers = {
    'content-type': type,
    'cache-control': 'no-cache',
    etag,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  }
  if (matches(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers })
  }
  return new Response(request.method === 'HEAD' ? null : body, { headers })
}

function load(path: string, asset: { type: string; locate: () => URL }, root: string): LoadedAsset {
  const key = path === '/' ? `/ ${root}` : path
  const cached = loaded.get(key)
  if (cached) return cached
  let body = new Uint8Array(readFileSync(asset.locate()))
  // The page names the API root it starts from; another API's root replaces the Blog API's.
  if (path === '/' && root !== API_PATH) body = new TextEncoder().encode(forRoot(body, root))
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22)
  const file = { type: asset.type, body, etag: `"${hash}"` }
  loaded.set(key, file)
  return file
}

/** The page for an API at `root` instead of the Blog API: its start point and its words. */
function forRoot(page: Uint8Array, root: string): string {
  const escaped = root.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)
  return new TextDecoder()
    .decode(page)
    .replace(/ · Blog API mock/, ' · HAL API mock')
    .replace('Browse the Blog API by its links.', 'Browse the API by its links.')
    .replace(/\s*<a href="#\/api\/v1\.2\/blogs\/1">Blog 1<\/a>/, '')
    .replaceAll('content="/api/v1.2"', `content="${escaped}"`)
    .replaceAll('href="#/api/v1.2"', `href="#${escaped}"`)
}

function uriTemplateModule(): URL {
  try {
    return new URL(import.meta.resolve('@std-uritemplate/std-uritemplate'))
  } catch {
    throw new Problem(
      500,
      'The explorer needs @std-uritemplate/std-uritemplate, which is not installed beside @halyard/mock.',
    )
  }
}

/** `If-None-Match` with weak comparison (RFC 9110 §13.1.2), `*` included. */
function matches(header: string | null, etag: string): boolean {
  if (header === null) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

function problem(url: URL, error: Problem, write: ProblemWriter): Response {
  const response = toResponse(write(error, url.origin, url.pathname))
  // Every answer of the server varies on Accept (CONTRACT §3), the explorer's errors too.
  response.headers.set('vary', 'Accept')
  return response
}
