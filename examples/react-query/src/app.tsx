import { halInfiniteQueryOptions, halMutationOptions, halQueryOptions } from '@halyard/query'
import { isPreconditionFailedError, linkTarget } from '@halyard/sdk'
import type { ArticleInput, ArticlePage } from '@halyard/sdk/blog'
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { api, articleHash, blog } from './api.js'
import { TemplateForm } from './form.js'

/** A form's values as an article: the content only when one was entered. */
const toInput = ({ title = '', content }: Record<string, string>): ArticleInput => ({
  title,
  ...(content !== undefined && { content }),
})

const useHash = (): string => {
  const [hash, setHash] = useState(location.hash)
  useEffect(() => {
    const update = () => setHash(location.hash)
    addEventListener('hashchange', update)
    return () => removeEventListener('hashchange', update)
  }, [])
  return hash
}

/** The list, an article (`#/api/v1.2/blogs/1/articles/3`), or the new-article form (`#new`). */
export function App() {
  const hash = useHash()
  const { data } = useQuery(halQueryOptions(blog))
  return (
    <>
      <header>
        <h1>
          <a href="#list">{data?.data.title ?? 'Blog'}</a>
        </h1>
        <p>{data?.data.description}</p>
      </header>
      <main>
        {hash === '#new' ? (
          <NewArticle />
        ) : hash.startsWith('#/') ? (
          <Article uri={new URL(hash.slice(1), location.origin).href} />
        ) : (
          <Articles />
        )}
      </main>
    </>
  )
}

/** Every article, ten per page, the next page loaded as the end of the list comes into view. */
function Articles() {
  const { data: state } = useQuery(halQueryOptions(blog))
  const link = state?.links.get('doc:articles')
  const first = link && api.client.go<ArticlePage>(linkTarget(link, { pageSize: 10 }))
  const pages = useInfiniteQuery({
    ...halInfiniteQueryOptions(first ?? api.client.go<ArticlePage>('blogs/1/articles')),
    enabled: first !== undefined,
  })
  const end = useRef<HTMLParagraphElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages
  useEffect(() => {
    const sentinel = end.current
    if (!sentinel || !hasNextPage) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
    })
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  const articles = pages.data?.pages.flatMap((page) => page.embedded('item')) ?? []
  const total = pages.data?.pages[0]?.data.totalArticles
  return (
    <section>
      <h2>Articles {total !== undefined && <small>({total})</small>}</h2>
      <p>
        <a href="#new">New article</a>
      </p>
      <ol aria-label="Articles">
        {articles.map((article) => (
          <li key={article.uri}>
            <a href={articleHash(article.uri)}>{article.data.title}</a>
          </li>
        ))}
      </ol>
      <p ref={end} aria-live="polite">
        {pages.isPending || isFetchingNextPage
          ? 'Loading…'
          : hasNextPage
            ? 'Scroll for more'
            : 'The end'}
      </p>
    </section>
  )
}

/** One article: from the cache when it came with its page, with edit, rename and delete. */
function Article({ uri }: { uri: string }) {
  const resource = api.article(uri)
  const { data: article, error } = useQuery(halQueryOptions(resource))
  const [editing, setEditing] = useState(false)
  const remove = useMutation(
    halMutationOptions(resource, 'delete', {
      onSuccess: () => {
        location.hash = '#list'
      },
    }),
  )
  if (error) return <p role="alert">{error.message}</p>
  if (!article) return <p>Loading…</p>
  return (
    <article>
      <h2 data-testid="title">{article.data.title}</h2>
      <p className="content">{article.data.content}</p>
      <p>
        <button type="button" onClick={() => setEditing(!editing)}>
          {editing ? 'Close' : 'Edit'}
        </button>{' '}
        <button type="button" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Delete
        </button>
      </p>
      {remove.error && <p role="alert">{remove.error.message}</p>}
      {editing && <Edit uri={uri} />}
    </article>
  )
}

/**
 * The article's forms. They need the article's own document (its templates and ETag): a copy that
 * came embedded in a page has neither, so it is read once here.
 */
function Edit({ uri }: { uri: string }) {
  const resource = api.article(uri)
  const { data: article } = useQuery({
    ...halQueryOptions(resource),
    refetchOnMount: (query) => (query.state.data?.hasAction('default') ? false : 'always'),
  })
  const edit = useMutation(halMutationOptions(resource, { action: 'default' }))
  // Shown at once; put back, and the current version read, if the article changed meanwhile.
  const rename = useMutation(halMutationOptions(resource, 'patch', { optimistic: true }))
  if (!article?.hasAction('default')) return <p>Loading the form…</p>
  const failed = rename.error ?? edit.error
  return (
    <section aria-label="Edit">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          const title = new FormData(event.currentTarget).get('title')
          if (typeof title === 'string') rename.mutate({ title })
        }}
      >
        <label>
          New title <input name="title" required defaultValue={article.data.title} />
        </label>
        <button type="submit">Rename</button>
      </form>
      <h3>Edit</h3>
      <TemplateForm
        key={article.etag}
        fields={article.action('default').fields}
        values={article.data}
        label="Save"
        busy={edit.isPending}
        submit={(values) => edit.mutate(toInput(values))}
      />
      {failed && (
        <p role="alert">
          {isPreconditionFailedError(failed)
            ? 'Someone changed this article since you read it: your change was undone, and this is the current version.'
            : failed.message}
        </p>
      )}
    </section>
  )
}

/** The blog's `createArticle` form, as its template describes it. */
function NewArticle() {
  const { data: state } = useQuery({
    ...halQueryOptions(blog),
    refetchOnMount: (query) => (query.state.data?.hasAction('createArticle') ? false : 'always'),
  })
  const create = useMutation(
    halMutationOptions(
      blog,
      { action: 'createArticle' },
      {
        onSuccess: (created) => {
          location.hash = articleHash(created.uri)
        },
      },
    ),
  )
  if (!state?.hasAction('createArticle')) return <p>Loading the form…</p>
  return (
    <section>
      <h2>New article</h2>
      <TemplateForm
        fields={state.action('createArticle').fields}
        label="Create"
        busy={create.isPending}
        submit={(values) => create.mutate(toInput(values))}
      />
      {create.error && <p role="alert">{create.error.message}</p>}
    </section>
  )
}
