import type { HalApiDefinition } from '../definition/api.js'
import { type CollectionDefinition, isRelation } from '../definition/definition.js'
import { jsonSchemaOf } from '../definition/standard-schema.js'
import { acceptedTokens } from '../definition/tokens.js'
import { recordNoun } from '../definition/words.js'
import type { JsonObjectSchema } from '../forms/properties.js'
import { CollectionForms, templatesOf } from '../forms/templates.js'
import { JSON_PATCH_JSON, JSON_TYPE, MERGE_PATCH_JSON } from '../http/media-types.js'
import { operationsOf } from './operations.js'
import { pagingOf } from './paging.js'
import type { ApiModel, CollectionModel, LinkModel, RootLinkModel } from './types.js'

const URLENCODED = 'application/x-www-form-urlencoded'

/** How the default token check reads a token (mirrors the OpenAPI document's default). */
const DEFAULT_SCHEMES = {
  token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
  bearer: { type: 'http', scheme: 'bearer' },
} as const

/**
 * Compiles a definition into its {@link ApiModel}: nothing is served or stored, and no seed is
 * read. The page layout of each paging convention is found by rendering one page of marked
 * values through the convention's `render`.
 *
 * @example
 * import { compileApi } from '@halyard/mock'
 *
 * const model = compileApi(shop.definition)
 * model.collection('orders').itemPath // '/orders/{id}'
 * model.collection('orders').paging.layout.items // '/_embedded/orders'
 * model.operations.find((o) => o.id === 'createOrder')?.status.success // 201
 */
export function compileApi(definition: HalApiDefinition): ApiModel {
  const byName = new Map<string, CollectionModel>()
  const entries = Object.entries(definition.collections)
  const reverse = reverseLinksOf(definition)
  const tokens = definition.authenticate ? undefined : acceptedTokens(definition)
  const writes = tokens === undefined || tokens.length > 0
  // Parents first: a nested collection's paths extend its parent's item path.
  const visit = (name: string): CollectionModel => {
    const known = byName.get(name)
    if (known) return known
    const collection = definition.collections[name] as CollectionDefinition
    const parent = collection.parent && visit(collection.parent.collection)
    const model = collectionModel(definition, name, parent, reverse.get(name) ?? [], writes)
    if (parent) {
      ;(parent.children as string[]).push(name)
      ;(parent.links as LinkModel[]).push({
        rel: model.rel,
        kind: 'nested',
        collection: name,
        templated: model.paging.linkTemplated,
        always: true,
      })
    }
    byName.set(name, model)
    return model
  }
  for (const [name] of entries) visit(name)
  const collections = entries.map(([name]) => byName.get(name) as CollectionModel)
  return {
    title: definition.title ?? 'HAL API',
    basePath: definition.basePath.replace(/\/$/, ''),
    curies: definition.curies ?? [],
    collections,
    root: rootLinksOf(definition, collections),
    operations: operationsOf(definition, collections, reverse),
    auth: {
      protectReads: definition.protectReads === true,
      tokens,
      writes,
      schemes: definition.securitySchemes ?? DEFAULT_SCHEMES,
    },
    collection(name) {
      const found = byName.get(name)
      if (!found) throw new Error(`The API has no collection ${name}.`)
      return found
    },
    definition,
  }
}

/** The back links each collection's records carry, by target collection: every relation with a `reverse` rel. */
function reverseLinksOf(definition: HalApiDefinition): Map<string, LinkModel[]> {
  const reverse = new Map<string, LinkModel[]>()
  for (const [name, collection] of Object.entries(definition.collections)) {
    for (const [rel, link] of Object.entries(collection.links ?? {})) {
      if (!isRelation(link) || !link.reverse) continue
      const list = reverse.get(link.to) ?? []
      list.push({
        rel: link.reverse,
        kind: 'reverse',
        collection: name,
        templated: pagingOf(definition, collection, name).linkTemplated,
        always: true,
        path: link.reversePath ?? link.reverse,
        relation: rel,
      })
      reverse.set(link.to, list)
    }
  }
  return reverse
}

/**
 * One collection compiled: its paths under its parent's, its links (the back links `reverse`
 * gives it too), paging with its layout, schemas, templates and forms. Its nested collections add
 * themselves to `children` and `links` as they are compiled.
 */
function collectionModel(
  definition: HalApiDefinition,
  name: string,
  parent: CollectionModel | undefined,
  reverse: readonly LinkModel[],
  writes: boolean,
): CollectionModel {
  const collection = definition.collections[name] as CollectionDefinition
  const segment = collection.path ?? name
  const param = collection.param ?? 'id'
  const listPath = `${parent ? parent.itemPath : ''}/${segment}`
  const input = collection.input ?? collection.schema
  const inputJson = jsonSchemaOf(input)
  const links: LinkModel[] = []
  for (const [rel, link] of Object.entries(collection.links ?? {})) {
    links.push(
      isRelation(link)
        ? {
            rel,
            kind: 'relation',
            collection: link.to,
            templated: false,
            always: false,
            titled: link.title !== undefined,
            ids: link.id as LinkModel['ids'] & object,
          }
        : {
            rel,
            kind: 'plain',
            templated: link.templated === true,
            always: true,
            titled: link.title !== undefined,
            ...(link.served === false ? { served: false as const } : {}),
          },
    )
  }
  links.push(...reverse)
  const urlencoded = collection.urlencoded !== false
  const noun = recordNoun(name, collection)
  const templates = templatesOf(name, noun, collection, inputJson as JsonObjectSchema)
  return {
    name,
    noun,
    // A nested list's rel is its parent's link to it; `rel` names a root link only.
    rel: collection.parent ? (collection.parent.rel ?? name) : (collection.rel ?? name),
    segment,
    param,
    listPath,
    itemPath: `${listPath}/{${param}}`,
    ...(collection.parent && {
      parent: {
        collection: collection.parent.collection,
        member: collection.parent.member,
        rel: collection.parent.rel ?? name,
      },
    }),
    children: [],
    served: collection.serve !== false,
    listed: collection.list !== false,
    writable: collection.readOnly !== true && collection.serve !== false,
    offersForms:
      collection.readOnly !== true &&
      collection.serve !== false &&
      writes &&
      collection.writers?.length !== 0,
    ...(collection.writers && { writers: collection.writers }),
    paging: pagingOf(definition, collection, name),
    schema: collection.schema,
    input,
    jsonSchema: { record: jsonSchemaOf(collection.schema), input: inputJson },
    represented: collection.represent !== undefined,
    strict: inputJson.additionalProperties === false,
    links,
    embeds: (collection.embed ?? []).flatMap((rel) => {
      const link = collection.links?.[rel]
      return link && isRelation(link) ? [{ rel, collection: link.to }] : []
    }),
    bodyTypes: urlencoded ? [JSON_TYPE, URLENCODED] : [JSON_TYPE],
    patchTypes: urlencoded
      ? [MERGE_PATCH_JSON, JSON_PATCH_JSON, URLENCODED]
      : [MERGE_PATCH_JSON, JSON_PATCH_JSON],
    templates,
    forms: new CollectionForms(inputJson as JsonObjectSchema, templates),
    definition: collection,
  }
}

/** The root's links: each top-level collection's list (or its items by id), the API's own, the OpenAPI document. */
function rootLinksOf(
  definition: HalApiDefinition,
  collections: readonly CollectionModel[],
): RootLinkModel[] {
  const root: RootLinkModel[] = []
  for (const c of collections) {
    if (!c.served || c.parent) continue
    const rel = c.definition.rel ?? c.name
    root.push(
      c.listed
        ? {
            rel,
            kind: 'list',
            collection: c.name,
            href: `${c.listPath}${c.paging.template}`,
            templated: true,
          }
        : { rel, kind: 'item', collection: c.name, href: c.itemPath, templated: true },
    )
  }
  for (const [rel, link] of Object.entries(definition.root?.links ?? {})) {
    root.push({ rel, kind: 'link', href: link.href, templated: link.templated === true })
  }
  if (definition.root?.serviceDesc !== false) {
    root.push({
      rel: 'service-desc',
      kind: 'service-desc',
      href: '/openapi.json',
      templated: false,
    })
  }
  return root
}
