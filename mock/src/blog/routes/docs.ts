import { type HalAnswer, type HalRoute, type HalRouteContext, Problem } from '../../index.js'
import { HTML_TYPES } from '../../kit.js'
import { docPage, problemDoc, RELATIONS } from '../representations/docs.js'

/** An HTML documentation page, cacheable for an hour. */
export const html = (page: string): HalAnswer => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'max-age=3600' },
  body: page,
})

const param = (context: HalRouteContext, name: string): string => {
  const value = context.params[name]
  return typeof value === 'string' ? value : ''
}

/** `GET /docs/rels/{rel}` (ext): what a `doc:` relation means; 404 for rels the API never emits. */
export const relDoc: HalRoute = {
  method: 'GET',
  path: '/docs/rels/{rel}',
  produces: HTML_TYPES,
  access: 'public',
  handle(context) {
    const rel = param(context, 'rel')
    const text = Object.hasOwn(RELATIONS, rel) ? RELATIONS[rel] : undefined
    if (text === undefined) throw new Problem(404, `The API has no relation "doc:${rel}".`)
    return html(docPage(`doc:${rel}`, text))
  },
}

/** `GET /docs/problems/{slug}`: the page a problem's `type` points at. */
export const problemTypeDoc: HalRoute = {
  method: 'GET',
  path: '/docs/problems/{slug}',
  produces: HTML_TYPES,
  access: 'public',
  handle(context) {
    const page = problemDoc(param(context, 'slug'))
    if (page === undefined) throw new Problem(404, 'The API has no such problem type.')
    return html(page)
  },
}
