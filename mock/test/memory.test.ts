import { type ChildProcess, spawn } from 'node:child_process'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { packedBin, projectOf } from './packed.js'

/** The `halyard-mock` of the packed tarball, installed outside the repository. */
let bin = ''
beforeAll(async () => {
  bin = await packedBin()
}, 300_000)
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

/** Starts the installed bin with a 512 MiB heap, and answers its base URL. */
async function startWithSmallHeap(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(bin, ['--port', '0'], {
    cwd: projectOf(bin),
    env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=512' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    // Only the start matters; the request log that follows is dropped.
    if (stdout.length < 10_000) stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    if (stderr.length < 10_000) stderr += chunk
  })
  for (;;) {
    const match = /listening on (\S+)/.exec(stdout)
    if (match?.[1]) return { child, url: match[1] }
    if (child.exitCode !== null) throw new Error(`the mock exited: ${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

// The crash recipe: ~100 POSTs of ~1 MiB (a title padded with whitespace, the longest content),
// then unauthenticated reads of that blog's pages with many page sizes. Memos unbounded in bytes,
// or a request log keeping answers, would pass the heap's limit: the memos are bounded in bytes,
// the log keeps no answer and titles are stored trimmed.
it('survives the crash recipe with a 512 MiB heap, and stores titles trimmed', async () => {
  const { child, url } = await startWithSmallHeap()
  const articles = `${url}/blogs/2/articles`
  const padding = ' '.repeat(450_000)
  const content = 'x'.repeat(100_000)
  for (let i = 0; i < 100; i++) {
    const body = JSON.stringify({ title: `${padding}Padded ${i}${padding}`, content })
    expect(body.length).toBeGreaterThan(1_000_000)
    const created = await fetch(articles, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
      body,
    })
    expect(created.status).toBe(201)
    await created.arrayBuffer()
  }
  // 80 reads of 40 page sizes, 6 to 10 MB each: more than the heap, were any of them kept.
  for (let read = 0; read < 80; read++) {
    const page = await fetch(`${articles}?pageSize=${100 - (read % 40)}`)
    expect(page.status).toBe(200)
    await page.arrayBuffer()
  }
  expect(child.exitCode).toBeNull()
  const page = await fetch(`${articles}?pageSize=100`)
  expect(page.status).toBe(200)
  const { _embedded, totalArticles } = (await page.json()) as {
    _embedded: { title: string; content: string }[]
    totalArticles: number
  }
  expect(totalArticles).toBe(100)
  expect(_embedded.map((article) => article.title)).toEqual(
    Array.from({ length: 100 }, (_, i) => `Padded ${i}`),
  )
}, 180_000)
