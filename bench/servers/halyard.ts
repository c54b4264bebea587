/**
 * The server under test, one per process: `node bench/servers/halyard.ts <port> <articles>`.
 * `createMockServer` as the CLI calls it, without the CLI's log line per request (no anchor logs).
 * It imports packages only: plain Node runs it on the built `dist`, tsx on the sources.
 */
import { createMockServer } from '@halyard/mock/blog/server'

const [port = '', articles = '42'] = process.argv.slice(2)
if (!/^\d+$/.test(port) || !/^\d+$/.test(articles)) {
  console.error('usage: node bench/servers/halyard.ts <port> [articles]')
  process.exit(2)
}
await createMockServer({ port: Number(port), articles: Number(articles), log: false })
