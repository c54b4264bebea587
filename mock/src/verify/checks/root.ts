import { expand, firstLink, hrefOf, isObject, linksOf } from '../documents.js'
import { HAL, type VerifyRun } from '../run.js'
import { checkCuries, checkResolves } from './links.js'
import { checkMediaType } from './negotiation.js'
import { readList } from './pages.js'
import { readItem } from './records.js'
import { checkCaching } from './validators.js'

export async function readRoot(run: VerifyRun): Promise<void> {
  const root = await run.get(run.base)
  if (
    !run.expect(
      'root',
      'root.links',
      root.status === 200 && isObject(root.json),
      `The root answers ${root.status}, not a HAL document.`,
      root,
    )
  )
    return
  checkMediaType(run, 'root', root, HAL)
  await checkCaching(run, 'root', root)
  checkCuries(run, 'root', root)
  const links = linksOf(root.json)
  // A root a route of the API answers links what that route says: missing links are warnings.
  const ownRoot = run.model.operations.some(
    (o) => o.kind === 'route' && o.method === 'GET' && o.path === '',
  )
  for (const declared of run.model.root) {
    const link = firstLink(links[declared.rel])
    const href = hrefOf(link)
    if (
      !run.expect(
        'root',
        'root.links',
        href !== undefined,
        `The root has no "${declared.rel}" link.`,
        root,
        ownRoot ? 'warning' : 'failure',
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
}
