import { execFile } from 'node:child_process'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { crawlApi } from '../../src/record/crawl.js'
import { type Recording, writeRecording } from '../../src/record/record.js'
import type { HalApi } from '../../src/serve/api.js'

// Shared by the recording tests: where recordings go, how they are loaded, how documents compare.

/** Inside the repository, so that a recording's `@halyard/mock` and `zod` imports resolve. */
export const OUT = resolve(import.meta.dirname, '../../../node_modules/.cache/record-tests')
let serial = 0

/** A fresh folder for a recording, under `root` (a test file's own, which its `afterAll` removes). */
export async function outDir(name: string, root = OUT): Promise<string> {
  const dir = join(root, `${name}-${process.pid}-${serial++}`)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  return dir
}

/**
 * Removes the folders this process made under `root`, and those of test processes that have
 * ended: a test file's `afterAll` must not remove those of the files running beside it.
 */
export async function removeOutDirs(root = OUT): Promise<void> {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM'
    }
  }
  const names = await readdir(root).catch(() => [] as string[])
  const done = names.filter((n) => {
    const pid = Number(/-(\d+)-\d+$/.exec(n)?.[1])
    return pid === process.pid || (Number.isSafeInteger(pid) && pid > 0 && !alive(pid))
  })
  await Promise.all(done.map((n) => rm(join(root, n), { recursive: true, force: true })))
}

/** Writes a recording and loads its module, as `halyard-mock --api` would. */
export async function replayOf(recording: Recording, name: string): Promise<HalApi> {
  const dir = await outDir(name)
  await writeRecording(dir, recording.files)
  return (await import(join(dir, 'api.ts'))).default as HalApi
}

export const HAL = 'application/hal+json, application/json;q=0.9'
export const REPLAY = 'http://replay.test'

/** The recorded HAL GETs (documents with `_links`), as `[url, body]`; `only` filters by URL. */
export function recordedGets(recording: Recording, only: (url: string) => boolean = () => true) {
  return [...recording.crawl.exchanges.values()]
    .filter(
      (e) => e.accept === 'hal' && typeof (e.body as { _links?: unknown })?._links === 'object',
    )
    .filter((e) => only(e.url))
    .map((e) => [e.url, e.body] as const)
}

/** Each recorded GET asked of the replay: byte-identical modulo the origin, or listed. */
export async function identity(
  recording: Recording,
  replay: HalApi,
  from: string,
  only?: (url: string) => boolean,
) {
  const differ: string[] = []
  let same = 0
  for (const [url, body] of recordedGets(recording, only)) {
    const response = await replay.handle(
      new Request(url.replace(from, REPLAY), { headers: { accept: HAL } }),
    )
    const got = (await response.text()).replaceAll(REPLAY, 'ORIGIN')
    if (got === JSON.stringify(body).replaceAll(from, 'ORIGIN')) same++
    else differ.push(url)
  }
  return { same, differ }
}

/**
 * A document's shape: its members (sorted), its rels, and the type of every value; hrefs and
 * values themselves left out. Arrays by their first item's shape.
 */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])]
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key]
      out[key] =
        key === '_links' && typeof member === 'object' && member !== null
          ? Object.keys(member).sort()
          : shapeOf(member)
    }
    return out
  }
  return value === null ? 'null' : typeof value
}

/** Each recorded GET asked of the replay: the same members, rels and value types, or listed. */
export async function sameShapes(
  recording: Recording,
  replay: HalApi,
  from: string,
  only?: (url: string) => boolean,
) {
  const differ: { url: string; recorded: unknown; replayed: unknown }[] = []
  let same = 0
  for (const [url, body] of recordedGets(recording, only)) {
    const response = await replay.handle(
      new Request(url.replace(from, REPLAY), { headers: { accept: HAL } }),
    )
    const replayed = response.ok ? shapeOf(await response.json()) : response.status
    const recorded = shapeOf(body)
    if (JSON.stringify(replayed) === JSON.stringify(recorded)) same++
    else differ.push({ url, recorded, replayed })
  }
  return { same, differ }
}

/**
 * Every document reachable from the original's root (crawled again, without bounds in the way),
 * asked of the replay: `identical` compares the bytes modulo the origin, `shape` the members, rels
 * and value types. Non-HAL JSON documents (an ALPS profile) count too.
 */
export async function compareReachable(
  root: string,
  original: ((request: Request) => Promise<Response>) | undefined,
  replay: (request: Request) => Promise<Response>,
  replayOrigin: string,
  mode: 'identical' | 'shape',
) {
  const from = new URL(root).origin
  const crawl = await crawlApi(root, {
    ...(original ? { fetch: original } : {}),
    pages: 1_000_000,
    records: 10_000_000,
    requests: 10_000_000,
  })
  const differ: { url: string; recorded: unknown; replayed: unknown }[] = []
  let same = 0
  for (const exchange of crawl.exchanges.values()) {
    if (exchange.accept !== 'hal') continue
    const response = await replay(
      new Request(exchange.url.replace(from, replayOrigin), { headers: { accept: HAL } }),
    )
    const text = await response.text()
    let ok: boolean
    let replayed: unknown = response.status
    if (mode === 'identical') {
      ok =
        text.replaceAll(replayOrigin, 'ORIGIN') ===
        JSON.stringify(exchange.body).replaceAll(from, 'ORIGIN')
      replayed = text
    } else {
      replayed = response.ok ? shapeOf(JSON.parse(text)) : response.status
      ok = JSON.stringify(replayed) === JSON.stringify(shapeOf(exchange.body))
    }
    if (ok) same++
    else differ.push({ url: exchange.url, recorded: exchange.body, replayed })
  }
  return { same, compared: same + differ.length, differ, unreached: crawl.unreached }
}

/**
 * `tsc` over `files` of `dir` with the project's own settings (strict, noUncheckedIndexedAccess…):
 * `'ok'`, or what it printed.
 */
export async function typecheck(dir: string, files: readonly string[]): Promise<string> {
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: resolve(import.meta.dirname, '../../../tsconfig.base.json'),
      compilerOptions: { noEmit: true, composite: false, declaration: false, sourceMap: false },
      files,
    }),
  )
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  return new Promise<string>((done) => {
    execFile(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], (error, stdout) =>
      done(error ? stdout || error.message : 'ok'),
    )
  })
}
