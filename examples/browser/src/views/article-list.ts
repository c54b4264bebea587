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

/** Where a pager button leads from a page past the end: back to the last page, never further. */
const beyondTarget = (rel: (typeof PAGER)[number][0], lastPage: number): number | undefined =>
  rel === 'firstPage' ? 1 : rel === 'nextPage' ? undefined : lastPage

/**
 * One page of the blog's articles, with first / previous / next / last buttons made from the
 * page's own links: a button is disabled when its link is absent or leads to this very page. A
 * page past the end says so, links to the last page, and its Previous leads there.
 */
export async function articleListView(app: App, page: number, signal: AbortSignal): Promise<View> {
  const { client } = app.connection
  // The API marks pages `no-cache`: revalidate (a 304 when nothing changed) rather than reuse.
  const state = await client
    .articlePage(app.blogId, { pageIndex: page, pageSize: PAGE_SIZE })
    .refresh({ signal })
  const { pageIndex, totalPages, totalArticles } = state.data
  const lastPage = Math.max(totalPages, 1)
  // The API answers any page number; past the end, say so and lead back to the last page.
  const beyond = pageIndex > lastPage
  const position = beyond ? `No page ${pageIndex}` : `Page ${pageIndex} of ${lastPage}`
  const articles = state.embedded('item')
  app.lastListPage = beyond ? lastPage : pageIndex

  const headingId = uniqueId('articles')
  const pager = h(
    'nav',
    { 'aria-label': 'Pages', class: 'pager' },
    ...PAGER.map(([rel, label]) => {
      const target = beyond ? beyondTarget(rel, lastPage) : pageOf(state.links.get(rel))
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
  const list = beyond
    ? h(
        'p',
        {},
        `There is no page ${pageIndex}: the articles end on page ${lastPage}. `,
        h('a', { href: paths.list(lastPage) }, `Go to the last page (${lastPage})`),
      )
    : articles.length
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
    h(
      'p',
      { class: 'position' },
      beyond
        ? `${position} · ${totalArticles} articles in ${lastPage} pages`
        : `${position} · ${totalArticles} articles`,
    ),
    list,
    pager,
  )
  return { element, title: `Articles, ${position.toLowerCase()}` }
}
