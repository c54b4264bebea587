import type { CollectionModel } from '../../core/model.js'
import type { Exchange } from '../client.js'
import {
  absoluteUrl,
  allLinks,
  firstLink,
  hrefOf,
  isObject,
  type Json,
  jsonType,
  linksOf,
  sameUrl,
} from '../documents.js'
import { generateValue, seeded } from '../generate.js'
import { HAL, HAL_MEMBERS, type Shape, type VerifyRun } from '../run.js'
import { checkForms } from './forms.js'
import { checkCuries, checkResolves } from './links.js'
import { checkAllow, checkMediaType } from './negotiation.js'
import { readList } from './pages.js'
import { checkCaching } from './validators.js'

/** A record by its URL: its checks, then its links followed (a few records a collection). */
export async function readItem(run: VerifyRun, c: CollectionModel, url: string): Promise<void> {
  const read = run.items.get(c.name) ?? []
  if (read.some((r) => r.url === url)) return
  if (read.length >= run.samples) {
    await checkResolves(run, c.name, 'self', url)
    return
  }
  const item = await run.get(url)
  if (
    !run.expect(
      c.name,
      'link.resolves',
      item.status === 200 && isObject(item.json),
      `${url} answers ${item.status}.`,
      item,
    )
  )
    return
  const doc = item.json as Json
  read.push({ url, doc })
  run.items.set(c.name, read)
  checkMediaType(run, c.name, item, HAL)
  checkCuries(run, c.name, item)
  await checkRecord(run, c, doc, item, url)
  if (read.length === 1) {
    await checkCaching(run, c.name, item)
    await checkForms(run, c, item, 'item')
    await checkAllow(run, c, item)
  }
  const links = linksOf(doc)
  for (const declared of c.links) {
    for (const link of allLinks(links[declared.rel])) {
      const href = hrefOf(link)
      if (href === undefined) continue
      const target = declared.collection ? run.model.collection(declared.collection) : undefined
      if (declared.kind === 'relation' && target) await readItem(run, target, href)
      else if ((declared.kind === 'nested' || declared.kind === 'reverse') && target)
        await readList(run, target, href, item)
      else await checkResolves(run, c.name, declared.rel, href, item)
    }
  }
}

/** A record's members, links and `self`, as embedded or read at `url`. */
export async function checkRecord(
  run: VerifyRun,
  c: CollectionModel,
  doc: Json,
  from: Exchange,
  url: string | undefined,
): Promise<void> {
  const embedded = run.embedded.get(c.name) ?? []
  if (embedded.length < 50) embedded.push(doc)
  run.embedded.set(c.name, embedded)
  const self = hrefOf(firstLink(linksOf(doc).self))
  const id = doc.id === undefined ? '' : ` ${String(doc.id)}`
  const where = `${c.noun}${id}`
  if (
    run.expect(c.name, 'record.self', self !== undefined, `The ${where} has no self link.`, from)
  ) {
    const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(self as string)
    // Relative hrefs, where the definition allows them, name what they resolve to.
    const href = run.promises('absoluteLinks')
      ? (self as string)
      : absoluteUrl(from.url, self as string)
    if (run.promises('absoluteLinks'))
      run.expect(
        c.name,
        'record.self',
        absolute,
        `The ${where}'s self (${href}) is not an absolute URL.`,
        from,
      )
    if (url !== undefined) {
      run.expect(
        c.name,
        'record.self',
        sameUrl(href, absoluteUrl(run.options.url, url)),
        `The ${where} read at ${url} names self ${href}.`,
        from,
      )
    } else {
      run.expect(
        c.name,
        'record.self',
        itemPattern(run, c.itemPath).test(href),
        `The ${where}'s self (${href}) is no URL of a ${c.noun} (${c.itemPath}).`,
        from,
      )
    }
  }
  const shape = await shapeOf(run, c)
  if (shape) {
    for (const member of shape.always) {
      run.expect(c.name, 'record.schema', member in doc, `The ${where} has no "${member}".`, from)
    }
    for (const [member, type] of shape.types) {
      const value = doc[member]
      if (value === undefined || value === null) continue
      run.expect(
        c.name,
        'record.schema',
        jsonType(value) === type,
        `The ${where}'s "${member}" is ${jsonType(value)}, not ${type}.`,
        from,
      )
    }
  }
  if (!c.represented) {
    const fields = Object.fromEntries(
      Object.entries(doc).filter(([key]) => key !== 'id' && !HAL_MEMBERS.has(key)),
    )
    const result = await c.schema['~standard'].validate(fields)
    const issue = result.issues?.[0]
    run.expect(
      c.name,
      'record.schema',
      !issue,
      () =>
        `The ${where} is not valid by its schema: ${issue?.message ?? ''} at /${(issue?.path ?? []).map((k) => String(typeof k === 'object' ? k.key : k)).join('/')}.`,
      from,
    )
  }
  const links = linksOf(doc)
  for (const declared of c.links) {
    let required = declared.always
    if (declared.kind === 'relation' && declared.ids) {
      try {
        const ids = declared.ids(doc)
        required = Array.isArray(ids) ? ids.length > 0 : ids !== undefined && ids !== null
      } catch {
        required = false
      }
    }
    const present = links[declared.rel] !== undefined
    if (required)
      run.expect(
        c.name,
        'record.links',
        present,
        `The ${where} has no "${declared.rel}" link.`,
        from,
      )
    if (present && declared.kind === 'relation' && declared.collection) {
      const target = run.model.collection(declared.collection)
      for (const link of allLinks(links[declared.rel])) {
        const href = hrefOf(link) ?? ''
        run.expect(
          c.name,
          'record.links',
          itemPattern(run, target.itemPath).test(href),
          `The ${where}'s "${declared.rel}" (${href}) is no URL of a ${target.noun}.`,
          from,
        )
      }
    }
  }
  const embeddedDocs = isObject(doc._embedded) ? doc._embedded : {}
  for (const embed of c.embeds) {
    const target = run.model.collection(embed.collection)
    for (const inner of [embeddedDocs[embed.rel]].flat().filter(isObject)) {
      await checkRecord(run, target, inner, from, undefined)
    }
  }
}

/** What the definition's records show, from records generated by its schema and `represent`. */
export function shapeOf(run: VerifyRun, c: CollectionModel): Promise<Shape | undefined> {
  let found = run.shapes.get(c.name)
  if (!found) {
    found = (async () => {
      const stored = async (optional: number) => {
        const value = generateValue(c.jsonSchema.record, seeded(7), { optional })
        const result = await c.schema['~standard'].validate(value)
        if (result.issues) return undefined
        return { id: 1, ...(result.value as Json) }
      }
      try {
        const [minimal, full] = [await stored(0), await stored(1)]
        if (!minimal || !full) return undefined
        const represent = c.definition.represent ?? ((record: Json) => ({ ...record }))
        const always = Object.keys(represent(minimal as never))
        const types = new Map(
          Object.entries(represent(full as never))
            .filter(([, v]) => v !== undefined && v !== null)
            .map(([k, v]) => [k, jsonType(v)]),
        )
        return { always, types }
      } catch {
        return undefined
      }
    })()
    run.shapes.set(c.name, found)
  }
  return found
}

/** The URLs of a path of the API (`/blogs/{blogId}/articles/{articleId}`). */
export function itemPattern(run: VerifyRun, path: string): RegExp {
  const escaped = `${run.base}${path}`
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/?#]+')
  return new RegExp(`^${escaped}$`)
}
