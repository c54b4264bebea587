import type { Exchange } from '../../remote/client.js'
import { createHalApi } from '../../serve/api.js'
import { expand, firstLink, hrefOf, isObject, linksOf, templateVariables } from '../documents.js'
import { HAL, type VerifyRun } from '../run.js'
import { checkCuries, checkResolves } from './links.js'
import { checkMediaType } from './negotiation.js'
import { readItem, readList } from './pages.js'
import { checkParents, itemPattern } from './records.js'
import { checkCaching } from './validators.js'

/** What a root that is no JSON object is instead. */
const kindOf = (root: Exchange): string =>
  root.json === undefined
    ? 'no JSON'
    : root.json === null
      ? 'JSON null'
      : Array.isArray(root.json)
        ? 'a JSON array'
        : `a JSON ${typeof root.json}`

export async function readRoot(run: VerifyRun): Promise<void> {
  // A root that redirects (`/api` to `/api/`) is followed on its origin, as any HTTP client would.
  const root = await run.get(run.base, HAL, true)
  if (
    !run.expect(
      'root',
      'root.links',
      root.status === 200 && isObject(root.json),
      `The root answers ${root.status}, not a HAL document${root.status === 200 ? ` (${kindOf(root)})` : ''}.`,
      root,
    )
  ) {
    run.unreachable = `the root ${root.url} answers ${root.status}, not a HAL document`
    return
  }
  // A root a route of the API answers promises what that route does: its validators, its media
  // types, its links (missing ones are warnings).
  const route = run.model.operations.find(
    (o) => o.kind === 'route' && o.method === 'GET' && o.path === '',
  )
  const ownRoot = route !== undefined
  checkMediaType(run, 'root', root, HAL)
  await checkCaching(run, 'root', root, route)
  checkCuries(run, 'root', root)
  const links = linksOf(root.json)
  const routeLinks = ownRoot ? await linkedByRoute(run) : {}
  for (const declared of run.model.root) {
    const link = firstLink(links[declared.rel])
    const href = hrefOf(link)
    // A link the definition's own root answers (a recording's) is promised as that root links it.
    const own = firstLink(routeLinks[declared.rel])
    const promised = !ownRoot || own !== undefined
    if (
      !run.expect(
        'root',
        'root.links',
        href !== undefined,
        `The root has no "${declared.rel}" link.`,
        root,
        promised ? 'failure' : 'warning',
      )
    )
      continue
    const target = href as string
    if (declared.templated) {
      run.expect(
        'root',
        'root.links',
        link?.templated === true,
        `The root's "${declared.rel}" link is not templated (${target}).`,
        root,
        !ownRoot || own?.templated === true ? 'failure' : 'warning',
      )
    }
    const collection = declared.collection ? run.model.collection(declared.collection) : undefined
    if (declared.kind === 'list' && collection) {
      run.roots.set(collection.name, expand(target, {}))
      await readList(run, collection, target, root, true)
    } else if (declared.kind === 'item' && collection) {
      const value = run.options.variables?.[collection.param] ?? '1'
      await readItem(run, collection, expand(target, { [collection.param]: value }))
    } else {
      await checkResolves(run, 'root', declared.rel, target, root)
    }
  }
  if (ownRoot) await readUndeclared(run, root, links)
  await checkParents(run)
}

/**
 * The links of the definition's own root route, asked of the definition in memory (no storage,
 * no token): none when it answers no HAL document so.
 */
async function linkedByRoute(run: VerifyRun): Promise<Record<string, unknown>> {
  try {
    const api = createHalApi({ ...run.model.definition, storage: {} })
    const base = run.model.definition.basePath.replace(/\/$/, '')
    const answer = await api.handle(
      new Request(`http://verify.invalid${base}/`, { headers: { accept: HAL } }),
    )
    const json: unknown = answer.ok ? await answer.json() : undefined
    return linksOf(json)
  } catch {
    return {}
  }
}

/**
 * A root a route answers (a recording's) may link collections under rels the definition does not
 * declare (`doc:blog` to `/blogs/{blogId}`): each such link is read as the collection whose
 * address it names, a list or a record (its id from `variables`, else 1).
 */
async function readUndeclared(
  run: VerifyRun,
  root: Exchange,
  links: Record<string, unknown>,
): Promise<void> {
  const declared = new Set(run.model.root.map((l) => l.rel))
  for (const [rel, value] of Object.entries(links)) {
    const href = hrefOf(firstLink(value))
    if (declared.has(rel) || rel === 'self' || rel === 'curies' || href === undefined) continue
    const list = expand(href, {})
    const ids = Object.fromEntries(
      templateVariables(href).map((name) => [name, run.options.variables?.[name] ?? '1']),
    )
    const record = expand(href, ids)
    const listed = run.model.collections.find((c) => itemPattern(run, c.listPath).test(list))
    const named = run.model.collections.find((c) => itemPattern(run, c.itemPath).test(record))
    if (listed) {
      if (!listed.parent && !run.roots.has(listed.name)) run.roots.set(listed.name, list)
      await readList(run, listed, href, root, true)
    } else if (named) await readItem(run, named, record)
  }
}
