// Paginate: every article of blog 1, 20 per request, the next page fetched ahead.
// Run against `npm start`: npm run example -- examples/node/paginate.ts (or set HALYARD_API)
import { createBlogClient } from '@halyard/sdk/blog'
import { API } from './api.js'

export async function paginate(baseUrl = API): Promise<string[]> {
  const api = createBlogClient({ baseUrl })
  const titles: string[] = []
  for await (const article of api.articles(1, { pageSize: 20, prefetch: true }))
    titles.push(article.data.title)
  // Page by page, with the page's own numbers.
  const pages: string[] = []
  for await (const page of api.articlePage(1, { pageSize: 20 }).pages())
    pages.push(`page ${page.data.pageIndex}/${page.data.totalPages}`)
  return [`${titles.length} articles, first "${titles[0]}"`, ...pages]
}

if (import.meta.url === `file://${process.argv[1]}`) console.log((await paginate()).join('\n'))
