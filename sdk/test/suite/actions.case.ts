import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { createBlogClient } from '../../src/blog/index.js'
import { halFormsAdapter } from '../../src/hal-forms.js'
import {
  type Action,
  ActionNotFoundError,
  isActionNotFoundError,
  isPreconditionFailedError,
  isValidationError,
  PreconditionFailedError,
  Resource,
  State,
  ValidationError,
} from '../../src/index.js'
import { halFormsFixture } from './hal-forms.fixture.js'
import {
  changeElsewhere,
  itOverriding,
  lines,
  override,
  recordingClient,
  supports,
} from './helpers.js'
import type { SdkTarget } from './target.js'

/** The clients of these cases read HAL-FORMS: actions come with `@halyard/sdk/forms`. */
const formsClient = { adapter: halFormsAdapter() }

const byName = (actions: readonly Action[]) =>
  Object.fromEntries(actions.map((action) => [action.name, action]))

/**
 * HAL-FORMS actions and PATCH (docs/api.md, Writes "Partial update", HTTP semantics "HAL-FORMS"). The same cases run on
 * the fixture's overrides (wherever the target has `use`) and on the Blog mock's own templates
 * (where the target has the `hal-forms` capability).
 */
export function actionCases(target: () => SdkTarget): void {
  describe('actions (HAL-FORMS)', () => {
    let t: SdkTarget
    beforeEach(() => {
      t = target()
    })
    const article1 = () => `${t.apiUrl}/blogs/1/articles/1`

    it('a resource without templates has no actions: action() throws ActionNotFoundError', async () => {
      const { client, requests } = recordingClient(t, formsClient)
      const comment = await client.go('blogs/1/articles/1/comments/1').get()
      expect(requests[0]?.headers.get('accept')).toMatch(
        /^application\/prs\.hal-forms\+json, application\/hal\+json;q=0\.9/,
      )
      // The HAL-FORMS Accept still reads the plain HAL the server answers.
      expect(comment.data).toMatchObject({ id: 1, author: expect.any(String) })
      expect(comment.actions()).toEqual([])
      expect(comment.hasAction('default')).toBe(false)
      const error = (() => {
        try {
          return comment.action()
        } catch (caught) {
          return caught
        }
      })()
      expect(error).toBeInstanceOf(ActionNotFoundError)
      expect(isActionNotFoundError(error)).toBe(true)
      expect(error).toMatchObject({ action: 'default', url: comment.uri, available: [] })
      expect((error as Error).message).toContain(`GET ${comment.uri} has no action 'default'`)
      expect((error as Error).message).toContain('halFormsAdapter()')
    })

    // RFC 9111 §4.1: the mock answers `Vary: Accept`, each representation with its own ETag.
    ;(supports(target(), 'hal-forms') ? it : () => {})(
      'a plain-HAL get() after the HAL-FORMS one is a state of its own, revalidated with its own ETag',
      async () => {
        const { client, requests } = recordingClient(t, formsClient)
        const article = client.go(article1())
        const hal = { headers: { Accept: 'application/hal+json' } }
        const forms = await article.get()
        const plain = await article.get(hal)
        expect(forms.hasAction('default')).toBe(true)
        expect(plain.actions()).toEqual([])
        expect(plain.etag).not.toBe(forms.etag)
        expect(await article.get(hal)).toBe(plain)
        expect(await article.get()).toBe(forms)
        expect(client.cache.get(article.uri)).toBe(forms)
        expect(client.cache.get(article.uri, { accept: ' Application/HAL+json' })).toBe(plain)
        expect(
          requests.map(({ headers, status }) => [
            headers.get('accept'),
            headers.get('if-none-match'),
            status,
          ]),
        ).toEqual([
          [expect.stringMatching(/^application\/prs\.hal-forms\+json/), null, 200],
          ['application/hal+json', null, 200],
          ['application/hal+json', plain.etag, 304],
          [expect.stringMatching(/^application\/prs\.hal-forms\+json/), forms.etag, 304],
        ])
        // A write drops every representation of its target.
        await article.patch({ title: 'Both stale' }, { ifMatch: false })
        expect(client.cache.get(article.uri, { accept: 'application/hal+json' })).toBeUndefined()
        expect((await article.get(hal)).data.title).toBe('Both stale')
      },
    )

    const variants = [
      ...(target().use
        ? [{ name: 'on fixtures', serve: (on: SdkTarget) => override(on, ...halFormsFixture()) }]
        : []),
      ...(supports(target(), 'hal-forms')
        ? [{ name: 'served by the Blog mock', serve: () => {} }]
        : []),
    ]
    for (const { name, serve } of variants)
      describe(name, () => {
        beforeEach(() => serve(t))

        it('actions() lists an article’s templates; fields describe their properties', async () => {
          const { client } = recordingClient(t, formsClient)
          const state = await client.go(article1()).get()
          const actions = byName(state.actions())
          expect(Object.keys(actions).sort()).toEqual(['default', 'delete', 'patch'])
          expect(actions.default).toMatchObject({ method: 'PUT', uri: article1() })
          expect(actions.default?.contentType).toBe('application/json')
          expect(actions.patch).toMatchObject({
            method: 'PATCH',
            contentType: 'application/merge-patch+json',
            uri: article1(),
          })
          expect(actions.delete?.method).toBe('DELETE')
          const edit = state.action()
          expect(edit.name).toBe('default')
          expect(edit.field('title')).toMatchObject({
            name: 'title',
            required: true,
            minLength: 1,
            maxLength: 200,
            prompt: expect.any(String),
          })
          expect(edit.field('content')).toMatchObject({ required: false, maxLength: 100_000 })
          expect(state.action('patch').fields.every((field) => !field.required)).toBe(true)
          expect(state.data).not.toHaveProperty('_templates')
        })

        it('submit() refuses invalid values with a 422-shaped ValidationError and sends nothing', async () => {
          const { client, requests } = recordingClient(t, formsClient)
          const edit = (await client.go(article1()).get()).action()
          const sent = requests.length
          const error = await edit
            .submit({ title: '', content: 'x'.repeat(100_001) })
            .catch((e: unknown) => e)
          expect(requests).toHaveLength(sent)
          expect(error).toBeInstanceOf(ValidationError)
          expect(isValidationError(error)).toBe(true)
          expect(error).toMatchObject({ status: 422, sent: false, method: 'PUT', url: article1() })
          expect((error as ValidationError).errors).toEqual([
            { pointer: '/title', detail: 'title is required' },
            { pointer: '/content', detail: 'content must be at most 100000 characters' },
          ])
          const tooLong = await edit.submit({ title: 'x'.repeat(201) }).catch((e: unknown) => e)
          expect((tooLong as ValidationError).errors).toEqual([
            { pointer: '/title', detail: 'title must be at most 200 characters' },
          ])
          expect(requests).toHaveLength(sent)
          // What only the server knows (a blank title, trimmed) comes back in the same shape.
          const server = await edit.submit({ title: '   ' }).catch((e: unknown) => e)
          expect(server).toMatchObject({ name: 'ValidationError', status: 422, sent: true })
          expect((server as ValidationError).errors).toEqual([
            { pointer: '/title', detail: expect.any(String) },
          ])
        })

        it('submit() sends the template’s method with If-Match from its state and resolves to the new state', async () => {
          const { client, requests } = recordingClient(t, formsClient)
          const article = client.go(article1())
          const before = await article.get()
          const after = await before.action().submit({ title: 'Edited', content: 'By template' })
          const put = requests.at(-1)
          expect(put).toMatchObject({ method: 'PUT', url: article1() })
          expect(put?.headers.get('if-match')).toBe(before.etag)
          expect(put?.headers.get('content-type')).toBe('application/json')
          expect(after).toBeInstanceOf(State)
          expect((after as State).data).toEqual({ id: 1, title: 'Edited', content: 'By template' })
          // Cached with its validators, as put() does: the next get() costs a 304.
          expect(await article.get()).toBe(after)
          expect(requests.at(-1)?.status).toBe(304)
        })

        it('submit() from a stale state fails with 412, and the next get() re-reads', async () => {
          const { client } = recordingClient(t, formsClient)
          const article = client.go(article1())
          const stale = await article.get()
          await changeElsewhere(t, article1(), { title: 'Theirs' })
          // The cache now holds the current version; the action still speaks for the one it came from.
          expect((await article.refresh()).data.title).toBe('Theirs')
          const error = await stale
            .action()
            .submit({ title: 'Mine' })
            .catch((e: unknown) => e)
          expect(error).toBeInstanceOf(PreconditionFailedError)
          expect((error as Error).message).toContain(`PUT ${article1()} answered 412`)
          expect((await article.get()).data.title).toBe('Theirs')
        })

        it('createArticle on a page posts to the collection and resolves to the created Resource', async () => {
          const { client, requests } = recordingClient(t, formsClient)
          const page = client.go('blogs/1/articles?pageIndex=5&pageSize=10')
          const before = await page.get()
          const create = before.action('createArticle')
          expect(create).toMatchObject({ method: 'POST', uri: `${t.apiUrl}/blogs/1/articles` })
          const created = await create.submit({ title: 'Made by template' })
          const post = requests.at(-1)
          expect(post?.method).toBe('POST')
          expect(post?.headers.has('if-match')).toBe(false)
          expect(created).toBeInstanceOf(Resource)
          expect((created as Resource).uri).toBe(`${t.apiUrl}/blogs/1/articles/43`)
          const blog = await client.go('blogs/1').get()
          expect(blog.action('createArticle').uri).toBe(`${t.apiUrl}/blogs/1/articles`)
          // The collection's pages were dropped: the page reads the new total.
          expect((await page.get()).data.totalArticles).toBe(43)
        })

        it('the delete action deletes with If-Match and evicts the article', async () => {
          const { client, requests } = recordingClient(t, formsClient)
          const article = client.go(article1())
          const state = await article.get()
          expect(await state.action('delete').submit()).toBeUndefined()
          expect(requests.at(-1)).toMatchObject({ method: 'DELETE', status: 204 })
          expect(requests.at(-1)?.headers.get('if-match')).toBe(state.etag)
          await expect(article.get()).rejects.toMatchObject({ name: 'NotFoundError' })
        })

        it('patch() as a merge patch sends application/merge-patch+json with If-Match', async () => {
          const { client, requests } = recordingClient(t, formsClient)
          const article = client.go(article1())
          const before = await article.get()
          const after = await article.patch({ content: null })
          const sent = requests.at(-1)
          expect(sent?.method).toBe('PATCH')
          expect(sent?.headers.get('content-type')).toBe('application/merge-patch+json')
          expect(sent?.headers.get('if-match')).toBe(before.etag)
          expect(after.data).toEqual({ id: 1, title: before.data.title })
          expect(await article.get()).toBe(after)
          // The template's patch goes the same way (read afresh: a write's answer may have none).
          const other = recordingClient(t, formsClient)
          const current = await other.client.go(article1()).get()
          const viaTemplate = await current.action('patch').submit({ title: 'Patched' })
          expect((viaTemplate as State).data).toEqual({ id: 1, title: 'Patched' })
          expect(other.requests.at(-1)?.headers.get('content-type')).toBe(
            'application/merge-patch+json',
          )
        })

        it('patch() as a JSON Patch sends application/json-patch+json; a stale one answers 412', async () => {
          const { client, requests } = recordingClient(t, formsClient)
          const article = client.go(article1())
          await article.get()
          const after = await article.patch(
            [
              { op: 'test', path: '/title', value: 'Article 1' },
              { op: 'replace', path: '/title', value: 'Patched' },
            ],
            { type: 'json-patch' },
          )
          expect(requests.at(-1)?.headers.get('content-type')).toBe('application/json-patch+json')
          expect(after.data.title).toBe('Patched')
          await changeElsewhere(t, article1(), { title: 'Theirs' })
          const error = await article
            .patch([{ op: 'remove', path: '/content' }], { type: 'json-patch' })
            .catch((e: unknown) => e)
          expect(isPreconditionFailedError(error)).toBe(true)
          expect((await article.get()).data.title).toBe('Theirs')
        })

        it('patchArticle() patches in one call, with If-Match from the state given', async () => {
          const api = createBlogClient({ baseUrl: new URL(t.apiUrl).origin, token: 'dev-token' })
          const state = await api.article(article1()).get()
          const patched = await api.patchArticle(state, { title: 'One call' })
          expect(patched.data.title).toBe('One call')
          const conflict = await api
            .patchArticle(state, { title: 'From the old state' })
            .catch((e: unknown) => e)
          expect(isPreconditionFailedError(conflict)).toBe(true)
        })
      })

    itOverriding(target)(
      'submit() sends templates as others write them: any-case methods, no content type as JSON, urlencoded bodies and queries, values typed',
      async () => {
        const seen: { method: string; type: string | null; body: string; query: string }[] = []
        const echo = async ({ request }: { request: Request }) => {
          const { search } = new URL(request.url)
          const type = request.headers.get('content-type')
          seen.push({ method: request.method, type, body: await request.text(), query: search })
          return HttpResponse.json({ echoed: true, _links: {} })
        }
        const properties = [
          { name: 'done', type: 'checkbox' },
          { name: 'quantity', type: 'number', min: 1, max: 10, step: 1, required: true },
          { name: 'tags', options: { inline: ['gift', 'fragile'], maxItems: 2 } },
        ]
        override(
          t,
          // The method in lower case and an empty contentType, as Spring HATEOAS writes them; the
          // encodings of the HAL-FORMS draft's "Encoding Requests".
          http.get('*/api/v1.2/blogs/1/orders/7', () =>
            HttpResponse.json({
              id: 7,
              _templates: {
                default: { method: 'put', contentType: '', properties },
                note: {
                  method: 'post',
                  contentType: 'application/x-www-form-urlencoded',
                  target: '7/notes',
                  properties: [{ name: 'text', required: true }, ...properties],
                },
                search: {
                  method: 'get',
                  contentType: 'application/x-www-form-urlencoded',
                  target: '../orders?pageSize=5&sort=new',
                  properties,
                },
              },
            }),
          ),
          http.put('*/api/v1.2/blogs/1/orders/7', echo),
          http.post('*/api/v1.2/blogs/1/orders/7/notes', echo),
          http.get('*/api/v1.2/blogs/1/orders', echo),
        )
        const { client } = recordingClient(t, formsClient)
        const order = await client.go('blogs/1/orders/7').get()
        const values = { done: true, quantity: 3, tags: ['gift', 'fragile'] }
        await order.action().submit(values)
        await order.action('note').submit({ text: 'Handle with care!', ...values, done: false })
        await order.action('search').submit({ pageSize: 10, done: true, quantity: 2 })
        expect(seen).toEqual([
          { method: 'PUT', type: 'application/json', body: JSON.stringify(values), query: '' },
          {
            method: 'POST',
            type: 'application/x-www-form-urlencoded',
            body: 'text=Handle+with+care%21&done=false&quantity=3&tags=gift&tags=fragile',
            query: '',
          },
          {
            method: 'GET',
            type: null,
            body: '',
            query: '?sort=new&pageSize=10&done=true&quantity=2',
          },
        ])
        // A typed field refuses text, before anything is sent.
        const refused = await order
          .action()
          .submit({ done: 'true', quantity: 3 })
          .catch((e: unknown) => e)
        expect(refused).toMatchObject({
          name: 'ValidationError',
          sent: false,
          errors: [{ pointer: '/done', detail: 'done must be a boolean' }],
        })
        expect(seen).toHaveLength(3)
      },
    )

    itOverriding(target)('a GET template sends its values as the query', async () => {
      override(
        t,
        http.get('*/api/v1.2/blogs/1/finder', () =>
          HttpResponse.json({
            _links: { self: { href: 'finder' } },
            _templates: {
              default: {
                method: 'GET',
                target: 'articles',
                properties: [{ name: 'pageSize', type: 'number', min: 1, max: 100 }],
              },
            },
          }),
        ),
      )
      const { client, requests } = recordingClient(t, formsClient)
      const search = (await client.go('blogs/1/finder').get()).action()
      await expect(search.submit({ pageSize: 500 })).rejects.toMatchObject({
        errors: [{ pointer: '/pageSize', detail: 'pageSize must be at most 100' }],
      })
      const page = await search.submit({ pageSize: 5 })
      expect(lines(requests)).toEqual([
        'GET /api/v1.2/blogs/1/finder',
        'GET /api/v1.2/blogs/1/articles?pageSize=5',
      ])
      expect((page as State).data).toMatchObject({ pageSize: 5, totalArticles: 42 })
    })
  })
}
