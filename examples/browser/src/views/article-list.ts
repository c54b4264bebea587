import type { Link } from '@halyard/sdk'
import type { App, View } from '../app.js'
import { h, uniqueId } from '../dom.js'
import { paths } from '../router.js'

/** Articles per page: 42 seeded articles make 5 pages. */
export const PAGE_SIZE = 10

const PAGER = [
  ['firstPage', 'First page'],
  ['previousPage', 'Previous page'],
  ['nextPage', 'Next page'],
  ['lastPage', 'Last page'],
] as const

/** The page number a page link leads to (the API puts `pageIndex` in each link's query). */
const pageOf = (link: Link | undefined): number | undefined => {
  const index = link && new URL(link.href).searchParams.get('pageIndex')
  return index ? Number(index) : undefined
}

/**
 * One page of the blog's articles, with first / previous / next / last buttons made from the
 * page's own links: a button is disabled when its link is absent or leads to this very page.
 */
export async function articleListView(app: App, page: number, signal: AbortSignal): Promise<View> {
  const { client } = app.connection
  // The API marks pages `no-cache`: revalidate (a 304 when nothing changed) rather than reuse.
  const state = await client
    .articlePage(app.blogId, { pageIndex: page, pageSize: PAGE_SIZE })
    .refresh({ signal })
  const { pageIndex, totalPages, totalArticles } = state.data
  const position = `Page ${pageIndex} of ${Math.max(totalPages, 1)}`
  const articles = state.embedded('item')
  app.lastListPage = pageIndex

  const headingId = uniqueId('articles')
  const pager = h(
    'nav',
    { 'aria-label': 'Pages', class: 'pager' },
    ...PAGER.map(([rel, label]) => {
      const target = pageOf(state.links.get(rel))
      return h(
        'button',
        {
          type: 'button',
          disabled: target === undefined || target === pageIndex,
          onclick: () => target !== undefined && app.navigate(paths.list(target)),
        },
        label,
      )
    }),
  )
  const list = articles.length
    ? h(
        'ol',
        { 'aria-labelledby': headingId, start: (pageIndex - 1) * PAGE_SIZE + 1 },
        ...articles.map((article) =>
          h('li', {}, h('a', { href: paths.article(article.data.id) }, article.data.title)),
        ),
      )
    : h('p', {}, totalArticles ? 'No articles on this page.' : 'This blog has no articles yet.')

  const element = h(
    'section',
    { 'aria-labelledby': headingId },
    h(
      'div',
      { class: 'view-header' },
      h('h2', { id: headingId, tabindex: -1 }, 'Articles'),
      h('a', { href: paths.create(), class: 'button' }, 'New article'),
    ),
    h('p', { class: 'position' }, `${position} · ${totalArticles} articles`),
    list,
    pager,
  )
  return { element, title: `Articles, ${position.toLowerCase()}` }
}
