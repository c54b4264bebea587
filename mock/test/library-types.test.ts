import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import type { BlogClientTypes } from '../src/blog/index.js'
import { type ClientTypes, defineHalApi } from '../src/index.js'
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

describe('a definition written inline in defineHalApi', () => {
  const titles = ['Plan', 'Build']
  // A seed of a map and a literal, not through defineCollection: it type-checks, and the reverse
  // rel of the link stays in the client types.
  const api = defineHalApi({
    basePath: '/api',
    collections: {
      projects: { schema: z.object({ name: z.string() }), seed: [{ name: 'Halyard' }] },
      tasks: {
        schema: z.object({ projectId: z.number(), title: z.string() }),
        seed: [
          ...titles.map((title) => ({ projectId: 1, title })),
          { projectId: 1, title: 'Ship' },
        ],
        links: { project: { to: 'projects', id: (task) => task.projectId, reverse: 'tasks' } },
      },
    },
  })
  type Tasks = ClientTypes<typeof api>

  it('keeps the reverse rel of a collection whose seed mixes a map and a literal', () => {
    expectTypeOf<Tasks['items']['projects']['rels']>().toHaveProperty('tasks')
    expectTypeOf<Tasks['items']['tasks']['rels']>().toHaveProperty('project')
  })

  it('still refuses a seed record its schema refuses', () => {
    defineHalApi({
      basePath: '/api',
      collections: {
        tasks: {
          schema: z.object({ title: z.string() }),
          // @ts-expect-error: a title is a string
          seed: [...titles.map((title) => ({ title })), { title: 1 }],
        },
      },
    })
  })
})
