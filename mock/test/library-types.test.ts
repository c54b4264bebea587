import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import type { BlogClientTypes } from '../src/blog/index.js'
import { type ClientTypes, defineCollection, defineHalApi } from '../src/index.js'
import type { LibraryApi } from './fixtures/library-api.js'

type Library = ClientTypes<LibraryApi>
type Book = Library['items']['books']
type Author = Library['items']['authors']

// Members nested under teams link people, whose records link them back as `memberships`.
const teams = defineHalApi({
  basePath: '/api',
  collections: {
    people: defineCollection({ schema: z.object({ name: z.string() }) }),
    teams: defineCollection({ schema: z.object({ name: z.string() }) }),
    members: defineCollection({
      schema: z.object({ teamId: z.number(), personId: z.number() }),
      parent: { collection: 'teams', member: 'teamId' },
      param: 'memberId',
      links: { person: { to: 'people', id: (m) => m.personId, reverse: 'memberships' } },
    }),
  },
})
type Teams = ClientTypes<typeof teams>

// The API names the page parameters; the notes' own paging changes something else only.
const paged = defineHalApi({
  basePath: '/api',
  paging: { page: 'pageIndex', size: 'pageSize' },
  collections: {
    notes: defineCollection({
      schema: z.object({ text: z.string() }),
      paging: { pastEnd: 'not-found' },
    }),
  },
})
type Paged = ClientTypes<typeof paged>

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

  it('offers the create action on a page of back links where the server does: not nested', () => {
    expectTypeOf<keyof Book['rels']['loans']['target']['actions']>().toEqualTypeOf<'default'>()
    // A nested list has no one URL to create at: the page of memberships offers no template.
    type Memberships = Teams['items']['people']['rels']['memberships']['target']
    expectTypeOf<keyof Memberships['actions']>().toEqualTypeOf<never>()
  })

  it("names a page's variables by the API's paging where the collection's own does not", async () => {
    const root = await paged.handle(new Request('http://x/api'))
    const { _links } = (await root.json()) as { _links: { notes: { href: string } } }
    expect(_links.notes.href).toBe('http://x/api/notes{?pageIndex,pageSize}')
    expectTypeOf<Paged['root']['rels']['notes']['variables']>().toEqualTypeOf<{
      readonly pageIndex?: number
      readonly pageSize?: number
    }>()
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

describe('an API nobody may write', () => {
  const notes = defineCollection({ schema: z.object({ text: z.string() }) })
  const closed = defineHalApi({ basePath: '/api', tokens: [], collections: { notes } })
  const open = defineHalApi({
    basePath: '/api',
    tokens: ['t'],
    collections: {
      notes,
      pins: defineCollection({ schema: z.object({ text: z.string() }), writers: [] }),
    },
  })
  type Closed = ClientTypes<typeof closed>
  type Open = ClientTypes<typeof open>

  it('types no HAL-FORMS action under tokens: [] or writers: [], as the server offers none', async () => {
    const item = await closed.handle(
      new Request('http://x/api/notes', { headers: { accept: 'application/prs.hal-forms+json' } }),
    )
    expect(item.status).toBe(406)
    expectTypeOf<keyof Closed['items']['notes']['actions']>().toEqualTypeOf<never>()
    expectTypeOf<keyof Closed['pages']['notes']['actions']>().toEqualTypeOf<never>()
    expectTypeOf<keyof Open['items']['pins']['actions']>().toEqualTypeOf<never>()
    expectTypeOf<keyof Open['items']['notes']['actions']>().toEqualTypeOf<
      'default' | 'patch' | 'delete'
    >()
  })
})

describe('an API whose only writers are named by its collections', () => {
  const notes = defineCollection({ schema: z.object({ text: z.string() }) })
  const byWriters = defineHalApi({
    basePath: '/api',
    tokens: [],
    collections: {
      notes,
      pins: defineCollection({ schema: z.object({ text: z.string() }), writers: ['editor'] }),
      tags: defineCollection({ schema: z.object({ text: z.string() }), writers: [] }),
    },
  })
  type ByWriters = ClientTypes<typeof byWriters>

  it("types the HAL-FORMS actions the server offers: tokens: [] beside a collection's writers", async () => {
    const templates = async (path: string) => {
      const page = await byWriters.handle(
        new Request(`http://x/api/${path}`, {
          headers: { accept: 'application/prs.hal-forms+json' },
        }),
      )
      return page.status === 200 ? Object.keys((await page.json())._templates ?? {}) : page.status
    }
    expect(await templates('notes')).toContain('default')
    expect(await templates('pins')).toContain('default')
    expect(await templates('tags')).toBe(406)
    expectTypeOf<keyof ByWriters['items']['notes']['actions']>().toEqualTypeOf<
      'default' | 'patch' | 'delete'
    >()
    expectTypeOf<keyof ByWriters['items']['pins']['actions']>().toEqualTypeOf<
      'default' | 'patch' | 'delete'
    >()
    expectTypeOf<keyof ByWriters['items']['tags']['actions']>().toEqualTypeOf<never>()
  })
})
