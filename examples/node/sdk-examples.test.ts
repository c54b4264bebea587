import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createBlogServer, type MockServer } from '@halyard/mock/blog/server'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { errors } from './errors.js'
import { navigate } from './navigate.js'
import { paginate } from './paginate.js'
import { write } from './write.js'

// The SDK guide's examples (docs/guide/sdk.md), run as they are against the real server (as `npm start` serves it).
let server: MockServer
beforeAll(async () => {
  server = await createBlogServer({ port: 0, log: false })
})
afterAll(() => server.close())
beforeEach(() => server.api.reset())

it('navigate', async () => {
  const lines = await navigate(`${server.origin}/api/v1.2`)
  expect(lines).toEqual([
    'Engineering blog: 42 articles',
    '- Article 1',
    '- Article 2',
    '- Article 3',
    `back to ${server.origin}/api/v1.2/blogs/1`,
  ])
})

it('paginate', async () => {
  expect(await paginate(server.origin)).toEqual([
    '42 articles, first "Article 1"',
    'page 1/3',
    'page 2/3',
    'page 3/3',
  ])
})

it('write', async () => {
  const lines = await write(server.origin)
  expect(lines[0]).toMatch(/^created .*\/articles\/43 \(ETag ".+"\)$/)
  expect(lines.slice(1)).toEqual([
    'replaced: "Edited"',
    '412: re-read "Their title"',
    'now "Their title, and mine"',
    'deleted',
  ])
})

it('errors', async () => {
  const lines = await errors(server.origin)
  expect(lines[0]).toMatch(/^422 \/title: /)
  expect(lines[1]).toBe(`404 GET ${server.origin}/api/v1.2/blogs/1/articles/9999`)
  expect(lines[2]).toBe('no doc:authors; there are: curies, self, doc:articles')
})

it('runs as the README says, against the API HALYARD_API names', async () => {
  // The exact command of examples/node/README.md, from the repository's root, no build needed.
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'example', '--', 'examples/node/navigate.ts'],
    {
      cwd: root,
      env: { ...process.env, HALYARD_API: `${server.origin}/api/v1.2` },
      shell: process.platform === 'win32',
    },
  )
  expect(stdout.trim().split('\n')).toEqual(await navigate(`${server.origin}/api/v1.2`))
})
