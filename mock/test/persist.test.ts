// Records kept in a JSON file across restarts (json-server's db.json habit), from createHalServer
// and setupHalApi, on a newcomer's library API (mock/test/fixtures/library-api.ts).
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setupHalApi } from '../src/shells/node/setup.js'
import { createHalServer } from '../src/shells/server/server.js'
import { libraryApi } from './fixtures/library-api.js'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'halyard-persist-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const write = { 'content-type': 'application/json', 'x-access-token': 'dev-token' }

describe('createHalServer with persist', () => {
  it('keeps the records a write made across a restart, in a db.json of records by collection', async () => {
    const file = join(dir, 'db.json')
    const first = await createHalServer(libraryApi(), { port: 0, log: false, persist: file })
    const created = await fetch(`${first.url}/authors`, {
      method: 'POST',
      headers: write,
      body: JSON.stringify({ name: 'Barbara' }),
    })
    expect(created.status).toBe(201)
    await first.close()
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, { id: number }[]>
    expect(Object.keys(saved).sort()).toEqual(['authors', 'books', 'loans'])
    expect(saved.authors).toEqual([
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Grace' },
      { id: 3, name: 'Barbara' },
    ])
    // Written beside it and renamed over it: no other file is left.
    expect(await readdir(dir)).toEqual(['db.json'])

    const second = await createHalServer(libraryApi(), { port: 0, log: false, persist: file })
    const author = await fetch(`${second.url}/authors/3`)
    expect(author.status).toBe(200)
    expect(((await author.json()) as { name: string }).name).toBe('Barbara')
    // The next id follows the restored ones.
    const next = await fetch(`${second.url}/authors`, {
      method: 'POST',
      headers: write,
      body: JSON.stringify({ name: 'Frances' }),
    })
    expect(next.headers.get('location')).toBe(`${second.url}/authors/4`)
    await second.close()
  })

  it("numbers new records after the file's, not after the seed's", async () => {
    const file = join(dir, 'db.json')
    // One author where the seed has two, a book id under the seed's 26.
    const book = {
      id: 3,
      authorId: 1,
      title: 'Notes',
      isbn: '9780000000002',
      available: true,
      genre: 'poetry',
    }
    await writeFile(file, JSON.stringify({ authors: [{ id: 1, name: 'Ada' }], books: [book] }))
    const server = await createHalServer(libraryApi(), { port: 0, log: false, persist: file })
    try {
      const post = (path: string, body: object) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: write,
          body: JSON.stringify(body),
        })
      const author = await post('/authors', { name: 'Frances' })
      expect(author.headers.get('location')).toBe(`${server.url}/authors/2`)
      const { id: _, authorId: __, ...fields } = book
      const next = await post('/authors/1/books', { ...fields, title: 'More notes' })
      expect(next.status).toBe(201)
      expect(next.headers.get('location')).toBe(`${server.url}/authors/1/books/4`)
    } finally {
      await server.close()
    }
  })

  it('refuses a file whose record its schema refuses, naming the member by JSON Pointer', async () => {
    const file = join(dir, 'db.json')
    const book = { id: 1, authorId: 1, title: 'Notes', available: true, genre: 'poetry' }
    await writeFile(
      file,
      JSON.stringify({ authors: [{ id: 1, name: 'Ada' }], books: [{ ...book, isbn: '12' }] }),
    )
    await expect(
      createHalServer(libraryApi(), { port: 0, log: false, persist: file }),
    ).rejects.toThrow(/db\.json: books has an invalid record at \/books\/0 .*: \/isbn: /)
  })
})

describe('one process per persisted file', () => {
  it('refuses a second server on a file another holds, and takes the file once it is given up', async () => {
    const file = join(dir, 'db.json')
    const first = await createHalServer(libraryApi(), { port: 0, log: false, persist: file })
    await expect(
      createHalServer(libraryApi(), { port: 0, log: false, persist: file }),
    ).rejects.toThrow(`${file} is in use by this process (its lock ${file}.lock)`)
    await first.close()
    const second = await createHalServer(libraryApi(), { port: 0, log: false, persist: file })
    await second.close()
    expect(await readdir(dir)).toEqual([])
  })

  it('takes over the lock a killed process left', async () => {
    const file = join(dir, 'db.json')
    const dead = spawn(process.execPath, ['-e', ''])
    await new Promise((done) => dead.once('exit', done))
    await writeFile(`${file}.lock`, `${dead.pid}\n`)
    const server = await createHalServer(libraryApi(), { port: 0, log: false, persist: file })
    expect((await readFile(`${file}.lock`, 'utf8')).trim()).toBe(String(process.pid))
    await server.close()
    expect(await readdir(dir)).toEqual([])
  })
})

describe('setupHalApi with persist', () => {
  it('starts from the file, and writes what the API answered to it', async () => {
    const file = join(dir, 'db.json')
    await writeFile(file, JSON.stringify({ authors: [{ id: 7, name: 'Edsger' }] }))
    const mock = setupHalApi(libraryApi(), { persist: file })
    mock.server.listen({ onUnhandledFrame: 'error' })
    try {
      await mock.ready
      const authors = (await (await fetch('http://library.test/api/authors')).json()) as {
        page: { totalElements: number }
      }
      expect(authors.page.totalElements).toBe(1)
      const renamed = await fetch('http://library.test/api/authors/7', {
        method: 'PUT',
        headers: write,
        body: JSON.stringify({ name: 'Edsger W.' }),
      })
      expect(renamed.status).toBe(200)
      await mock.flush()
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
        authors: [{ id: 7, name: 'Edsger W.' }],
        books: [],
        loans: [],
      })
      // A reset is a write too: the seed goes back to the file.
      await mock.reset()
      await mock.flush()
      const reset = JSON.parse(await readFile(file, 'utf8')) as { authors: unknown[] }
      expect(reset.authors).toHaveLength(2)
    } finally {
      mock.server.close()
    }
  })
})
