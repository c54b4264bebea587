import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMockServer, type MockServer } from '../src/blog/shells/server.js'
import { defineCollection, defineHalApi } from '../src/index.js'
import { createHalServer } from '../src/shells/server/index.js'

// What the real server serves for the HAL explorer: the page at `/` and its assets under
// /__explorer/. What the page does in a browser is the e2e suite's (e2e/explorer/).
let server: MockServer
beforeAll(async () => {
  server = await createMockServer({ port: 0, log: false })
})
afterAll(() => server.close())

const get = (path: string, init?: RequestInit) => fetch(`${server.origin}${path}`, init)

/** The files the page loads: every `src` and `href` of index.html that is a path of this server. */
async function pageAssets(): Promise<string[]> {
  const html = await (await get('/')).text()
  return [...html.matchAll(/\s(?:src|href)="(\/[^"]*)"/g)].map((match) => match[1] ?? '')
}

describe('the HAL explorer page', () => {
  it('is served at / as HTML that runs only its own module script', async () => {
    const answer = await get('/')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await answer.text()
    expect(html).toMatch(/^<!doctype html>/i)
    expect(html).toContain('<script type="module" src="/__explorer/explorer.js"></script>')
    // No inline script: every <script> element loads a file (the CSP would block the others).
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [tag, body] of scripts) {
      expect(tag).toMatch(/\ssrc="/)
      expect(body).toBe('')
    }
  })

  it('sends a strict Content-Security-Policy, nosniff and a validator', async () => {
    const answer = await get('/')
    const policy = answer.headers.get('content-security-policy') ?? ''
    const directives = new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/)
        return [name, values.join(' ')] as const
      }),
    )
    expect(directives.get('default-src')).toBe("'none'")
    expect(directives.get('script-src')).toBe("'self'")
    expect(directives.get('connect-src')).toBe("'self'")
    expect(directives.get('frame-ancestors')).toBe("'none'")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).not.toContain('unsafe-eval')
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('cache-control')).toBe('no-cache')
    expect(answer.headers.get('etag')).toMatch(/^"[\w-]+"$/)
  })

  it('answers a revalidation with 304 and HEAD with the headers only', async () => {
    const first = await get('/')
    const etag = first.headers.get('etag') ?? ''
    await first.body?.cancel()
    const again = await get('/', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const head = await get('/', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await head.text()).toBe('')
  })
})

describe('the explorer assets', () => {
  it('serves every file the page loads, scripts and styles with their types', async () => {
    const assets = await pageAssets()
    expect(assets).toEqual(
      expect.arrayContaining(['/__explorer/explorer.js', '/__explorer/explorer.css']),
    )
    for (const path of assets) {
      const answer = await get(path)
      expect(answer.status, path).toBe(200)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      const type = path.endsWith('.css') ? 'text/css' : 'text/javascript'
      expect(answer.headers.get('content-type')).toBe(`${type}; charset=utf-8`)
      await answer.body?.cancel()
    }
  })

  it("serves the SDK's HAL reading the page script imports, as a working ES module", async () => {
    const script = await (await get('/__explorer/explorer.js')).text()
    expect(script).toMatch(/from '\.\/sdk\.js'/)
    const answer = await get('/__explorer/sdk.js')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const source = await answer.text()
    const module = (await import(
      `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`
    )) as {
      expandTemplate(template: string, values: object): string
      halFormsAdapter(options: object): { read(body: unknown): { links: object; data: unknown } }
    }
    const template = `${server.url}/blogs/1/articles{?pageIndex,pageSize}`
    expect(module.expandTemplate(template, { pageIndex: 2, pageSize: 5 })).toBe(
      `${server.url}/blogs/1/articles?pageIndex=2&pageSize=5`,
    )
    // The Blog API's pages spell their links `_link`: read as the explorer asks the SDK to.
    const page = { pageIndex: 1, _link: { nextPage: { href: '/next' } }, _embedded: [] }
    const reader = module.halFormsAdapter({ linkKeys: ['_links', '_link'] })
    expect(reader.read(page)).toMatchObject({
      links: { nextPage: { href: '/next' } },
      data: { pageIndex: 1 },
    })
  })

  it('answers an unknown /__explorer/ file 404 with problem details', async () => {
    const answer = await get('/__explorer/nope.js')
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    const problem = (await answer.json()) as { status: number; detail: string; instance: string }
    expect(problem).toMatchObject({ status: 404, instance: '/__explorer/nope.js' })
    expect(problem.detail).toContain('/__explorer/nope.js')
  })

  it('does not serve the files that only type-check the page script', async () => {
    for (const path of ['/__explorer/tsconfig.json', '/__explorer/sdk.d.ts']) {
      const answer = await get(path)
      expect(answer.status, path).toBe(404)
      await answer.body?.cancel()
    }
  })
})

describe('methods other than GET and HEAD', () => {
  it.each([
    ['POST', '/'],
    ['PUT', '/'],
    ['DELETE', '/__explorer/explorer.js'],
  ])('%s %s answers 405 with Allow, like the API routes', async (method, path) => {
    const answer = await get(path, { method })
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    const problem = (await answer.json()) as { status: number; detail: string }
    expect(problem.status).toBe(405)
    expect(problem.detail).toContain(method)
  })

  it('OPTIONS / answers 204 with Allow', async () => {
    const answer = await get('/', { method: 'OPTIONS' })
    expect(answer.status).toBe(204)
    expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })
})

describe("the token field's hint", () => {
  // The token the CLI prints at start (`Write token: …`), from the same home.
  it("suggests the Blog API's writing token", async () => {
    expect(await (await get('/')).text()).toContain('try dev-token.')
  })

  it('suggests the default token of an API that names none, and none for a read-only API', async () => {
    const collections = { notes: { schema: z.object({ text: z.string() }) } }
    for (const [tokens, hint] of [
      [undefined, 'try dev-token.'],
      [['shop-token'], 'try shop-token.'],
    ] as const) {
      const api = defineHalApi({ basePath: '/api', collections, ...(tokens ? { tokens } : {}) })
      const own = await createHalServer(api, { port: 0, log: false })
      try {
        expect(await (await fetch(`${own.origin}/`)).text()).toContain(hint)
      } finally {
        await own.close()
      }
    }
    const readOnly = await createHalServer(
      defineHalApi({ basePath: '/api', collections, tokens: [] }),
      {
        port: 0,
        log: false,
      },
    )
    try {
      expect(await (await fetch(`${readOnly.origin}/`)).text()).not.toContain('try ')
    } finally {
      await readOnly.close()
    }
  })
})

describe('an API served at / (a recording of a root-level HAL server)', () => {
  it('answers / with the API for HAL, JSON or no Accept, and with the explorer for a page', async () => {
    const api = defineHalApi({
      basePath: '',
      collections: {
        notes: defineCollection({ schema: z.object({ text: z.string() }), seed: [{ text: 'a' }] }),
      },
    })
    const own = await createHalServer(api, { port: 0, log: false })
    try {
      // HTML refused (`q=0`) or liked less than HAL is no page request.
      for (const accept of [
        'application/hal+json',
        'application/json',
        '*/*',
        'text/html;q=0, application/hal+json',
        'text/html;q=0.5, application/hal+json',
      ]) {
        const answer = await fetch(`${own.origin}/`, { headers: { accept } })
        expect(answer.headers.get('content-type')).toContain('json')
        expect(((await answer.json()) as { _links: object })._links).toHaveProperty('notes')
        expect(answer.headers.get('vary')).toContain('Accept')
      }
      const page = await fetch(`${own.origin}/`, {
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      })
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect((await fetch(`${own.origin}/__explorer/explorer.js`)).status).toBe(200)
    } finally {
      await own.close()
    }
  })
})
