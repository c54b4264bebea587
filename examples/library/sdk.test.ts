// A newcomer's library (mock/test/fixtures/library-api.ts) through the typed SDK: a book nested
// under its author is replaced by its HAL-FORMS `default` without the author's id, which the URL
// gives; it goes back up to its author; the author creates a book by its own `createBooks`.
import type { ClientTypes } from '@halyard/mock'
import { setupHalApi } from '@halyard/mock/node'
import { createClient } from '@halyard/sdk'
import { halFormsAdapter } from '@halyard/sdk/forms'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { libraryApi } from '../../mock/test/fixtures/library-api.js'

type Library = ClientTypes<ReturnType<typeof libraryApi>>
type Book = Library['items']['books']

const baseUrl = 'http://library.test/api'
const mock = setupHalApi(libraryApi())
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterEach(async () => {
  mock.server.resetHandlers()
  await mock.reset()
})
afterAll(() => mock.server.close())

const client = () => createClient({ baseUrl, token: 'dev-token', adapter: halFormsAdapter() })

it("replaces a nested book by its form, without the author's id", async () => {
  const book = await client().go<Book>(`${baseUrl}/authors/2/books/26`).get()
  const replaced = await book.action('default').submit({
    title: 'Compilers, 2nd ed.',
    isbn: '9780000000027',
    available: true,
    genre: 'science',
  })
  expect(replaced.data).toMatchObject({ authorId: 2, title: 'Compilers, 2nd ed.', available: true })
})

it('goes up from a book to its author, and creates a book from the author', async () => {
  const author = await client().go<Book>(`${baseUrl}/authors/2/books/26`).follow('up').get()
  expect(author.data.name).toBe('Grace')
  expect(author.action('default').title).toBe('Replace this author')
  const created = await author
    .action('createBooks')
    .submit({ title: 'Cobol', isbn: '9780000000050', available: true, genre: 'science' })
  expect(created.uri).toMatch(/\/api\/authors\/2\/books\/\d+$/)
})
