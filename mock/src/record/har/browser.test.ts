import { type ChildProcess, spawn } from 'node:child_process'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { type Browser, type CDPSession, chromium, type LaunchOptions } from '@playwright/test'
import { harFromMessages } from 'chrome-har'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packedBin, projectOf } from '../../../test/packed.js'
import {
  SECRETS,
  SESSION,
  startAnalyticsServer,
  startHarServer,
} from '../../../test/record/har-server.js'
import { OUT, outDir as outIn, shapeOf } from '../../../test/record/replay.js'
import type { HalApi } from '../../serve/api.js'
import { createHalServer } from '../../shells/server/index.js'
import { verifyApi } from '../../verify/engine.js'
import type { RecordingShape } from '../emit/shape.js'
import { recordApi, writeRecording } from '../record.js'
import { readHar } from './read.js'
import { type HarRecording, recordHar } from './record-har.js'

// A folder of this file's own beside the other recording tests' (which remove theirs when done).
const MINE = `${OUT}-har-browser`
const outDir = (name: string) => outIn(name, MINE)

// HAR files made by tools nobody here wrote (Playwright's recordHar, and chrome-har from
// Chromium's own DevTools-protocol events, as Browsertime and sitespeed.io write theirs) from a
// browser session over a third-party-style HAL server, recorded, served, replayed by the
// same client code, and the live server verified against the recording.

// The e2e suite's launcher (Debian's Chromium and the flags this machine needs), by path: it
// lives in another TypeScript project.
const { chromiumLaunchOptions } = (await import(
  resolve(import.meta.dirname, '../../../../e2e/chromium.ts')
)) as { chromiumLaunchOptions(): LaunchOptions }

interface Step {
  method: string
  url: string
  status: number
  body: unknown
}
type Session = (base: string, token: string) => Promise<Step[]>
const session = new Function(`return ${SESSION}`)() as Session

let browser: Browser
beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions())
})
afterAll(async () => {
  await browser?.close()
  await rm(MINE, { recursive: true, force: true })
})

/** Every file of a folder, as text. */
async function filesOf(dir: string): Promise<string> {
  const names = await readdir(dir)
  return (await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))).join('\n')
}

/**
 * Every `Network.*` and `Page.*` event of a CDP session, for chrome-har; `har(withoutBody)`
 * answers its HAR once every answer has loaded, the bodies attached as chrome-har's README says
 * (`response.body` of each `Network.responseReceived`, from `Network.getResponseBody`, decoded),
 * but those `withoutBody` names: a sanitized export.
 */
async function cdpEvents(cdp: CDPSession) {
  const messages: { method: string; params?: object }[] = []
  const responses = new Map<string, { url: string; body?: string }>()
  const reads: Promise<void>[] = []
  // Answers still loading: the page's last fetch may resolve before its loadingFinished arrives.
  const loading = new Set<string>()
  let loaded = () => {}
  cdp.on('event', (message) => {
    const { method } = message
    if (!/^(Network|Page)\./.test(method)) return
    messages.push(message)
    const { requestId, response } = (message.params ?? {}) as {
      requestId?: string
      response?: { url: string; body?: string }
    }
    if (requestId === undefined) return
    if (method === 'Network.responseReceived' && response) {
      responses.set(requestId, response)
      loading.add(requestId)
    }
    const answered = responses.get(requestId)
    if (method === 'Network.loadingFinished' && answered) {
      reads.push(
        cdp.send('Network.getResponseBody', { requestId }).then(
          (got) => {
            answered.body = got.base64Encoded
              ? Buffer.from(got.body, 'base64').toString()
              : got.body
          },
          // No body kept (a 204, a preflight): the entry holds none.
          () => undefined,
        ),
      )
    }
    if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      loading.delete(requestId)
      if (loading.size === 0) loaded()
    }
  })
  await cdp.send('Page.enable')
  await cdp.send('Network.enable')
  return {
    async har(withoutBody: (url: string) => boolean) {
      if (loading.size > 0)
        await new Promise<void>((done) => {
          loaded = done
        })
      await Promise.all(reads)
      for (const response of responses.values()) if (withoutBody(response.url)) delete response.body
      return harFromMessages(messages, { includeTextFromResponseBody: true })
    },
  }
}

/** A browser session on a fresh server, saved as a HAR by `how`; the server stays up for verify. */
async function browse(how: 'recordHar' | 'chrome-har', dir: string) {
  const api = await startHarServer()
  const analytics = await startAnalyticsServer()
  const path = join(dir, `${how}.har`)
  const context = await browser.newContext(
    how === 'recordHar' ? { recordHar: { path, content: 'embed' } } : {},
  )
  const page = await context.newPage()
  const recorder =
    how === 'chrome-har' ? await cdpEvents(await context.newCDPSession(page)) : undefined
  await page.goto(`${api.origin}/app`)
  // What else a page sends: a script, an image and a beacon to another origin, with its key.
  await page.evaluate(
    async ([other, key]) => {
      await fetch(`${location.origin}/app.js`)
      await fetch(`${other}/pixel.png`)
      await fetch(`${other}/collect?api_key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key as string },
        body: JSON.stringify({ event: 'view' }),
      })
    },
    [analytics.origin, SECRETS.apiKey],
  )
  await context.addCookies([{ name: 'session', value: SECRETS.session, url: api.origin }])
  const steps = (await page.evaluate(
    ([source, base, token]) => new Function(`return ${source}`)()(base, token),
    [SESSION, `${api.origin}/api`, SECRETS.token],
  )) as Step[]
  if (recorder) {
    // A sanitized export: the bodies of four customers' reads are left out.
    const har = await recorder.har((url) => /\/customers\/(2[0-3])$/.test(url))
    await writeFile(path, JSON.stringify(har))
  }
  await context.close()
  await analytics.close()
  return { api, path, steps }
}

/** The recording served on 127.0.0.1, its module loaded as `halyard-mock --api` loads it. */
async function serve(recording: HarRecording, name: string) {
  const dir = await outDir(name)
  await writeRecording(dir, recording.files)
  const api = (await import(join(dir, 'api.ts'))).default as HalApi
  const server = await createHalServer(api, { port: 0 })
  return { dir, api, server }
}

describe.each(['recordHar', 'chrome-har'] as const)('a HAR from %s', (how) => {
  it('records a mock that answers the session in the same shape, takes its writes, leaks no secret, and the live server verifies against', async () => {
    const dir = await outDir(`har-${how}`)
    const { api, path, steps } = await browse(how, dir)
    try {
      const har = await readFile(path, 'utf8')
      // The HAR holds the secrets (so that the checks below can fail).
      for (const secret of Object.values(SECRETS)) expect(har).toContain(secret)
      const reads = steps.filter((s) => s.method === 'GET')
      expect(reads.length).toBeGreaterThanOrEqual(40)
      expect(steps.map((s) => s.method)).toEqual(expect.arrayContaining(['POST', 'PUT', 'DELETE']))

      const recording = await recordHar([path])
      expect(recording.traffic.chosen).toContain(`${api.origin}/api`)
      expect(recording.model.collections.map((c) => c.name).sort()).toEqual([
        'customers',
        'orders',
        'products',
      ])
      const { dir: out, api: replay, server } = await serve(recording, `served-${how}`)
      try {
        // No secret of any entry in any file written: the given ones, and all the reader found.
        const written = await filesOf(out)
        const found = Object.values(readHar([{ name: path, text: har }]).secrets.values)
        for (const secret of [...Object.values(SECRETS), ...found])
          expect(written.includes(secret), secret).toBe(false)
        // How the API authenticates, as schemes: its Bearer token and its session cookie.
        expect(written).toContain(
          "securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, 'cookie-session': { type: 'apiKey', in: 'cookie', name: 'session' } }",
        )
        expect(written).toMatch(/Seed: the state before the session's writes/)

        // The same client code against the mock: the same steps, statuses and shapes.
        const again = await session(server.url, 'mock-token')
        const sanitized = how === 'chrome-har' ? /\/customers\/(2[0-3])$/ : /^$/
        const differ = steps.flatMap((s, i) => {
          const r = again[i]
          if (!r || r.method !== s.method || r.status !== s.status) {
            return [`${s.method} ${s.url}: ${s.status} then ${r?.status}`]
          }
          // A read whose body the HAR does not hold is answered in the shape of its collection.
          if (sanitized.test(s.url)) return []
          const a = JSON.stringify(shapeOf(s.body))
          const b = JSON.stringify(shapeOf(r.body))
          return a === b ? [] : [`${s.method} ${s.url}: ${a} then ${b}`]
        })
        expect(differ).toEqual([])
        expect(again).toHaveLength(steps.length)
        // Writes show in later reads: the created lamp was replaced, the deleted product is gone.
        const lastList = again.at(-1)?.body as { _embedded: { products: { name: string }[] } }
        expect(lastList._embedded.products.map((p) => p.name)).toEqual([
          'Chair',
          'Shelf',
          'Sofa',
          'Bed',
          'Desk lamp',
        ])
        console.log(
          `${how}: ${reads.length} reads and ${steps.length - reads.length} writes replayed, ${steps.length - differ.length} of ${steps.length} in the same shape`,
        )

        // The definition a crawl of the same server infers: the same collections, patterns,
        // rels, links, paging and members (optional or not is what each happened to read).
        const crawled = await recordApi(`${api.origin}/api`, {
          headers: { authorization: `Bearer ${SECRETS.token}` },
        })
        const shape = (r: { files: Readonly<Record<string, string>> }) =>
          (JSON.parse(r.files['recording.json'] as string) as RecordingShape).collections.map(
            (c) => ({ ...c, members: c.members.map((m) => m.replace('?', '')) }),
          )
        expect(shape(recording)).toEqual(shape(crawled))

        const report = await verifyApi({
          url: `${api.origin}/api`,
          api: replay.definition,
          headers: { authorization: `Bearer ${SECRETS.token}` },
        })
        const failures = report.findings
          .filter((f) => f.severity === 'failure')
          .map((f) => `${f.rule}: ${f.message} (${f.request?.method} ${f.request?.url})`)
        console.log(
          `${how}: verify of the live server: ${report.failures} failures, ${report.warnings} warnings, ${report.requests} requests`,
        )
        expect(failures).toEqual([])
      } finally {
        await server.close()
      }
    } finally {
      await api.close()
    }
  }, 120_000)
})

/** The `halyard-mock` of the packed tarball, installed outside the repository. */
let installed = ''
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
})
function bin(args: string[]) {
  const child = spawn(installed, args, {
    cwd: projectOf(installed),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let out = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk
  })
  const exit = new Promise<{ code: number | null; out: string }>((done) =>
    child.on('exit', (code) => done({ code, out })),
  )
  return { child, exit, output: () => out }
}

describe('halyard-mock record --har (the packed bin)', () => {
  beforeAll(async () => {
    installed = await packedBin()
  }, 300_000)
  it('records a Playwright HAR, serves it, checks newer traffic, verifies the live server, and combines with a crawl', async () => {
    const dir = await outDir('har-cli')
    const { api, path } = await browse('recordHar', dir)
    try {
      const out = join(dir, 'recorded')
      const recorded = await bin(['record', '--har', path, '--out', out, '--quiet']).exit
      expect(recorded.out).toContain(`API: ${api.origin}/api (`)
      expect(recorded.out).toContain('collections from')
      expect(recorded.code).toBe(0)

      const served = bin(['--api', join(out, 'api.ts'), '--port', '0'])
      for (let i = 0; i < 200 && !/listening on (\S+)/.test(served.output()); i++)
        await new Promise((done) => setTimeout(done, 50))
      const url = /listening on (\S+)/.exec(served.output())?.[1] ?? ''
      const products = await fetch(`${url.replace(/\/$/, '')}/products`, {
        headers: { accept: 'application/hal+json' },
      }).then((r) => r.json() as Promise<{ _embedded: { products: { name: string }[] } }>)
      // The state before the session's writes: no lamp yet, the table not yet deleted.
      expect(products._embedded.products.map((p) => p.name)).toEqual([
        'Chair',
        'Table',
        'Shelf',
        'Sofa',
        'Bed',
      ])
      served.child.kill('SIGTERM')

      const checked = await bin(['record', '--check', out, '--har', path]).exit
      expect(checked.out).toContain('No drift')
      expect(checked.code).toBe(0)

      const header = `Authorization: Bearer ${SECRETS.token}`
      const verified = await bin([
        'verify',
        `${api.origin}/api`,
        '--api',
        join(out, 'api.ts'),
        '--header',
        header,
        '--quiet',
      ]).exit
      expect(verified.out).toMatch(/\b0 failures\b/)
      expect(verified.code).toBe(0)

      // The crawl reads what it reaches (one hop: no orders); the HAR fills in and teaches the writes.
      const both = join(dir, 'both')
      const combined = await bin([
        'record',
        `${api.origin}/api`,
        '--har',
        path,
        '--header',
        header,
        '--depth',
        '1',
        '--out',
        both,
        '--quiet',
      ]).exit
      expect(combined.code).toBe(0)
      const files = await filesOf(both)
      expect(files).toContain('writable: the traffic recorded shows DELETE, POST, PUT')
      const shape = JSON.parse(
        await readFile(join(both, 'recording.json'), 'utf8'),
      ) as RecordingShape
      expect(shape.collections.map((c) => c.name).sort()).toEqual([
        'customers',
        'orders',
        'products',
      ])
      for (const secret of Object.values(SECRETS)) expect(files).not.toContain(secret)

      const wrong = await bin(['record', '--base', `${api.origin}/api`, '--out', both]).exit
      expect(wrong.out).toContain('--base names the API in a HAR: give --har <file.har> too')
      expect(wrong.code).toBe(2)
      const missing = await bin(['record', '--har', join(dir, 'none.har'), '--out', both]).exit
      expect(missing.out).toContain('none.har cannot be read: ENOENT')
      expect(missing.code).toBe(1)
    } finally {
      await api.close()
    }
  }, 120_000)
})
