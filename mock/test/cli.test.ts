import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startCli } from './cli-process.js'
import { streamedBody } from './contract/helpers.js'
import type { RawRequest } from './contract/target.js'
import { packedBin, projectOf } from './packed.js'
import { sendRaw } from './raw-http.js'

const MOCK = fileURLToPath(new URL('..', import.meta.url))
const SHOP = fileURLToPath(new URL('../../examples/shop/api.ts', import.meta.url))
const children: ChildProcess[] = []
/** The `halyard-mock` of the packed tarball, installed outside the repository. */
let bin = ''
beforeAll(async () => {
  bin = await packedBin()
}, 300_000)
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

/** Starts the installed bin with `args`, as a user runs it. */
function cli(args: string[], env: Record<string, string> = {}) {
  const { child, exit, output } = startCli(bin, args, env)
  children.push(child)
  /** Waits until stdout matches `pattern` (the server logs after it has answered). */
  async function waitFor(pattern: RegExp): Promise<RegExpExecArray> {
    for (;;) {
      const match = pattern.exec(output().stdout)
      if (match) return match
      if (child.exitCode !== null) throw new Error(`exited: ${output().stderr}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const baseUrl = async () => (await waitFor(/listening on (\S+)/))[1] ?? ''
  return { child, exit, output, baseUrl, waitFor }
}

describe('halyard-mock (CLI)', () => {
  it('prints its options with --help', async () => {
    const run = cli(['--help'])
    expect(await run.exit).toBe(0)
    for (const option of [
      '--port',
      '--host',
      '--articles',
      '--data',
      '--protect-reads',
      '--delay',
      '--allowed-hosts',
      '--cors-origin',
      '--request-timeout',
    ]) {
      expect(run.output().stdout).toContain(option)
    }
  })

  it('serves an API module with --api, its root and the explorer', async () => {
    const run = cli(['--port', '0', '--api', SHOP])
    const url = await run.baseUrl()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/)
    expect(run.output().stdout).toContain('Shop mock listening')
    // The lines after the first may come in a later chunk of output.
    await run.waitFor(/Write token: X-Access-Token: dev-token/)
    const root = await fetch(url).then((r) => r.json())
    expect(Object.keys(root._links)).toContain('orders')
    const page = await fetch(`${url}/orders`).then((r) => r.json())
    expect(page.page.totalElements).toBeGreaterThanOrEqual(100)
    const explorer = await fetch(new URL('/', url)).then((r) => r.text())
    expect(explorer).toContain('content="/api"')
    run.child.kill('SIGTERM')
    expect(await run.exit).toBe(0)
  })

  it("keeps the server's own refusals 4xx with a TypeScript --api module (one @halyard/mock for both)", async () => {
    const run = cli(['--port', '0', '--api', SHOP])
    const { origin } = new URL(await run.baseUrl())
    const refusals: [string, RawRequest, number][] = [
      [
        'admin reset as text/plain',
        { method: 'POST', target: '/__admin/reset', headers: { 'content-type': 'text/plain' } },
        415,
      ],
      ['a foreign Host', { method: 'GET', target: '/api', headers: { host: 'evil.example' } }, 403],
      ['DELETE /', { method: 'DELETE', target: '/' }, 405],
      [
        "a stranger's preflight",
        {
          method: 'OPTIONS',
          target: '/api/orders',
          headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
        },
        403,
      ],
      [
        'headers over 16 KiB',
        { method: 'GET', target: '/api', headers: { 'x-big': 'a'.repeat(20_000) } },
        431,
      ],
      [
        'two Host lines',
        { method: 'GET', target: '/api', headers: { host: ['127.0.0.1', 'localhost'] } },
        400,
      ],
      [
        'CONNECT',
        { method: 'CONNECT', target: '127.0.0.1:80', headers: { host: '127.0.0.1:80' } },
        405,
      ],
    ]
    for (const [what, request, status] of refusals) {
      const answer = await sendRaw(origin, request)
      expect(answer.status, what).toBe(status)
      expect(answer.headers.get('content-type'), what).toBe('application/problem+json')
    }
    expect(run.output().stderr).not.toContain('unexpected error')
  })

  it("serves a recording from a folder of no project: its imports of the mock and zod are the CLI's", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'halyard-recording-'))
    try {
      await writeFile(
        join(dir, 'api.ts'),
        [
          "import { defineHalApi } from '@halyard/mock'",
          "import { z } from 'zod'",
          'export default defineHalApi({',
          "  basePath: '/api',",
          "  title: 'Recorded',",
          "  collections: { notes: { schema: z.object({ text: z.string() }), seed: [{ text: 'a' }] } },",
          '})',
        ].join('\n'),
      )
      const run = cli(['--port', '0', '--api', join(dir, 'api.ts')])
      const url = await run.baseUrl()
      const page = await fetch(`${url}/notes`).then((r) => r.json())
      expect(page.page.totalElements).toBe(1)
      const foreign = await sendRaw(new URL(url).origin, {
        method: 'GET',
        target: '/api',
        headers: { host: 'evil.example' },
      })
      expect(foreign.status).toBe(403)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it("with --api and the API's protectReads, /__admin/requests takes the API's own Bearer token", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'halyard-'))
    const file = join(dir, 'guarded.mjs')
    // As a user writes it: the CLI resolves the mock's import to its own copy.
    await writeFile(
      file,
      `import { defineHalApi } from '@halyard/mock'
const any = { '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value }) } }
export default defineHalApi({
  basePath: '/api', title: 'Guarded', tokens: ['shop-token'], protectReads: true,
  collections: { notes: { schema: any } },
})
`,
    )
    const run = cli(['--port', '0', '--api', file])
    const url = await run.baseUrl()
    const admin = new URL('/__admin/requests', url)
    const bearer = { authorization: 'Bearer shop-token' }
    expect((await fetch(`${url}/notes`, { headers: bearer })).status).toBe(200)
    const listed = await fetch(admin, { headers: bearer })
    expect(listed.status).toBe(200)
    expect((await listed.json()).requests).toHaveLength(1)
    const refused = await fetch(admin, { headers: { authorization: 'Bearer dev-token' } })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="Guarded"')
    run.child.kill('SIGTERM')
    expect(await run.exit).toBe(0)
  })

  it('refuses --api beside a Blog API option, or a module that exports no API', async () => {
    const mixed = cli(['--api', SHOP, '--articles', '5'])
    expect(await mixed.exit).toBe(2)
    expect(mixed.output().stderr).toContain('--articles is a Blog API option')
    const dir = await mkdtemp(join(tmpdir(), 'halyard-'))
    const file = join(dir, 'not-an-api.mjs')
    await writeFile(file, 'export default { title: "nothing" }\n')
    const wrong = cli(['--api', file])
    expect(await wrong.exit).toBe(2)
    expect(wrong.output().stderr).toContain('must default-export an API made with defineHalApi')
  })

  it('rejects a bad option value with exit code 2 and names the option', async () => {
    const run = cli(['--port', 'eighty'])
    expect(await run.exit).toBe(2)
    expect(run.output().stderr).toContain('--port must be a whole number')
  })

  it('under npm start, a usage error prints the CLI message alone (no npm lifecycle error)', async () => {
    const npm = spawn('npm', ['start', '--', '--port', 'eighty'], {
      cwd: join(MOCK, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(npm)
    let stderr = ''
    npm.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    const code = await new Promise<number | null>((resolve) => npm.on('exit', resolve))
    expect(code).toBe(2)
    expect(stderr).toContain(
      'halyard-mock: --port must be a whole number from 0 to 65535, not "eighty"',
    )
    expect(stderr).toContain('Run halyard-mock --help for the options.')
    expect(stderr).not.toMatch(/^npm error/m)
  })

  // CI scripts and test harnesses stop a server by the PID they hold: npm's, or a shell's.
  it.each([
    ['npm start', 'npm', ['start', '--', '--port', '0']],
    ['a shell running the bin under npm, as npx does', 'sh', ['-c', 'halyard-mock --port 0']],
  ])('SIGTERM to the PID of %s frees the port', async (_, command, args) => {
    const project = projectOf(bin)
    const shell = command === 'sh'
    const wrapper = spawn(command, args, {
      // npm start runs the sources from the repository; npx, the bin it installed, from PATH.
      cwd: shell ? project : join(MOCK, '..'),
      env: {
        ...process.env,
        ...(shell ? { PATH: `${join(bin, '..')}${delimiter}${process.env.PATH ?? ''}` } : {}),
        npm_execpath: process.env.npm_execpath ?? 'npm',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(wrapper)
    let stdout = ''
    wrapper.stdout?.on('data', (chunk) => {
      stdout += chunk
    })
    let url: string | undefined
    while (url === undefined) {
      url = /listening on (\S+)/.exec(stdout)?.[1]
      if (wrapper.exitCode !== null) throw new Error(`exited: ${stdout}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect((await fetch(url)).status).toBe(200)
    wrapper.kill('SIGTERM')
    let refused = false
    for (let tries = 0; tries < 50 && !refused; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      refused = await fetch(url).then(
        () => false,
        () => true,
      )
    }
    expect(refused, 'nothing answers on the port within 5 s').toBe(true)
  })

  it('starts with --articles, prints the base URL and dev token, stops cleanly on SIGTERM', async () => {
    const run = cli(['--port', '0', '--articles', '5'])
    const url = await run.baseUrl()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\.2$/)
    // The lines after the first may come in a later chunk of output.
    await run.waitFor(/dev-token/)
    const page = await fetch(`${url}/blogs/1/articles`).then((r) => r.json())
    expect(page.totalArticles).toBe(5)
    await run.waitFor(/GET \/api\/v1\.2\/blogs\/1\/articles 200 [\d.]+ms/)
    run.child.kill('SIGTERM')
    expect(await run.exit).toBe(0)
  })

  it('takes the port from PORT when --port is absent', async () => {
    const run = cli([], { PORT: '0' })
    expect(await run.baseUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\.2$/)
  })

  it('requires a token on reads with --protect-reads', async () => {
    const run = cli(['--port', '0', '--protect-reads'])
    const url = await run.baseUrl()
    expect((await fetch(`${url}/blogs/1`)).status).toBe(401)
    expect(
      (await fetch(`${url}/blogs/1`, { headers: { 'x-access-token': 'dev-token' } })).status,
    ).toBe(200)
    // The curl it suggests carries the token, or it would answer 401.
    const [, header, tried] = await run.waitFor(/Try: curl -H '([^']+)' (\S+)/)
    const [name = '', value = ''] = (header ?? '').split(': ')
    expect((await fetch(tried ?? '', { headers: { [name]: value } })).status).toBe(200)
    expect(run.output().stdout).toContain('X-Access-Token: dev-token')
  })

  it('widens hosts and CORS with --allowed-hosts and --cors-origin, and guards admin with --protect-reads', async () => {
    const run = cli([
      '--port',
      '0',
      '--protect-reads',
      '--allowed-hosts',
      'mock.test,.dev.test',
      '--cors-origin',
      'https://app.example',
      '--cors-origin',
      'https://other.example',
    ])
    const url = await run.baseUrl()
    const { origin, port } = new URL(url)
    const token = { 'x-access-token': 'dev-token' }
    for (const host of ['mock.test', 'api.dev.test']) {
      const answer = await sendRaw(origin, {
        method: 'GET',
        target: '/api/v1.2/blogs/1',
        headers: { host: `${host}:${port}`, ...token },
      })
      expect(answer.status, host).toBe(200)
      expect(answer.text).toContain(`http://${host}:${port}/api/v1.2/blogs/1`)
    }
    const refused = await sendRaw(origin, {
      method: 'GET',
      target: '/api/v1.2/blogs/1',
      headers: { host: `evil.test:${port}`, ...token },
    })
    expect(refused.status).toBe(403)
    expect(refused.text).toContain('--allowed-hosts')
    for (const page of ['https://app.example', 'https://other.example']) {
      const read = await fetch(`${url}/blogs/1`, { headers: { origin: page, ...token } })
      expect(read.headers.get('access-control-allow-origin')).toBe(page)
    }
    expect((await fetch(`${origin}/__admin/requests`)).status).toBe(401)
    expect((await fetch(`${origin}/__admin/requests`, { headers: token })).status).toBe(200)
  })

  it('rejects a --cors-origin that is no origin with exit code 2', async () => {
    const run = cli(['--cors-origin', 'https://app.example/path'])
    expect(await run.exit).toBe(2)
    expect(run.output().stderr).toContain('--cors-origin')
  })

  it('serves the records of a --data file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'halyard-'))
    const file = join(dir, 'seed.json')
    await writeFile(
      file,
      JSON.stringify({
        blogs: [{ id: 7, title: 'From a file', description: 'Seeded' }],
        articles: [{ id: 70, blogId: 7, title: 'Only article' }],
      }),
    )
    const run = cli(['--port', '0', '--data', file])
    const url = await run.baseUrl()
    expect((await fetch(`${url}/blogs/7`).then((r) => r.json())).title).toBe('From a file')
    const page = await fetch(`${url}/blogs/7/articles`).then((r) => r.json())
    expect(page._embedded.map((a: { title: string }) => a.title)).toEqual(['Only article'])
    expect((await fetch(`${url}/blogs/1`)).status).toBe(404)
  })

  it('names the bad record of a --data file and exits 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'halyard-'))
    const file = join(dir, 'seed.json')
    await writeFile(
      file,
      JSON.stringify({
        blogs: [{ id: 1, title: 'Blog', description: '' }],
        articles: [
          { id: 1, blogId: 1, title: 'Fine' },
          { id: 2, blogId: 1, title: 42 },
        ],
      }),
    )
    const run = cli(['--data', file])
    expect(await run.exit).toBe(2)
    expect(run.output().stderr).toContain('articles[1].title')
  })

  it('refuses a --data file nesting too deep, or an id past exact integers, saying which', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'halyard-'))
    const deep = join(dir, 'deep.json')
    await writeFile(deep, `{"blogs":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`)
    const nested = cli(['--data', deep])
    expect(await nested.exit).toBe(2)
    expect(nested.output().stderr).toContain(
      `--data ${deep} nests arrays and objects deeper than 100 levels`,
    )
    const unsafe = join(dir, 'unsafe.json')
    await writeFile(unsafe, '{"blogs":[{"id":9007199254740993,"title":"Blog","description":""}]}')
    const rounded = cli(['--data', unsafe])
    expect(await rounded.exit).toBe(2)
    expect(rounded.output().stderr).toContain(
      `--data ${unsafe}: "id" is 9007199254740993 as written, past the integers a JSON number holds exactly`,
    )
    await rm(dir, { recursive: true, force: true })
  })

  it('rejects a --data file whose article names a missing blog', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'halyard-'))
    const file = join(dir, 'seed.json')
    await writeFile(
      file,
      JSON.stringify({ blogs: [], articles: [{ id: 1, blogId: 3, title: 'Orphan' }] }),
    )
    const run = cli(['--data', file])
    expect(await run.exit).toBe(2)
    expect(run.output().stderr).toContain('articles[0].blogId: no blog with id 3')
  })

  // A 413 comes while the client is still sending; with the server in its own process, reading
  // stopped by destroying the socket made about 1 in 10 clients see a reset instead.
  it('answers each of 30 streamed bodies over 1 MiB with its 413', async () => {
    const base = await cli(['--port', '0']).baseUrl()
    const outcomes: (number | string)[] = []
    for (let i = 0; i < 30; i++) {
      const init = {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
        body: streamedBody(2 * 1024 * 1024),
        duplex: 'half',
      } as RequestInit
      const outcome = await fetch(`${base}/blogs/1/articles`, init).then(
        async (response) => {
          await response.arrayBuffer()
          return response.status
        },
        (error: Error) => `${error.message}: ${error.cause}`,
      )
      outcomes.push(outcome)
    }
    expect(outcomes).toEqual(Array(30).fill(413))
  })
})
