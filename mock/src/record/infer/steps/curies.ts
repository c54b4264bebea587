import type { Links } from '@halyard/sdk'
import type { Exchange } from '../../crawl.js'
import { type ApiModel, isObject, neutral, relative } from '../../model.js'
import type { Scope } from './scope.js'

/** The root's CURIEs, as it wrote them, and where the API writes them. */
export function curiesOf(
  scope: Scope,
  rootExchange: Exchange | undefined,
  rootLinks: Links | undefined,
): Pick<ApiModel, 'curies' | 'curiesIn'> {
  const { crawl, hal, origin, basePath } = scope
  // As the root wrote them: an href relative to the origin (`/docs/rels/{rel}`) stays one.
  const written = new Map<string, string>()
  const rawCuries = isObject(rootExchange?.body) ? rootExchange.body._links : undefined
  const rawList = isObject(rawCuries) ? rawCuries.curies : undefined
  for (const c of Array.isArray(rawList) ? rawList : isObject(rawList) ? [rawList] : [])
    if (isObject(c) && typeof c.name === 'string' && typeof c.href === 'string')
      written.set(c.name, c.href)
  const curies = (rootLinks?.curies ?? [])
    .filter((c) => c.name)
    .map((c) => {
      const raw = written.get(c.name as string)
      return raw !== undefined && !/^[a-z][a-z\d+.-]*:/i.test(raw)
        ? { name: c.name as string, href: raw, asIs: true }
        : { name: c.name as string, href: curieHref(c.href, origin, basePath) }
    })
  const curiesIn = curies.length > 0 ? curiesPlacement(hal, crawl.root) : undefined
  return { curies, ...(curiesIn === undefined ? {} : { curiesIn }) }
}

/**
 * Where an API writes its CURIEs, when not at the top of every document (the core's default): on
 * the root only, or on embedded resources too. Undefined when the documents show neither.
 */
function curiesPlacement(
  hal: readonly Exchange[],
  root: string,
): 'root' | 'everywhere' | undefined {
  const has = (body: unknown) => {
    const links = isObject(body) ? body._links : undefined
    return isObject(links) && links.curies !== undefined
  }
  const embedded = (body: unknown): unknown[] => {
    const raw = isObject(body) ? body._embedded : undefined
    if (!isObject(raw)) return []
    return Object.values(raw).flatMap((v) => (Array.isArray(v) ? v : [v]))
  }
  const others = hal.filter((e) => e.url !== root && isObject(e.body) && isObject(e.body._links))
  if (others.length === 0) return undefined
  const inner = others.flatMap((e) => embedded(e.body)).filter(isObject)
  if (inner.length > 0 && inner.every(has) && others.every((e) => has(e.body))) return 'everywhere'
  if (others.every((e) => !has(e.body))) return 'root'
  return undefined
}

/**
 * A CURIE's href as the core resolves it: under the base relative to it, beside it with `../`
 * (halacious's `/rels/…` beside `/api`), another origin's as recorded.
 */
function curieHref(href: string, origin: string, basePath: string): string {
  const under = relative(href, origin, basePath)
  if (under !== href || !href.startsWith(`${origin}/`)) return neutral(under, origin)
  const depth = basePath.split('/').length - 1
  return `${'../'.repeat(depth)}${href.slice(origin.length + 1)}`
}
