import { reasonPhrase } from '../../kit.js'
import { PROBLEMS } from '../problems.js'

/** What each link relation the API emits means; the curie `doc` expands to these pages. */
export const RELATIONS: Readonly<Record<string, string>> = {
  blog: 'The blog a resource belongs to (from an article), or a blog by id (templated, from the root).',
  articles:
    'The articles of a blog, page by page: a templated link with the optional pageIndex (from 1) and pageSize (1 to 100, default 10).',
  comments: 'The comments of an article, page by page, with the same page parameters as articles.',
  article: 'The article a comment belongs to.',
  graphql: 'The query-language endpoint: POST {"query": "…"} or GET ?query=, GraphQL over HTTP.',
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A minimal HTML page: the documentation targets of curies and problem types. */
export function docPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main></body></html>`
}

/** The page of a problem type, by its slug, if the API emits that type. */
export function problemDoc(slug: string): string | undefined {
  const problem = Object.entries(PROBLEMS).find(([, p]) => p.slug === slug)
  if (!problem) return undefined
  const [status] = problem
  const title = reasonPhrase(Number(status))
  return docPage(
    `${status} ${title}`,
    `The Blog API answers ${status} ${title} with problem details (RFC 9457) whose type is this page.`,
  )
}
