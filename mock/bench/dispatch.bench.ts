/**
 * What one GET article costs in-process, per layer, without the network: MSW's `getResponse` over
 * the API's catch-all handler (fetch objects) against the API's one path on the real server's lazy
 * request view (`api.answer`), in microseconds.
 * Run (in mock/): npx tsx bench/dispatch.bench.ts
 */
import type { IncomingMessage } from 'node:http'
import { getResponse } from 'msw'
import { createBlogApi } from '../src/blog/api.js'
import { NodeRequest } from '../src/shells/server/node-http.js'
import { fixed, medianMicros } from './measure.js'

const api = createBlogApi()
await api.ready
const path = '/api/v1.2/blogs/1/articles/1'
const raw = ['Host', '127.0.0.1:4010', 'Accept', 'application/hal+json']

// What the server reads of an IncomingMessage on the fast path.
const incoming = () =>
  ({
    method: 'GET',
    url: path,
    headers: { host: '127.0.0.1:4010' },
    rawHeaders: raw,
  }) as unknown as IncomingMessage

const msw = await medianMicros(() =>
  getResponse(
    api.handlers,
    new Request(`http://127.0.0.1:4010${path}`, { headers: { accept: 'application/hal+json' } }),
  ),
)
const fast = await medianMicros(() =>
  api.answer(new NodeRequest(incoming(), 'http://127.0.0.1:4010', path)),
)
console.log('| path | µs per GET article |\n|---|---:|')
console.log(`| getResponse (MSW, fetch objects) | ${fixed(msw)} |`)
console.log(`| api.answer (node:http request view) | ${fixed(fast)} |`)
