import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { createBlogApi } from './api.js'
import { parseSeed } from './seed.js'

const ROOT = 'http://blog.test/api/v1.2'

describe('the Blog API as a definition of the core', () => {
  it('defines its blogs, articles and comments as collections the core serves, nested', () => {
    const { definition } = createBlogApi()
    expect(definition.basePath).toBe('/api/v1.2')
    expect(Object.keys(definition.collections)).toEqual(['blogs', 'articles', 'comments'])
    expect(definition.collections.articles?.parent?.collection).toBe('blogs')
    expect(definition.collections.comments?.parent?.collection).toBe('articles')
    for (const collection of Object.values(definition.collections)) {
      expect(collection.serve).toBeUndefined()
    }
  })

  it('serves an OpenAPI 3.1 document of its routes and records that a validator accepts', async () => {
    const api = createBlogApi()
    const response = await api.handle(new Request(`${ROOT}/openapi.json`))
    expect(response.status).toBe(200)
    const body = await response.json()
    const validator = new Validator()
    const result = await validator.validate(body)
    expect(result.errors).toBeUndefined()
    expect(body.servers).toEqual([{ url: ROOT }])
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/',
        '/blogs/{blogId}',
        '/blogs/{blogId}/articles',
        '/blogs/{blogId}/articles/{articleId}',
        '/blogs/{blogId}/articles/{articleId}/comments',
        '/graphql',
      ]),
    )
    // Nothing at the paths the core would give collections it served.
    expect(Object.keys(body.paths)).not.toContain('/articles')
    expect((await api.handle(new Request(`${ROOT}/articles`))).status).toBe(404)
    // The ways its authenticate reads a token, and no other (no Bearer, which it refuses).
    expect(body.components.securitySchemes).toEqual({
      token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
      cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
    })
    const articleBody = (method: string) =>
      body.paths['/blogs/{blogId}/articles'][method]?.requestBody?.content['application/json']
        .schema ??
      body.paths['/blogs/{blogId}/articles/{articleId}'][method].requestBody.content[
        'application/json'
      ].schema
    // A schema of components, by reference.
    const schemaOf = (schema: { $ref?: string }) =>
      schema.$ref
        ? body.components.schemas[schema.$ref.replace('#/components/schemas/', '')]
        : schema
    for (const method of ['post', 'put']) {
      expect(schemaOf(articleBody(method))).toMatchObject({
        type: 'object',
        properties: { title: { type: 'string', maxLength: 200 } },
      })
    }
  })
})

describe('the Blog API and writes made through db', () => {
  /** A body that arrives only once `meanwhile` has run, as the handler starts reading it. */
  const slowBody = (text: string, meanwhile: () => Promise<unknown>) =>
    new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          await meanwhile()
          controller.enqueue(new TextEncoder().encode(text))
          controller.close()
        },
      },
      { highWaterMark: 0 },
    )

  it("shows an article's blog title as it is now, when the blog was renamed during a write", async () => {
    const api = createBlogApi({ articles: 2 })
    await api.ready
    const rename = () =>
      api.db.blogs.update((q) => q.where({ id: 1 }), {
        data(blog) {
          blog.title = 'Renamed'
        },
      })
    const put = await api.handle(
      new Request(`${ROOT}/blogs/1/articles/1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
        body: slowBody(JSON.stringify({ title: 'Edited' }), rename),
        duplex: 'half',
      } as RequestInit),
    )
    expect(put.status).toBe(200)
    expect((await put.json())._links['doc:blog'].title).toBe('Renamed')
    const read = await api.handle(new Request(`${ROOT}/blogs/1/articles/1`))
    expect((await read.json())._links['doc:blog'].title).toBe('Renamed')
  })

  it('refuses a bad GraphQL limit when it is made, and shows the schema on the endpoint’s page', async () => {
    expect(() => createBlogApi({ graphql: { maxDepth: 0 } })).toThrow(RangeError)
    const api = createBlogApi()
    const page = await api.handle(
      new Request(`${ROOT}/graphql`, { headers: { accept: 'text/html' } }),
    )
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('person(id: ID!): Person')
  })

  it('answers GraphQL with the persons db holds: renamed, created, and none left over by a reset in place', async () => {
    const api = createBlogApi({})
    await api.ready
    const name = async (id: string) => {
      const response = await api.handle(
        new Request(`${ROOT}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `{ person(id: "${id}") { name } }` }),
        }),
      )
      return (await response.json()).data.person?.name
    }
    await api.db.persons.update((q) => q.where({ id: '1' }), {
      data(person) {
        person.name = 'Ada L.'
      },
    })
    expect(await name('1')).toBe('Ada L.')
    await api.db.persons.create({ id: '9', name: 'Added', friendIds: ['1'] })
    await api.db.persons.create({ id: '10', name: 'Added too', friendIds: ['1'] })
    expect(await name('9')).toBe('Added')
    await api.reset()
    expect(await name('1')).toBe('Ada')
    expect(await name('9')).toBeUndefined()
    expect(await name('10')).toBeUndefined()
  })

  it('answers 409, not a 500, to a new article once the articles have used the last safe id', async () => {
    const seed = parseSeed({
      blogs: [{ id: 1, title: 'Blog', description: '' }],
      articles: [{ id: Number.MAX_SAFE_INTEGER, blogId: 1, title: 'The last' }],
    })
    const api = createBlogApi({ seed })
    const created = await api.handle(
      new Request(`${ROOT}/blogs/1/articles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
        body: JSON.stringify({ title: 'One too many' }),
      }),
    )
    expect(created.status).toBe(409)
    expect((await created.json()).detail).toBe('articles has no id left for a new record.')
  })
})
