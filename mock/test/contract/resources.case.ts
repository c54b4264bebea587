import { describe, expect, it } from 'vitest'
import {
  API,
  type Article,
  type Blog,
  type Comment,
  client,
  expand,
  itWriting,
  linksIn,
  type Page,
  pageParams,
  paths,
  type Root,
  SEED,
} from './helpers.js'
import type { ContractTarget } from './target.js'

/** docs/api.md, Resources: the resources, their links, and that no emitted link dangles. */
export function resourceCases(target: () => ContractTarget): void {
  const api = client(target)
  // Cases that write need the seed restored before each (not registered where it cannot be).
  const writes = itWriting(target)
  const base = () => `${target().origin}${API}`
  const curie = () => ({ name: 'doc', href: `${base()}/docs/rels/{rel}`, templated: true })

  describe('resources', () => {
    it('the API root links to itself, the curie, a templated blog link and the GraphQL endpoint', async () => {
      const root = await api.read<Root>(paths.root)
      expect(root._links).toEqual({
        curies: [curie()],
        self: { href: base() },
        'doc:blog': { href: `${base()}/blogs/{blogId}`, templated: true },
        'doc:graphql': { href: `${base()}/graphql` },
      })
    })

    it('the root blog template expands to blog 1', async () => {
      const root = await api.read<Root>(paths.root)
      const blog = await api.read<Blog>(
        api.path(expand(root._links['doc:blog'].href, { blogId: 1 })),
      )
      expect(blog.id).toBe(1)
    })

    it('blog 1 has its fields, self, the curie and a templated articles link', async () => {
      const blog = await api.read<Blog>(paths.blog(1))
      expect(blog).toEqual({
        id: 1,
        title: SEED.blogTitle,
        description: expect.any(String),
        _links: {
          curies: [curie()],
          self: { href: `${base()}/blogs/1` },
          'doc:articles': {
            href: `${base()}/blogs/1/articles{?pageIndex,pageSize}`,
            templated: true,
          },
        },
      })
    })

    it('blog 2 exists and has its own links', async () => {
      const blog = await api.read<Blog>(paths.blog(2))
      expect(blog.id).toBe(2)
      expect(blog._links.self.href).toBe(`${base()}/blogs/2`)
      expect(blog._links['doc:articles'].href).toBe(
        `${base()}/blogs/2/articles{?pageIndex,pageSize}`,
      )
    })

    it('an article has its fields, self, the blog with its title, and templated comments', async () => {
      const article = await api.read<Article>(paths.article(1, 7))
      expect(article).toEqual({
        id: 7,
        title: expect.any(String),
        content: expect.any(String),
        _links: {
          curies: [curie()],
          self: { href: `${base()}/blogs/1/articles/7` },
          'doc:blog': { href: `${base()}/blogs/1`, title: SEED.blogTitle },
          'doc:comments': {
            href: `${base()}/blogs/1/articles/7/comments{?pageIndex,pageSize}`,
            templated: true,
          },
        },
      })
      expect(article.title.length).toBeGreaterThan(0)
    })

    it("an article's doc:blog title is the title its blog answers", async () => {
      const article = await api.read<Article>(paths.article(1, 1))
      const blog = await api.read<Blog>(api.path(article._links['doc:blog'].href))
      expect(article._links['doc:blog'].title).toBe(blog.title)
    })

    it('every article of blog 1 answers at its self href with the same body', async () => {
      const page = await api.read<Page<Article>>(paths.articles(1, '?pageSize=100'))
      expect(page._embedded).toHaveLength(SEED.articles)
      for (const embedded of page._embedded) {
        const article = await api.read<Article>(api.path(embedded._links.self.href))
        expect(article).toEqual(embedded)
      }
    })

    it('the comments of article 1 form a page with totalComments and linked comments', async () => {
      const article = await api.read<Article>(paths.article(1, 1))
      const href = expand(article._links['doc:comments'].href, {})
      const page = await api.read<Page<Comment>>(api.path(href))
      expect(page.totalComments).toBeGreaterThanOrEqual(1)
      expect(page.totalArticles).toBeUndefined()
      expect(page).toMatchObject({ pageIndex: 1, pageSize: 10 })
      expect(page.totalPages).toBe(Math.ceil((page.totalComments ?? 0) / 10))
      expect(page._embedded).toHaveLength(Math.min(page.totalComments ?? 0, 10))
      for (const comment of page._embedded) {
        expect(comment).toEqual({
          id: expect.any(Number),
          author: expect.any(String),
          content: expect.any(String),
          _links: {
            curies: [curie()],
            self: { href: `${base()}/blogs/1/articles/1/comments/${comment.id}` },
            'doc:article': { href: `${base()}/blogs/1/articles/1` },
          },
        })
        expect(await api.read<Comment>(api.path(comment._links.self.href))).toEqual(comment)
      }
    })

    it('comments page like articles: pageSize 1 walks them all in ascending id order', async () => {
      const first = await api.read<Page<Comment>>(paths.comments(1, 1, '?pageSize=1'))
      const total = first.totalComments ?? 0
      expect(total).toBeGreaterThanOrEqual(1)
      expect(first).toMatchObject({ pageIndex: 1, pageSize: 1, totalPages: total })
      expect(first._link.previousPage).toBeUndefined()
      expect(pageParams(first._link.lastPage.href)).toEqual({ pageIndex: total, pageSize: 1 })
      const ids = first._embedded.map((comment) => comment.id)
      let page = first
      while (page._link.nextPage) {
        page = await api.read<Page<Comment>>(api.path(page._link.nextPage.href))
        ids.push(...page._embedded.map((comment) => comment.id))
      }
      expect(page.pageIndex).toBe(total)
      expect(ids).toHaveLength(total)
      expect(ids).toEqual([...ids].sort((a, b) => a - b))
      expect(new Set(ids).size).toBe(total)
      const past = await api.read<Page<Comment>>(
        paths.comments(1, 1, `?pageIndex=${total + 1}&pageSize=1`),
      )
      expect(past._embedded).toEqual([])
      expect(past._link.nextPage).toBeUndefined()
    })

    writes('a new article has an empty comments page whose lastPage is 1', async () => {
      const { article } = await api.create({ title: 'No comments yet' })
      const page = await api.read<Page<Comment>>(
        api.path(expand(article._links['doc:comments'].href, {})),
      )
      expect(page).toMatchObject({ totalComments: 0, totalPages: 0, _embedded: [] })
      expect(page._link.nextPage).toBeUndefined()
      expect(pageParams(page._link.lastPage.href).pageIndex).toBe(1)
    })

    it('the comments page of an article answers 400 for an invalid pageSize', async () => {
      const answer = await api.get(paths.comments(1, 1, '?pageSize=0'))
      expect(answer.status).toBe(400)
    })

    it('every href the server emits is absolute, on the origin of the request', async () => {
      const bodies = await Promise.all([
        api.read(paths.root),
        api.read(paths.blog(1)),
        api.read(paths.articles(1, '?pageIndex=2&pageSize=5')),
        api.read(paths.article(1, 3)),
        api.read(paths.comments(1, 1)),
      ])
      const links = bodies.flatMap(linksIn)
      expect(links.length).toBeGreaterThan(20)
      for (const { rel, link } of links) {
        expect(link.href.startsWith(`${base()}/`) || link.href === base(), `${rel}`).toBe(true)
      }
    })

    it('no link dangles: every href reachable from the root answers 2xx once expanded', async () => {
      const seen = new Set<string>()
      const rels = new Set<string>()
      const curies = new Set<string>()
      const queue: string[] = [paths.root]
      const enqueue = (href: string) => {
        const path = api.path(href)
        if (!seen.has(path)) {
          seen.add(path)
          queue.push(path)
        }
      }
      seen.add(paths.root)
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const answer = await api.get(path)
        expect(
          answer.status,
          `GET ${path} answered ${answer.text.slice(0, 300)}`,
        ).toBeGreaterThanOrEqual(200)
        expect(answer.status, `GET ${path} answered ${answer.text.slice(0, 300)}`).toBeLessThan(300)
        if (!/^application\/hal\+json/.test(answer.headers.get('content-type') ?? '')) continue
        for (const { rel, link } of linksIn(answer.json())) {
          if (rel === 'curies') {
            curies.add(link.href)
            continue
          }
          const [prefix, name] = rel.split(':')
          if (prefix === 'doc' && name !== undefined) rels.add(name)
          if (!link.templated) {
            enqueue(link.href)
            continue
          }
          // Simple variables ({blogId}) are required; form-style ones ({?pageIndex}) optional.
          const required = [...link.href.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')
          for (const vars of [{}, { blogId: 1 }, { blogId: 2 }, { pageIndex: 2, pageSize: 5 }]) {
            if (required.every((name) => name in vars)) enqueue(expand(link.href, vars))
          }
        }
        // The curie's documentation pages, for every rel seen so far.
        for (const template of curies) for (const rel of rels) enqueue(expand(template, { rel }))
      }
      // Root, 2 blogs, 42 articles, their comments, pages and the docs were all followed.
      expect(seen.size).toBeGreaterThan(100)
      expect([...rels].sort()).toEqual(
        expect.arrayContaining(['article', 'articles', 'blog', 'comments', 'graphql']),
      )
    }, 60_000)
  })
}
