import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, test } from '@playwright/test'
import { MOCK_API, MOCK_PORT } from '../ports.js'
import { ATTACKER_HOST, REBOUND_HOST } from './hosts.js'

// A real browser against the real server (`npm start`), from pages on other origins: what a web
// site open in another tab could do to a mock left running. Chromium maps the foreign names to
// 127.0.0.1 (`--host-resolver-rules`, see playwright.config.ts), as a rebound DNS name would.
const MOCK = `http://127.0.0.1:${MOCK_PORT}`
const json = { 'content-type': 'application/json' }

/** A tiny site of its own: any path answers an empty page, so the specs script it. */
let site: Server
let sitePort = 0

test.beforeAll(async () => {
  site = createServer((_, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>elsewhere</title>')
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  sitePort = (site.address() as AddressInfo).port
})
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())))

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${MOCK}/__admin/reset`, { data: {} })).status()).toBe(204)
  // One article in blog 2 (empty in the seed): the data a reset would wipe.
  const created = await request.post(`${MOCK_API}/blogs/2/articles`, {
    headers: { 'x-access-token': 'dev-token' },
    data: { title: 'Worth keeping' },
  })
  expect(created.status()).toBe(201)
})

/** A page on the other site, under `host` (`attacker.example`, or `localhost` for a control). */
async function pageOn(page: Page, host: string): Promise<void> {
  await page.goto(`http://${host}:${sitePort}/`)
  await expect(page).toHaveTitle('elsewhere')
}

async function blog2Articles(request: Page['request']): Promise<number> {
  const page = await (await request.get(`${MOCK_API}/blogs/2/articles`)).json()
  return page.totalArticles
}

test('a no-cors POST from another site reaches the server but does not wipe the data', async ({
  page,
}) => {
  await pageOn(page, ATTACKER_HOST)
  await page.evaluate(
    async ({ MOCK, MOCK_API }) => {
      // Simple requests: the browser sends them without asking (no preflight).
      await fetch(`${MOCK}/__admin/reset`, { method: 'POST', mode: 'no-cors' })
      await fetch(`${MOCK}/__admin/reset`, { method: 'POST', mode: 'no-cors', body: '{}' })
      await fetch(`${MOCK_API}/blogs/2/articles`, { method: 'POST', mode: 'no-cors', body: '{}' })
    },
    { MOCK, MOCK_API },
  )
  expect(await blog2Articles(page.request)).toBe(1)
  // The control: the page's simple POST did reach the server (it is in its log, a 4xx).
  const { requests } = await (await page.request.get(`${MOCK}/__admin/requests`)).json()
  expect(requests).toContainEqual(
    expect.objectContaining({ method: 'POST', url: '/api/v1.2/blogs/2/articles' }),
  )
})

test('a page on another site cannot read the API or the admin log, even with credentials', async ({
  page,
  request,
}) => {
  // A request with a token, which the log would have shown.
  await request.get(`${MOCK_API}/blogs/1`, { headers: { 'x-access-token': 'dev-token' } })
  await pageOn(page, ATTACKER_HOST)
  const outcomes = await page.evaluate(
    async ({ MOCK, MOCK_API }) => {
      const read = (url: string, init: RequestInit) =>
        fetch(url, init).then(
          async (response) => `read ${response.status}: ${await response.text()}`,
          () => 'blocked',
        )
      return [
        await read(`${MOCK}/__admin/requests`, { credentials: 'include' }),
        await read(`${MOCK}/__admin/requests`, {}),
        await read(`${MOCK_API}/blogs/1`, { credentials: 'include' }),
        await read(`${MOCK}/__admin/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        }),
      ]
    },
    { MOCK, MOCK_API },
  )
  expect(outcomes).toEqual(['blocked', 'blocked', 'blocked', 'blocked'])
  expect(await blog2Articles(request)).toBe(1)
})

test('a page on a loopback origin may read with credentials and reset (the default CORS)', async ({
  page,
  request,
}) => {
  await pageOn(page, 'localhost')
  const outcomes = await page.evaluate(
    async ({ MOCK, MOCK_API, json }) => {
      const blog = await fetch(`${MOCK_API}/blogs/1`, { credentials: 'include' })
      const reset = await fetch(`${MOCK}/__admin/reset`, { method: 'POST', headers: json })
      return [blog.status, reset.status]
    },
    { MOCK, MOCK_API, json },
  )
  expect(outcomes).toEqual([200, 204])
  expect(await blog2Articles(request)).toBe(0)
})

test('a foreign name rebound to 127.0.0.1 gets 403, for the explorer and the API', async ({
  page,
}) => {
  for (const path of ['/', '/api/v1.2/blogs/1']) {
    const response = await page.goto(`http://${REBOUND_HOST}:${MOCK_PORT}${path}`)
    expect(response?.status(), path).toBe(403)
    await expect(page.locator('body')).toContainText('--allowed-hosts')
  }
})
