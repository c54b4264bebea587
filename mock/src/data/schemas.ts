import { z } from 'zod'

/**
 * The editable fields of an article, shared by the stored record and the request body so that one
 * definition decides both what is stored and which JSON Pointer a 422 names.
 */
export const articleFields = {
  // Stored trimmed (CONTRACT §2 counts the limit after trimming), so padding is never kept.
  title: z
    .string({ error: 'title must be a string' })
    .trim()
    .refine((title) => title.length >= 1, 'title must not be empty')
    .refine((title) => characters(title) <= 200, 'title must be at most 200 characters'),
  content: z
    .string({ error: 'content must be a string' })
    .refine(
      (content) => characters(content) <= 100_000,
      'content must be at most 100000 characters',
    )
    .optional(),
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
export type BlogRecord = z.output<typeof blogRecord>

/** An article as stored: the editable fields plus identity, owner and change time. */
export const articleRecord = z.object({ id, blogId: id, ...articleFields, updatedAt: timestamp })
export type ArticleRecord = z.output<typeof articleRecord>

/** A comment as stored (comments are read-only seed data). */
export const commentRecord = z.object({
  id,
  articleId: id,
  author: z.string(),
  content: z.string(),
  updatedAt: timestamp,
})
export type CommentRecord = z.output<typeof commentRecord>

/** A person of the query-language endpoint; `friendIds` name other persons. */
export const personRecord = z.object({
  id: z.string().min(1),
  name: z.string(),
  friendIds: z.array(z.string()),
})
export type PersonRecord = z.output<typeof personRecord>

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
