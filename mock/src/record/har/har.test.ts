import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { OUT, outDir as outIn } from '../../../test/record/replay.js'
import type { HalApi } from '../../serve/api.js'
import { createHalServer } from '../../shells/server/index.js'
import { verifyApi } from '../../verify/index.js'
import { writeRecording } from '../record.js'
import { HarError, readHar } from './read.js'
import { checkHar, recordHar } from './record-har.js'

// A folder of this file's own beside the other recording tests' (which remove theirs when done).
const MINE = `${OUT}-har-unit`
const outDir = (name: string) => outIn(name, MINE)

afterAll(() => rm(MINE, { recursive: true, force: true }))

// Small hand-written HARs, shaped as browsers and proxies write them, for what a real session
// rarely shows all at once.

const API = 'https://shop.example'
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLW9mLWFkYQ'
const COOKIE = 'c00kie-value-0123456789'
const QUERY = 'qk_9f8e7d6c5b4a'

let clock = Date.UTC(2025, 0, 1)
interface Entry {
  method?: string
  url: string
  status?: number
  type?: string
  body?: unknown
  base64?: boolean
  sent?: unknown
  headers?: Record<string, string>
  answerHeaders?: Record<string, string>
  at?: number
}
/** One HAR entry, `at` ms after the session's start (default: the next millisecond). */
function entry(e: Entry) {
  const text = e.body === undefined ? undefined : JSON.stringify(e.body)
  return {
    startedDateTime: new Date(e.at ?? ++clock).toISOString(),
    request: {
      method: e.method ?? 'GET',
      url: e.url,
      headers: Object.entries({ authorization: `Bearer ${TOKEN}`, ...e.headers }).map(
        ([name, value]) => ({ name, value }),
      ),
      ...(e.sent === undefined
        ? {}
        : { postData: { mimeType: 'application/json', text: JSON.stringify(e.sent) } }),
    },
    response: {
      status: e.status ?? 200,
      headers: Object.entries(e.answerHeaders ?? {}).map(([name, value]) => ({ name, value })),
      content: {
        mimeType: e.type ?? 'application/hal+json',
        ...(text === undefined
          ? { size: 0 }
          : e.base64
            ? { text: Buffer.from(text).toString('base64'), encoding: 'base64' }
            : { text }),
      },
    },
  }
}
const har = (...entries: object[]) => JSON.stringify({ log: { version: '1.2', entries } })

const root = {
  _links: {
    self: { href: `${API}/api` },
    items: { href: `${API}/api/items` },
  },
}
const item = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  name,
  ...extra,
  _links: { self: { href: `${API}/api/items/${id}` } },
})
const page = (...items: object[]) => ({
  _embedded: { items },
  _links: { self: { href: `${API}/api/items` } },
})

describe('reading a HAR', () => {
  it('keeps the JSON of the most-used API origin in the order sent, and says why it left the rest out', () => {
    const t0 = Date.UTC(2025, 0, 2)
    const traffic = readHar([
      {
        name: 'a.har',
        text: har(
          // Out of order, as exports of several tabs are.
          entry({ url: `${API}/api/items/1`, body: item(1, 'One'), at: t0 + 30, base64: true }),
          entry({ url: `${API}/api`, body: root, at: t0 + 10 }),
          entry({ method: 'OPTIONS', url: `${API}/api/items`, status: 204, at: t0 + 11 }),
          entry({ url: `${API}/app.js`, type: 'text/javascript', at: t0 + 1 }),
          entry({ url: `${API}/logo.png`, type: 'image/png', at: t0 + 2 }),
          entry({ url: `${API}/api/docs`, type: 'text/html', at: t0 + 4 }),
          entry({
            url: `https://metrics.example/collect?api_key=${QUERY}`,
            type: 'application/json',
            body: { ok: true },
            at: t0 + 3,
          }),
          // A sanitized export: the body is gone.
          entry({ url: `${API}/api/items`, at: t0 + 20 }),
          entry({
            url: `${API}/api/items/9`,
            status: 404,
            type: 'application/problem+json',
            at: t0 + 40,
          }),
        ),
      },
    ])
    expect(traffic.root).toBe(`${API}/api`)
    expect(traffic.chosen).toContain(`${API}/api`)
    expect(traffic.reads.map((r) => r.url)).toEqual([`${API}/api`, `${API}/api/items/1`])
    expect(traffic.reads[1]?.body).toMatchObject({ name: 'One' })
    expect(traffic.unreached).toEqual([
      {
        url: `${API}/api/items`,
        reason: 'no body in the HAR (content not available, or sanitized)',
      },
      { url: `${API}/api/items/9`, reason: '404' },
    ])
    expect(traffic.skipped.map((s) => s.reason).sort()).toEqual([
      'CORS preflights (OPTIONS)',
      'answers that are no JSON (pages, scripts, images, styles)',
      'entries of other origins than https://shop.example',
      'entries outside the base path /api',
    ])
    // The other origin's key is a secret all the same.
    expect(Object.values(traffic.secrets.values)).toEqual(expect.arrayContaining([TOKEN, QUERY]))
  })

  it('finds the base path from the HAL documents when the root was not read, past a JSON file beside the API', () => {
    const traffic = readHar([
      {
        name: 'c.har',
        text: har(
          entry({ url: `${API}/config.json`, type: 'application/json', body: { theme: 'dark' } }),
          entry({ url: `${API}/api/items`, type: 'application/json', body: page(item(1, 'One')) }),
          entry({ url: `${API}/api/items/1`, type: 'application/json', body: item(1, 'One') }),
        ),
      },
    ])
    expect(traffic.root).toBe(`${API}/api`)
    expect(traffic.chosen).toContain('no root document read')
    expect(traffic.reads.map((r) => r.url)).toEqual([`${API}/api/items`, `${API}/api/items/1`])
  })

  it('counts an entry given in two files once', () => {
    const text = har(
      entry({ url: `${API}/api`, body: root }),
      entry({ url: `${API}/api/items/1`, body: item(1, 'One') }),
    )
    const traffic = readHar([
      { name: 'a.har', text },
      { name: 'b.har', text },
    ])
    expect(traffic.reads.map((r) => r.url)).toEqual([`${API}/api`, `${API}/api/items/1`])
    expect(traffic.entries).toBe(2)
  })

  it('takes the API --base names, even when another origin is used more', () => {
    const other = 'https://cdn.example'
    const traffic = readHar(
      [
        {
          name: 'b.har',
          text: har(
            entry({
              url: `${API}/v2/things/1`,
              body: { _links: { self: { href: `${API}/v2/things/1` } } },
            }),
            ...[1, 2, 3].map((i) =>
              entry({
                url: `${other}/api/x/${i}`,
                body: { _links: { self: { href: `${other}/api/x/${i}` } } },
              }),
            ),
          ),
        },
      ],
      { base: `${API}/v2` },
    )
    expect(traffic.root).toBe(`${API}/v2`)
    expect(traffic.reads).toHaveLength(1)
    expect(
      readHar([{ name: 'b.har', text: har(entry({ url: `${other}/api/x/1`, body: {} })) }]).root,
    ).toBe(`${other}/api`)
  })

  it('reads a JSON body chrome-har gives as params of parsed values, with no text, whole', () => {
    // chrome-har (Browsertime, sitespeed.io) writes an application/json request body as one pair
    // per member, the value as parsed (a number, an object), an array's items under one name.
    const post = (url: string, params: object[]) => ({
      ...entry({ method: 'POST', url, status: 201 }),
      request: {
        method: 'POST',
        url,
        headers: [{ name: 'content-type', value: 'application/json' }],
        postData: { mimeType: 'application/json', params },
      },
    })
    const secret = 'nested-sekrit-0123456789'
    const traffic = readHar([
      {
        name: 'chrome-har.har',
        text: har(
          entry({ url: `${API}/api`, body: root }),
          post(`${API}/api/items`, [
            { name: 'name', value: 'Lamp' },
            { name: 'price', value: 30 },
            { name: 'inStock', value: false },
            { name: 'tags', value: 'desk' },
            { name: 'tags', value: 'light' },
            { name: 'size', value: { w: 20, h: 45 } },
            { name: 'vendor', value: { name: 'Acme', auth: { token: secret } } },
          ]),
          post(`${API}/api/items`, [
            { name: '0', value: { name: 'One' } },
            { name: '1', value: { name: 'Two' } },
          ]),
        ),
      },
    ])
    expect(traffic.writes.map((w) => w.body)).toEqual([
      {
        name: 'Lamp',
        price: 30,
        inStock: false,
        tags: ['desk', 'light'],
        size: { w: 20, h: 45 },
        vendor: { name: 'Acme', auth: { token: secret } },
      },
      [{ name: 'One' }, { name: 'Two' }],
    ])
    expect(Object.values(traffic.secrets.values)).toContain(secret)
  })

  it('refuses what is no HAR, and what is past its bounds, with a message naming the bound', () => {
    expect(() => readHar([{ name: 'x.har', text: '{"log":{}}' }])).toThrow(
      new HarError('x.har is no HAR: it has no log.entries array'),
    )
    expect(() => readHar([{ name: 'x.har', text: 'nope' }])).toThrow(/x.har is no JSON/)
    const text = har(
      entry({ url: `${API}/api`, body: root }),
      entry({ url: `${API}/api/items/1`, body: item(1, 'A') }),
    )
    expect(() => readHar([{ name: 'x.har', text }], { entries: 1 })).toThrow(
      'the HAR files hold more than 1 entries, the bound: record a shorter session',
    )
    expect(() => readHar([{ name: 'x.har', text }], { fileBytes: 100 })).toThrow(
      /over the bound of 100/,
    )
    const big = readHar([{ name: 'x.har', text }], { bodyBytes: 90 })
    expect(big.unreached).toEqual([
      { url: `${API}/api`, reason: expect.stringMatching(/over the bound of 90/) },
    ])
    expect(() =>
      readHar([{ name: 'x.har', text: har(entry({ url: `${API}/a.png`, type: 'image/png' })) }]),
    ).toThrow('the HAR holds no JSON answer of any API: nothing to record')
  })
})

describe('recording a HAR', () => {
  const session = () =>
    har(
      entry({
        url: `${API}/api`,
        body: root,
        answerHeaders: { 'set-cookie': `sid=${COOKIE}; HttpOnly` },
      }),
      entry({
        url: `${API}/api/items`,
        body: page(item(1, 'One', { note: 'a' }), item(2, 'Two', { note: 'b' })),
      }),
      entry({ url: `${API}/api/items/1`, body: item(1, 'One', { note: 'a' }) }),
      entry({ url: `${API}/api/items/2`, body: item(2, 'Two', { note: 'b' }) }),
      entry({
        method: 'PUT',
        url: `${API}/api/items/1`,
        sent: { name: 'One, renamed' },
        body: item(1, 'One, renamed'),
        headers: { 'if-match': '"v1"', cookie: `sid=${COOKIE}` },
      }),
      entry({
        method: 'POST',
        url: `${API}/api/items?token=${QUERY}`,
        status: 201,
        sent: { name: 'Three' },
        body: item(3, 'Three'),
        answerHeaders: { location: `${API}/api/items/3` },
      }),
      // Read after the writes: the state they made.
      entry({ url: `${API}/api/items/1`, body: item(1, 'One, renamed') }),
      entry({ url: `${API}/api/items/3`, body: item(3, 'Three') }),
      entry({ method: 'DELETE', url: `${API}/api/items/2`, status: 204 }),
    )

  it('seeds the state before the session’s writes, learns the input from them, and writes no secret', async () => {
    const recording = await recordHar([{ name: 's.har', text: session() }])
    const seed = JSON.parse(recording.files['seed.json'] as string) as { items: unknown[] }
    // Item 1 as read before its PUT, item 2 though deleted, no item 3 (its POST makes it).
    expect(seed.items).toEqual([
      { id: 1, name: 'One', note: 'a' },
      { id: 2, name: 'Two', note: 'b' },
    ])
    const api = recording.files['api.ts'] as string
    expect(api).toContain("Seed: the state before the session's writes")
    expect(api).toContain('Left out of the seed: 1 records the session created')
    expect(api).toContain('writable: the traffic recorded shows DELETE, POST, PUT')
    // Clients send `name` alone: `note` is the server's, optional and no input.
    expect(api).toContain('input: itemsSchema.pick({ name: true })')
    expect(api).toMatch(/note: z\.string\(\)\.optional\(\)/)
    expect(api).toContain('Write seen: PUT /api/items/{id} → 200 (conditional) (1×)')
    expect(api).toContain("bearer: { type: 'http', scheme: 'bearer' }")
    const all = Object.values(recording.files).join('\n')
    for (const secret of [TOKEN, COOKIE, QUERY]) expect(all).not.toContain(secret)
  })

  it('replays the 400 { error, message } its session saw for an invalid body, and its errors in that shape', async () => {
    const refusal = { error: 'Bad Request', message: 'name must be a string.' }
    const recording = await recordHar([
      {
        name: 's.har',
        text: har(
          entry({ url: `${API}/api`, body: root }),
          entry({ url: `${API}/api/items`, body: page(item(1, 'One')) }),
          entry({
            method: 'POST',
            url: `${API}/api/items`,
            status: 400,
            type: 'application/json',
            sent: { name: 7 },
            body: refusal,
          }),
          entry({
            method: 'POST',
            url: `${API}/api/items`,
            status: 201,
            sent: { name: 'Two' },
            body: item(2, 'Two'),
            answerHeaders: { location: `${API}/api/items/2` },
          }),
        ),
      },
    ])
    const source = recording.files['api.ts'] as string
    expect(source).toContain(
      'the status and body of a refused body: POST /api/items of the session, answered 400.',
    )
    const dir = await outDir('har-errors')
    await writeRecording(dir, recording.files)
    const api = (await import(join(dir, 'api.ts'))).default as HalApi
    // A frontend reading `error.message` of a 400 works against the mock unchanged.
    const refused = await api.handle(
      new Request('http://mock.test/api/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer mock-token' },
        body: JSON.stringify({ name: 7 }),
      }),
    )
    expect(refused.status).toBe(400)
    expect(refused.headers.get('content-type')).toBe('application/json')
    expect(await refused.json()).toEqual({ error: 'Bad Request', message: expect.any(String) })
    const missing = await api.handle(new Request('http://mock.test/api/items/99'))
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'Not Found', message: expect.any(String) })
    // The session showed that the API refuses bodies: verify holds it to refusing invalid ones.
    expect(api.definition.promises?.problems).toBeUndefined()
  })

  it('names its items by the variable the root’s template names them by, so the replay’s expands', async () => {
    const linking = {
      _links: {
        self: { href: `${API}/api` },
        item: { href: `${API}/api/items/{itemId}`, templated: true },
      },
    }
    const recording = await recordHar([
      {
        name: 's.har',
        text: har(
          entry({ url: `${API}/api`, body: linking }),
          entry({ url: `${API}/api/items/1`, body: item(1, 'One') }),
        ),
      },
    ])
    const dir = await outDir('har-root-variable')
    await writeRecording(dir, recording.files)
    const api = (await import(join(dir, 'api.ts'))).default as HalApi
    const replayed = (await (await api.handle(new Request('http://mock.test/api'))).json()) as {
      _links: { item: { href: string } }
    }
    expect(replayed._links.item.href).toBe('http://mock.test/api/items/{itemId}')
    // verify expands the root's template by the definition's variable: it reaches item 1.
    const server = await createHalServer(api, { port: 0, log: false })
    try {
      const report = await verifyApi({ url: `${server.url}`, api, readOnly: true })
      expect(report.findings.filter((f) => f.severity === 'failure')).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('with no read before a write, seeds the last read, and says so', async () => {
    const recording = await recordHar([
      {
        name: 's.har',
        text: har(
          entry({ url: `${API}/api`, body: root }),
          entry({
            method: 'PUT',
            url: `${API}/api/items/1`,
            sent: { name: 'New' },
            body: item(1, 'New'),
          }),
          entry({ url: `${API}/api/items/1`, body: item(1, 'New') }),
        ),
      },
    ])
    expect(JSON.parse(recording.files['seed.json'] as string).items).toEqual([
      { id: 1, name: 'New' },
    ])
    expect(recording.files['api.ts']).toContain('the last read of each document')
  })

  it('reads a forms-driven client’s HAL-FORMS answers as documents, and their templates as writes', async () => {
    const forms = (body: object, templates: object) => ({ ...body, _templates: templates })
    const create = { method: 'POST', properties: [{ name: 'name', required: true }] }
    const recording = await recordHar([
      {
        name: 'f.har',
        text: har(
          entry({ url: `${API}/api`, body: root }),
          entry({
            url: `${API}/api/items`,
            type: 'application/prs.hal-forms+json',
            body: forms(page(item(1, 'One')), { default: create }),
          }),
        ),
      },
    ])
    const [items] = recording.model.collections
    expect(items?.records).toEqual([{ id: 1, name: 'One' }])
    expect(items?.writes).toEqual({ source: 'hal-forms', methods: ['POST'] })
  })

  it('takes a HAR some tool wrote oddly (headers no list, a Location that does not parse) without a crash', async () => {
    const odd = JSON.parse(
      har(
        entry({ url: `${API}/api`, body: root }),
        entry({
          method: 'POST',
          url: `${API}/api/items`,
          status: 201,
          sent: { name: 'A' },
          answerHeaders: { location: 'http://[bad' },
        }),
      ),
    ) as { log: { entries: { request: { headers: unknown } }[] } }
    for (const e of odd.log.entries) e.request.headers = 'Authorization: nope'
    const recording = await recordHar([{ name: 'odd.har', text: JSON.stringify(odd) }])
    expect(recording.traffic.writes).toEqual([
      expect.objectContaining({ method: 'POST', status: 201, body: { name: 'A' } }),
    ])
    expect(recording.traffic.writes[0]).not.toHaveProperty('location')
  })

  it('--check with a newer HAR: no drift for the same traffic, the members a newer API added', async () => {
    const dir = await outDir('har-check')
    await writeRecording(dir, (await recordHar([{ name: 's.har', text: session() }])).files)
    const path = join(dir, 'newer.har')
    await writeFile(path, session())
    expect(await checkHar(dir, [path])).toEqual([])
    await writeFile(
      path,
      har(entry({ url: `${API}/api/items/1`, body: item(1, 'One', { note: 'a', stock: 3 }) })),
    )
    expect(await checkHar(dir, [path])).toEqual([
      { where: 'collection items', change: 'member added: stock: integer' },
    ])
    expect(JSON.parse(await readFile(join(dir, 'recording.json'), 'utf8')).basePath).toBe('/api')
  })
})
