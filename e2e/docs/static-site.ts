import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** A built static site served on 127.0.0.1, and how to stop it. */
export interface StaticSite {
  /** The site's root URL, `base` included, with a trailing slash. */
  readonly url: string
  readonly close: () => Promise<void>
}

/**
 * Serves the files of `dist` under `base` on a free port of 127.0.0.1, as a static host (GitHub
 * Pages) would: a folder answers its `index.html`, a missing file 404.
 *
 * @example
 * const site = await serveStatic('docs/.vitepress/dist', '/halyard/')
 * await page.goto(site.url)
 * await site.close()
 */
export async function serveStatic(dist: string, base: string): Promise<StaticSite> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    if (!path.startsWith(base)) return void response.writeHead(404).end()
    let file = join(dist, normalize(`/${path.slice(base.length)}`))
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    else if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`
    readFile(file).then(
      (body) => {
        const type = TYPES[extname(file)] ?? 'application/octet-stream'
        response.writeHead(200, { 'content-type': type }).end(body)
      },
      () => response.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${base}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
