import { beforeEach, describe, expect, it } from 'vitest'
import { createBlogClient, gql, type Person } from '../../src/blog/index.js'
import { isPreconditionFailedError } from '../../src/index.js'
import { changeElsewhere } from './helpers.js'
import type { SdkTarget } from './target.js'

export function blogCases(target: () => SdkTarget): void {
  describe('@halyard/sdk/blog', () => {
    let t: SdkTarget
    beforeEach(() => {
      t = target()
    })
    const api = () => createBlogClient({ baseUrl: new URL(t.apiUrl).origin, token: 'dev-token' })

    it('reads a blog and iterates all its articles', async () => {
      const blog = api()
      expect((await blog.blog(1).get()).data.title).toBe('Engineering blog')
      const titles: string[] = []
      for await (const article of blog.articles(1)) titles.push(article.data.title)
      expect(titles).toHaveLength(42)
      expect(titles[0]).toBe('Article 1')
      const page = await blog.articlePage(1, { pageIndex: 2, pageSize: 20 }).get()
      expect(page.data).toMatchObject({ pageIndex: 2, totalPages: 3 })
    })

    it('creates, replaces with If-Match, and deletes an article', async () => {
      const blog = api()
      const created = await blog.createArticle(1, { title: 'Draft', content: 'Body' })
      expect(created.data).toMatchObject({ id: 43, title: 'Draft' })
      const replaced = await blog.replaceArticle(created, { title: 'Final' })
      expect(replaced.data).toEqual({ id: 43, title: 'Final' })
      await changeElsewhere(t, created.uri, { title: 'Theirs' })
      const conflict = await blog
        .replaceArticle(replaced, { title: 'Mine' })
        .catch((e: unknown) => e)
      expect(isPreconditionFailedError(conflict)).toBe(true)
      const current = await blog.article(created.uri).get()
      expect(current.data.title).toBe('Theirs')
      await blog.deleteArticle(current)
      await expect(blog.article(created.uri).refresh()).rejects.toMatchObject({ status: 404 })
    })

    it('reads the comments of an article', async () => {
      const comments = []
      for await (const comment of api().comments(`${t.apiUrl}/blogs/1/articles/1`))
        comments.push(comment.data)
      expect(comments.length).toBeGreaterThan(0)
      expect(comments[0]).toEqual(
        expect.objectContaining({ id: expect.any(Number), author: expect.any(String) }),
      )
    })

    it('runs a typed GraphQL query at doc:graphql; GraphQL errors come back in errors', async () => {
      const friends = gql<
        { person: (Pick<Person, 'name'> & { friends: Pick<Person, 'id'>[] }) | null },
        { id: string }
      >('query Friends($id: ID!) { person(id: $id) { name friends { id } } }')
      const result = await api().graphql(friends, { id: '1' })
      expect(result.errors).toBeUndefined()
      expect(result.data?.person?.name).toEqual(expect.any(String))
      expect(result.data?.person?.friends.length).toBeGreaterThan(0)
      const invalid = await api().graphql('{ person(id: "1") { age } }')
      expect(invalid.errors?.[0]?.message).toContain('age')
    })
  })
}
