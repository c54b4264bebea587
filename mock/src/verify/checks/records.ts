import type { CollectionModel } from '../../model/types.js'
import type { Exchange } from '../../remote/client.js'
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
import { HAL_MEMBERS, type Shape, type VerifyRun } from '../run.js'

/** A record's members, links and `self`, as embedded or read at `url`; its embedded records too. */
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
  const id = doc.id === undefined ? '' : ` ${String(doc.id)}`
  const record: RecordRead = { c, doc, from, where: `${c.noun}${id}` }
  checkSelf(run, record, url)
  await checkMembers(run, record)
  checkRecordLinks(run, record)
  const embeddedDocs = isObject(doc._embedded) ? doc._embedded : {}
  for (const embed of c.embeds) {
    const target = run.model.collection(embed.collection)
    for (const inner of [embeddedDocs[embed.rel]].flat().filter(isObject)) {
      await checkRecord(run, target, inner, from, undefined)
    }
  }
}

/** A record being checked: its collection, its document, the answer it came in, its name in messages. */
interface RecordRead {
  readonly c: CollectionModel
  readonly doc: Json
  readonly from: Exchange
  /** `article 7`, as the messages name it. */
  readonly where: string
}

/** Its self: there, absolute where promised, the URL it was read at, else a URL of its collection. */
function checkSelf(run: VerifyRun, { c, doc, from, where }: RecordRead, url: string | undefined) {
  const self = hrefOf(firstLink(linksOf(doc).self))
  if (
    !run.expect(c.name, 'record.self', self !== undefined, `The ${where} has no self link.`, from)
  )
    return
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

/** Its members: those the definition's records always show, of their types, valid by the schema. */
async function checkMembers(run: VerifyRun, { c, doc, from, where }: RecordRead): Promise<void> {
  const shape = await shapeOf(run, c)
  if (shape) {
    for (const member of shape.always) {
      // Own members only: `in` finds `__proto__` (and `constructor`) on every object.
      const has = Object.hasOwn(doc, member)
      run.expect(c.name, 'record.schema', has, `The ${where} has no "${member}".`, from)
    }
    for (const [member, type] of shape.types) {
      const value = Object.hasOwn(doc, member) ? doc[member] : undefined
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
}

/** Its declared links: there when required, titled where promised, a relation naming its target's URLs. */
function checkRecordLinks(run: VerifyRun, { c, doc, from, where }: RecordRead): void {
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
    if (present && declared.titled)
      run.expect(
        c.name,
        'record.links.title',
        allLinks(links[declared.rel]).every((l) => typeof l.title === 'string' && l.title !== ''),
        `The ${where}'s "${declared.rel}" link has no title.`,
        from,
      )
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
        const raw = hrefOf(link) ?? ''
        // A relative href, where the definition allows one, names what it resolves to.
        const href = run.promises('absoluteLinks') ? raw : absoluteUrl(from.url, raw)
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

/**
 * A nested record is found under its own parent only (docs/api.md, Errors: "an article under
 * another blog" is a 404): its URL with another parent's id read by the crawl answers 404.
 */
export async function checkParents(run: VerifyRun): Promise<void> {
  for (const c of run.model.collections) {
    if (!c.parent || !run.active('record.parent')) continue
    const record = run.items.get(c.name)?.[0]
    if (!record) continue
    const names = [...c.itemPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string)
    const pattern = new RegExp(
      `^${`${run.base}${c.itemPath}`
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('([^/?#]+)')}$`,
    )
    const values = pattern.exec(absoluteUrl(run.options.url, record.url))?.slice(1)
    const at = names.length - 2
    const own = values?.[at]
    if (!values || own === undefined) continue
    // Another parent the crawl read, else the next id: a server that ignores the parent's id
    // answers under either.
    const other =
      (run.items.get(c.parent.collection) ?? [])
        .map((p) => p.doc.id)
        .find((id) => id !== undefined && String(id) !== own) ??
      (/^\d+$/.test(own) ? Number(own) + 1 : `${own}-other`)
    let i = 0
    const elsewhere = `${run.base}${c.itemPath}`.replace(/\{[^}]+\}/g, () => {
      const value = i === at ? encodeURIComponent(String(other)) : (values[i] ?? '')
      i++
      return value
    })
    const answer = await run.get(elsewhere)
    run.expect(
      c.name,
      'record.parent',
      answer.status === 404 || answer.status === 410,
      `The ${c.noun} at ${record.url} is found under another ${run.model.collection(c.parent.collection).noun} too: ${elsewhere} answers ${answer.status}, not 404.`,
      answer,
    )
  }
}
