import { describe, expectTypeOf, it } from 'vitest'
import type { BlogClientTypes } from '../src/blog/index.js'
import type { ClientTypes } from '../src/index.js'
import type { LibraryApi } from './fixtures/library-api.js'

type Library = ClientTypes<LibraryApi>
type Book = Library['items']['books']
type Author = Library['items']['authors']

describe("the library's client types", () => {
  it('keeps the reverse rel of a collection whose seed mixes a map and a literal', () => {
    expectTypeOf<Book['rels']>().toHaveProperty('loans')
  })

  it('lets a book go up to its author', () => {
    expectTypeOf<Book['rels']['up']['target']>().toEqualTypeOf<Author>()
  })

  it("adds no `up` beside a relation link of its own to the parent (the Blog's doc:blog)", () => {
    expectTypeOf<BlogClientTypes['items']['articles']['rels']>().not.toHaveProperty('up')
  })

  it("offers an author's replace and its books' create under keys of their own", () => {
    expectTypeOf<keyof Author['actions']>().toEqualTypeOf<
      'default' | 'patch' | 'delete' | 'createBooks'
    >()
    expectTypeOf<Author['actions']['default']['values']>().toEqualTypeOf<
      Library['inputs']['authors']
    >()
  })

  it('takes a book without its author id, which the URL gives', () => {
    expectTypeOf<Book['input']>().not.toHaveProperty('authorId')
  })
})
