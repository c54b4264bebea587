import { fileURLToPath } from 'node:url'
import { type Implementation, ROOT } from './implementation.js'
import { type ChildServer, startServer } from './process.js'

/** The API root on the mock. */
export const API = '/api/v1.2'
/** Article 1 of blog 1, the record the anchors serve too. */
export const ARTICLE_PATH = `${API}/blogs/1/articles/1`
/** The development token, allowed to write to blog 1. */
export const DEV_TOKEN = 'dev-token'

const script = fileURLToPath(new URL('./servers/halyard.ts', import.meta.url))
const shopScript = fileURLToPath(new URL('./servers/shop.ts', import.meta.url))

/** The shop's API root (examples/shop), as `halyard-mock --api` serves it. */
export const SHOP_API = '/api'

/**
 * The mock as a real server in a child process (bench/servers/halyard.ts), with `articles` in
 * blog 1, on the implementation chosen for the run.
 */
export function startHalyard(
  implementation: Implementation,
  articles = 42,
  timeoutMs = 120_000,
): Promise<ChildServer> {
  return startServer({
    name: 'Halyard mock',
    command: process.execPath,
    args: (port) => [...implementation.nodeArgs, script, String(port), String(articles)],
    cwd: ROOT,
    readyPath: ARTICLE_PATH,
    timeoutMs,
  })
}

/** The shop of examples/shop as a real server in a child process, with `orders` orders. */
export function startShop(
  implementation: Implementation,
  orders = 120,
  timeoutMs = 120_000,
): Promise<ChildServer> {
  return startServer({
    name: 'Halyard shop mock',
    command: process.execPath,
    args: (port) => [...implementation.nodeArgs, shopScript, String(port), String(orders)],
    cwd: ROOT,
    readyPath: `${SHOP_API}/orders/1`,
    timeoutMs,
  })
}
