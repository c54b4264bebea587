import type { CollectionModel, JsonSchema } from '../../model/types.js'
import { isObject, type Json, relationMembers } from '../documents.js'
import { generateValue, seeded, wrongTypeOf } from '../generate.js'
import type { VerifyRun } from '../run.js'

/** A valid body from the schema; members a record of the collection holds (ids) kept from one. */
export async function validBody(
  run: VerifyRun,
  c: CollectionModel,
  parentId: unknown,
  salt: number,
): Promise<Json> {
  const random = seeded((run.options.seed ?? 1) * 1000 + salt)
  const generated = generateValue(c.jsonSchema.input, random, { optional: 1 })
  const body: Json = isObject(generated) ? { ...generated } : {}
  const sample = run.items.get(c.name)?.[0]?.doc ?? run.embedded.get(c.name)?.[0]
  const properties = (c.jsonSchema.input.properties as Json | undefined) ?? {}
  // Members that name other records (a customer, products) are taken from a record read: its
  // targets exist. A member is one when the definition's relation reads it.
  if (sample) {
    for (const key of relationMembers(c, sample, Object.keys(properties))) body[key] = sample[key]
  }
  if (c.parent && !c.definition.input && parentId !== undefined) body[c.parent.member] = parentId
  return body
}

/** Bodies the input schema refuses: a member of another type, a required one missing, an unknown one. */
export function invalidBodies(c: CollectionModel, valid: Json): [string, Json][] {
  const schema = c.jsonSchema.input
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {}
  const required = ((schema.required as string[] | undefined) ?? []).filter(
    (k) => k !== c.parent?.member,
  )
  const out: [string, Json][] = []
  const typed = Object.entries(properties).find(
    ([k, p]) => k !== c.parent?.member && p.type !== undefined,
  )
  if (typed)
    out.push([`"${typed[0]}" of another type`, { ...valid, [typed[0]]: wrongTypeOf(typed[1]) }])
  const [first] = required
  if (first !== undefined) {
    const { [first]: _dropped, ...rest } = valid
    out.push([`no "${first}"`, rest])
  }
  if (c.strict) out.push(['an unknown member', { ...valid, '~verify-unknown': 1 }])
  return out
}

/** A string member a merge patch may change. */
export function patchable(
  c: CollectionModel,
  body: Json,
): { name: string; schema: JsonSchema } | undefined {
  const properties = (c.jsonSchema.input.properties as Record<string, JsonSchema> | undefined) ?? {}
  for (const [name, schema] of Object.entries(properties)) {
    if (name in body && schema.type === 'string' && schema.enum === undefined)
      return { name, schema }
  }
  return undefined
}
