// Navigate by links: from the API root to a blog, its articles, one article and back.
// Run against `npm start`: npm run example -- examples/node/navigate.ts (or set HALYARD_API)
import { createClient } from '@halyard/sdk'
import type { Root } from '@halyard/sdk/blog'
import { API } from './api.js'

export async function navigate(baseUrl = API): Promise<string[]> {
  const client = createClient({ baseUrl })
  const blog = client.go<Root>().follow('doc:blog', { blogId: 1 })
  const page = await blog.follow('doc:articles', { pageSize: 3 }).get()
  const lines = [`${(await blog.get()).data.title}: ${page.data.totalArticles} articles`]
  for (const article of page.embedded('item')) lines.push(`- ${article.data.title}`)
  // The Blog API marks its answers no-cache, so following from the embedded copy reads the article
  // again and revalidates the blog (a 304); with `caching: 'until-invalidated'` it would cost none.
  const first = page.embedded('item')[0]
  if (first) {
    const back = await client.go(first.uri).follow('doc:blog').get()
    lines.push(`back to ${back.links.get('self')?.href}`)
  }
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) console.log((await navigate()).join('\n'))
