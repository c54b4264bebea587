import { z } from 'zod'

/**
 * A string field limited in characters (Unicode code points, see {@link characters}), whose limits
 * are also recorded as JSON Schema metadata (`minLength`, `maxLength`, and `title` as its prompt),
 * so that the HAL-FORMS templates read the very limits the validation applies.
 *
 * @example
 * text('title', 'Title', { min: 1, max: 200, trim: true })
 */
function text(
  name: string,
  prompt: string,
  { min, max, trim = false }: { min?: number; max: number; trim?: boolean },
) {
  const string = z.string({ error: `${name} must be a string` })
  let field = trim ? string.trim() : string
  if (min !== undefined) {
    field = field.refine(
      (value) => characters(value) >= min,
      min === 1 ? `${name} must not be empty` : `${name} must be at least ${min} characters`,
    )
  }
  field = field.refine(
    (value) => characters(value) <= max,
    `${name} must be at most ${max} characters`,
  )
  return field.meta({
    title: prompt,
    ...(min === undefined ? {} : { minLength: min }),
    maxLength: max,
  })
}

/**
 * The editable fields of an article, shared by the stored record and the request body so that one
 * definition decides both what is stored and which JSON Pointer a 422 names, and the HAL-FORMS
 * templates derive their properties from it too.
 */
export const articleFields = {
  // Stored trimmed (docs/api.md, Writes counts the limit after trimming), so padding is never kept.
  title: text('title', 'Title', { min: 1, max: 200, trim: true }),
  content: text('content', 'Content', { max: 100_000 }).optional(),
}

/**
 * Characters as Unicode code points, as JSON Schema's `maxLength` counts them: `String.length`
 * counts UTF-16 code units, so an emoji would count twice.
 */
function characters(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

const id = z.number().int().positive()
const timestamp = z.number().int().nonnegative()

/** A blog as stored. `updatedAt` is epoch milliseconds. */
export const blogRecord = z.object({
  id,
  title: z.string(),
  description: z.string(),
  updatedAt: timestamp,
})
/** A blog as stored. */
export type BlogRecord = z.output<typeof blogRecord>

/** An article as stored: the editable fields plus identity, owner and change time. */
export const articleRecord = z.object({ id, blogId: id, ...articleFields, updatedAt: timestamp })
/** An article as stored. */
export type ArticleRecord = z.output<typeof articleRecord>

/** A comment as stored (comments are read-only seed data). */
export const commentRecord = z.object({
  id,
  articleId: id,
  author: z.string(),
  content: z.string(),
  updatedAt: timestamp,
})
/** A comment as stored. */
export type CommentRecord = z.output<typeof commentRecord>

/** A person of the query-language endpoint; `friendIds` name other persons. */
export const personRecord = z.object({
  id: z.string().min(1),
  name: z.string(),
  friendIds: z.array(z.string()),
})
/** A person of the GraphQL endpoint, as stored. */
export type PersonRecord = z.output<typeof personRecord>

/**
 * What a client writes to an article (POST, PUT, and a patched article): its editable fields and
 * no other member, as an unknown one is usually a typo (`id`, `_links` and `_embedded`, which
 * clients round-trip from representations, are dropped before by the core).
 */
export const articleInput = z.strictObject(articleFields)

/**
 * The body of POST and PUT. `id`, `_links` and `_embedded` are accepted and ignored because clients
 * round-trip representations; any other unknown member is rejected, as it is usually a typo.
 */
export const articleBody = z.strictObject({
  ...articleFields,
  id: z.unknown().optional(),
  _links: z.unknown().optional(),
  _embedded: z.unknown().optional(),
})

/** What a client may write: the article fields without the ignored members. */
export type ArticleInput = { title: string; content?: string }
