import { describe, expect, it } from 'vitest'
import {
  type Answer,
  type Article,
  type Blog,
  client,
  describeNeeds,
  etagOf,
  expectHal,
  expectProblem,
  expectVaryAccept,
  itWriting,
  type Page,
  paths,
} from './helpers.js'
import type { ContractTarget } from './target.js'

const FORMS = 'application/prs.hal-forms+json'

/** A HAL-FORMS property, as docs/api.md, HTTP semantics (ext) describes the Blog API's. */
interface Property {
  name: string
  prompt?: string
  required?: boolean
  minLength?: number
  maxLength?: number
}
interface Template {
  method: string
  contentType?: string
  target?: string
  properties: Property[]
}
type Templates = Record<string, Template>

/** Expects a HAL-FORMS answer: 200, its media type, `Vary: Accept`; its body's `_templates`. */
function expectForms(
  answer: Answer,
  what: string,
): { body: Record<string, unknown>; templates: Templates } {
  expect(answer.status, `${what} answered ${answer.text.slice(0, 300)}`).toBe(200)
  expect(answer.headers.get('content-type'), what).toMatch(
    /^application\/prs\.hal-forms\+json\s*(;|$)/,
  )
  expectVaryAccept(answer)
  const body = answer.json<Record<string, unknown>>()
  expect(body, what).toHaveProperty('_templates')
  for (const [name, template] of Object.entries(body._templates as Templates)) {
    for (const property of template.properties) {
      expect(property.prompt, `${what}: ${name}.${property.name} has a prompt`).toMatch(/\S/)
    }
  }
  return { body, templates: body._templates as Templates }
}

/** The document without `_templates`: what the plain representation must be. */
function withoutTemplates(body: Record<string, unknown>): Record<string, unknown> {
  const { _templates, ...rest } = body
  return rest
}

const byName = (properties: Property[]) =>
  Object.fromEntries(properties.map((property) => [property.name, property]))

/** docs/api.md, HTTP semantics (ext): HAL-FORMS `_templates` for the clients that ask for them. */
export function formsCases(target: () => ContractTarget): void {
  const api = client(target)
  // Cases that write need the seed restored before each (not registered where it cannot be).
  const writes = itWriting(target)
  const ARTICLE = paths.article(1, 1)
  const PAGE = paths.articles(1, '?pageIndex=2&pageSize=5')
  const forms = (path: string, accept = FORMS) => api.get(path, { accept })

  describe('forms: templates', () => {
    writes(
      'an article offers default (PUT), patch (PATCH, merge patch) and delete (DELETE)',
      async () => {
        const { body, templates } = expectForms(await forms(ARTICLE), 'article')
        expect(Object.keys(templates).sort()).toEqual(['default', 'delete', 'patch'])
        const { default: edit, patch, delete: remove } = templates as Record<string, Template>
        expect(edit).toMatchObject({ method: 'PUT' })
        expect(edit?.target).toBeUndefined()
        expect(edit?.contentType ?? 'application/json').toBe('application/json')
        const fields = byName(edit?.properties ?? [])
        expect(fields.title).toMatchObject({ required: true, minLength: 1, maxLength: 200 })
        expect(fields.content).toMatchObject({ maxLength: 100000 })
        expect(fields.content?.required ?? false).toBe(false)
        expect(patch).toMatchObject({
          method: 'PATCH',
          contentType: 'application/merge-patch+json',
        })
        expect(patch?.properties.map((property) => property.name).sort()).toEqual([
          'content',
          'title',
        ])
        expect(patch?.properties.filter((property) => property.required)).toEqual([])
        expect(remove).toMatchObject({ method: 'DELETE' })
        expect(withoutTemplates(body)).toEqual(await api.read<Article>(ARTICLE))
      },
    )

    writes.each([
      ['a blog', paths.blog(1)],
      ['an article page', PAGE],
    ])('%s offers createArticle: POST to the collection URL without query', async (_, path) => {
      const { body, templates } = expectForms(await forms(path), path)
      const create = templates.createArticle
      expect(create).toMatchObject({ method: 'POST' })
      expect(create?.contentType ?? 'application/json').toBe('application/json')
      expect(create?.target).toBe(`${target().origin}${paths.articles(1)}`)
      expect(byName(create?.properties ?? []).title).toMatchObject({ required: true })
      expect(withoutTemplates(body)).toEqual(await api.read(path))
    })

    it('HEAD answers the HAL-FORMS headers, without a body', async () => {
      const get = await forms(ARTICLE)
      const head = await api.head(ARTICLE, { accept: FORMS })
      expect(head.status).toBe(200)
      expect(head.text).toBe('')
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'))
      expect(head.headers.get('etag')).toBe(get.headers.get('etag'))
    })
  })

  describe('forms: negotiation', () => {
    it.each([
      FORMS,
      `${FORMS}, application/hal+json`,
      `application/hal+json, ${FORMS}`,
      `application/hal+json;q=0.5, ${FORMS};q=0.5`,
      `${FORMS}, */*;q=0.1`,
    ])('Accept: %s gets HAL-FORMS', async (accept) => {
      for (const path of [ARTICLE, paths.blog(1), PAGE]) {
        expectForms(await forms(path, accept), `${path} with ${accept}`)
      }
    })

    it('everyone else gets the plain document, byte for byte, without _templates', async () => {
      for (const path of [ARTICLE, paths.blog(1), PAGE]) {
        const plain = await api.get(path)
        expectHal(plain, 200, path)
        expect(plain.text).not.toContain('_templates')
        const { body } = expectForms(await forms(path), path)
        expect(JSON.parse(plain.text)).toEqual(withoutTemplates(body))
        for (const accept of [
          '*/*',
          'application/*',
          'application/hal+json',
          'application/json',
          `application/hal+json, ${FORMS};q=0.9`,
          `${FORMS};q=0, application/hal+json`,
        ]) {
          const answer = await api.get(path, { accept })
          expectHal(answer, 200, `${path} with ${accept}`)
          expect(answer.text, `${path} with ${accept}`).toBe(plain.text)
          expect(answer.headers.get('etag')).toBe(plain.headers.get('etag'))
        }
      }
    })

    it('HAL-FORMS alone is acceptable where there are templates; elsewhere it is a 406', async () => {
      expectForms(await forms(ARTICLE), 'article')
      expectProblem(await forms(paths.comments(1, 1)), 406)
    })
  })

  describe('forms: validators', () => {
    it('the two documents have different ETags', async () => {
      for (const path of [ARTICLE, paths.blog(1), PAGE]) {
        expect(etagOf(await forms(path)), path).not.toBe(etagOf(await api.get(path)))
      }
    })

    it('If-None-Match with the ETag of either representation answers 304', async () => {
      for (const path of [ARTICLE, paths.blog(1), PAGE]) {
        const plainTag = etagOf(await api.get(path))
        const formsTag = etagOf(await forms(path))
        for (const tag of [plainTag, formsTag]) {
          const plain = await api.get(path, { 'if-none-match': tag })
          expect(plain.status, `${path} plain, ${tag}`).toBe(304)
          expect(plain.headers.get('etag')).toBe(plainTag)
          const withForms = await api.get(path, { accept: FORMS, 'if-none-match': tag })
          expect(withForms.status, `${path} forms, ${tag}`).toBe(304)
          expect(withForms.headers.get('etag')).toBe(formsTag)
        }
      }
    })

    writes(
      'If-Match with the HAL-FORMS ETag guards a PUT; once changed, it answers 412',
      async () => {
        const formsTag = etagOf(await forms(ARTICLE))
        const put = await api.send(
          'PUT',
          ARTICLE,
          { title: 'Guarded by the forms ETag' },
          { headers: { 'if-match': formsTag } },
        )
        expectHal(put, 200, 'PUT')
        const again = await api.send(
          'PUT',
          ARTICLE,
          { title: 'x' },
          { headers: { 'if-match': formsTag } },
        )
        expectProblem(again, 412)
      },
    )

    writes(
      'a write asked in HAL-FORMS answers in HAL-FORMS, with the ETag a GET in HAL-FORMS gives',
      async () => {
        const put = await api.send(
          'PUT',
          ARTICLE,
          { title: 'Edited' },
          { headers: { accept: FORMS } },
        )
        expectForms(put, 'PUT')
        const read = await forms(ARTICLE)
        expect(put.text).toBe(read.text)
        expect(etagOf(put)).toBe(etagOf(read))
        expect(etagOf(put)).not.toBe(etagOf(await api.get(ARTICLE)))
      },
    )
  })

  describeNeeds(target, 'reset')('forms: a client that follows templates only', () => {
    writes('creates, replaces, patches and deletes an article by its templates', async () => {
      const send = (template: Template | undefined, url: string, values?: unknown) =>
        api.send(template?.method ?? 'GET', api.path(template?.target ?? url), undefined, {
          headers: {
            accept: FORMS,
            ...(values === undefined
              ? {}
              : { 'content-type': template?.contentType ?? 'application/json' }),
          },
          ...(values === undefined ? {} : { raw: JSON.stringify(values) }),
        })
      const blog = expectForms(await forms(paths.blog(1)), 'blog')
      const created = await send(blog.templates.createArticle, '', {
        title: 'By template',
        content: 'Body',
      })
      expect(created.status).toBe(201)
      const self = created.json<Blog>()._links.self.href
      const article = expectForms(await forms(api.path(self)), 'created article')
      const replaced = await send(article.templates.default, self, { title: 'Replaced' })
      expectForms(replaced, 'default')
      expect(replaced.json<Article>()).not.toHaveProperty('content')
      const patched = await send(article.templates.patch, self, { content: 'Patched' })
      expect(patched.json<Article>()).toMatchObject({ title: 'Replaced', content: 'Patched' })
      const deleted = await send(article.templates.delete, self)
      expect(deleted.status).toBe(204)
      expect((await api.get(api.path(self))).status).toBe(404)
    })

    writes(
      'a template-driven write with an invalid value answers 422 naming the property',
      async () => {
        const { templates } = expectForms(await forms(ARTICLE), 'article')
        const title = byName(templates.default?.properties ?? []).title
        const tooLong = 'x'.repeat((title?.maxLength ?? 0) + 1)
        const answer = await api.send('PUT', ARTICLE, { title: tooLong })
        const problem = expectProblem(answer, 422)
        expect(problem.errors?.map((error) => error.pointer)).toEqual([`/${title?.name}`])
      },
    )
  })

  it('pages list the articles, with the plain documents embedded', async () => {
    const { body } = expectForms(await forms(PAGE), 'page')
    const page = body as unknown as Page<Article>
    expect(page._embedded.length).toBe(5)
    for (const item of page._embedded) expect(item).not.toHaveProperty('_templates')
  })
}
