import { z } from 'zod'
import type { GeneratedSeed } from '../index.js'
import { SEED_TIME } from '../kit.js'
import {
  type ArticleRecord,
  articleRecord,
  type BlogRecord,
  blogRecord,
  type CommentRecord,
  commentRecord,
  type PersonRecord,
  personRecord,
} from './schemas.js'

/** The seed a store starts from: plain records, as in a `--data` file. */
export interface SeedData {
  blogs: readonly BlogRecord[]
  articles: readonly ArticleRecord[]
  comments: readonly CommentRecord[]
  persons: readonly PersonRecord[]
}

const PERSON_NAMES = ['Ada', 'Grace', 'Alan', 'Barbara', 'Edsger', 'Margaret', 'Donald', 'Frances']

/**
 * The built-in seed of docs/api.md, Mock controls: blog 1 ("Engineering blog") with `articles` articles, blog 2
 * with none, comments on the first articles, and 8 persons ("1" to "8") who each have friends.
 *
 * @example
 * defaultSeed({ articles: 3 }).articles.map((a) => a.id) // [1, 2, 3]
 */
export function defaultSeed({ articles = 42 }: { articles?: number } = {}): SeedData {
  const at = SEED_TIME
  return trust({
    blogs: [
      {
        id: 1,
        title: 'Engineering blog',
        description: 'How we build Halyard',
        updatedAt: at,
      },
      { id: 2, title: 'Product notes', description: 'Nothing here yet', updatedAt: at },
    ],
    articles: Array.from({ length: articles }, (_, i) => seedArticle(i + 1)),
    comments: Array.from({ length: Math.min(articles, 3) * 2 }, (_, i) => ({
      id: i + 1,
      articleId: Math.floor(i / 2) + 1,
      author: PERSON_NAMES[i % PERSON_NAMES.length] ?? 'Anonymous',
      content: `Comment ${i + 1}`,
      updatedAt: at,
    })),
    persons: PERSON_NAMES.map((name, i) => ({
      id: String(i + 1),
      name,
      // A ring plus a chord: everyone has two friends and the graph is cyclic.
      friendIds: [String(((i + 1) % 8) + 1), String(((i + 3) % 8) + 1)],
    })),
  })
}

/** Article `id` of the built-in seed, in blog 1. */
const seedArticle = (id: number): ArticleRecord => ({
  id,
  blogId: 1,
  title: `Article ${id}`,
  content: `The body of article ${id}.`,
  updatedAt: SEED_TIME,
})

/** Seeds known to be valid: made by {@link defaultSeed} or checked by {@link parseSeed}. */
const trustedSeeds = new WeakSet<SeedData>()

function trust(seed: SeedData): SeedData {
  trustedSeeds.add(seed)
  return seed
}

/** Built-in seeds, by their number of articles. */
const builtInSeeds = new WeakMap<SeedData, number>()

/**
 * The built-in seed, {@link defaultSeed}'s records: its articles are made one by one as the store
 * reads them (see {@link generatedArticles}), its `articles` array only if read.
 *
 * @example
 * generatedArticles(builtInSeed(1000))?.count // 1000
 */
export function builtInSeed(articles: number): SeedData {
  // The comments are on the first three articles, however many there are.
  const { blogs, comments, persons } = defaultSeed({ articles: Math.min(articles, 3) })
  let made: readonly ArticleRecord[] | undefined
  const seed: SeedData = {
    blogs,
    get articles() {
      made ??= defaultSeed({ articles }).articles
      return made
    },
    comments,
    persons,
  }
  builtInSeeds.set(seed, articles)
  return trust(seed)
}

/**
 * A built-in seed's articles as the store makes them, one by one (a million kept from the start
 * cost seconds of garbage collection); `undefined` for any other seed.
 *
 * @example
 * generatedArticles(builtInSeed(3))?.record(2).title // 'Article 2'
 */
export function generatedArticles(seed: SeedData): GeneratedSeed | undefined {
  const count = builtInSeeds.get(seed)
  return count === undefined ? undefined : { count, record: seedArticle }
}

/**
 * Whether `seed` was made by {@link defaultSeed} or checked by {@link parseSeed}, so its records
 * need no schema check on load (their arrays are read-only: a seed is not edited after the fact).
 */
export const isTrustedSeed = (seed: SeedData): boolean => trustedSeeds.has(seed)

// A seed file may leave out change times: they default to the seed instant.
const updatedAt = { updatedAt: z.number().int().nonnegative().default(SEED_TIME) }

const seedFile = z.strictObject({
  blogs: z.array(blogRecord.extend(updatedAt).strict()),
  articles: z.array(articleRecord.extend(updatedAt).strict()).default([]),
  comments: z.array(commentRecord.extend(updatedAt).strict()).default([]),
  persons: z.array(personRecord.strict()).default([]),
})

/** A seed file that does not describe a consistent data set; the message names the bad record. */
export class SeedError extends Error {
  override readonly name = 'SeedError'
}

/**
 * Validates seed data read from a file (`--data`): each record against its schema, ids unique,
 * and every reference (article → blog, comment → article, friend → person) resolvable.
 *
 * @example
 * parseSeed(JSON.parse(await readFile('seed.json', 'utf8')))
 * @throws {SeedError} naming the first bad record, e.g. `articles[3].title: title must not be empty`.
 */
export function parseSeed(input: unknown): SeedData {
  const parsed = seedFile.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.reduce<string>(
      (at, key) =>
        typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${String(key)}` : String(key),
      '',
    )
    throw new SeedError(`${where || 'seed'}: ${issue?.message ?? 'invalid'}`)
  }
  const seed = parsed.data
  unique('blogs', seed.blogs)
  unique('articles', seed.articles)
  unique('comments', seed.comments)
  unique('persons', seed.persons)
  const blogs = new Set(seed.blogs.map((blog) => blog.id))
  const articles = new Set(seed.articles.map((article) => article.id))
  const persons = new Set(seed.persons.map((person) => person.id))
  seed.articles.forEach((article, i) => {
    if (!blogs.has(article.blogId))
      throw new SeedError(`articles[${i}].blogId: no blog with id ${article.blogId}`)
  })
  seed.comments.forEach((comment, i) => {
    if (!articles.has(comment.articleId))
      throw new SeedError(`comments[${i}].articleId: no article with id ${comment.articleId}`)
  })
  seed.persons.forEach((person, i) => {
    const missing = person.friendIds.find((friend) => !persons.has(friend))
    if (missing !== undefined)
      throw new SeedError(`persons[${i}].friendIds: no person with id "${missing}"`)
  })
  return trust(seed)
}

function unique(kind: string, records: readonly { id: number | string }[]): void {
  const seen = new Set<number | string>()
  records.forEach((record, i) => {
    if (seen.has(record.id)) throw new SeedError(`${kind}[${i}].id: duplicate id ${record.id}`)
    seen.add(record.id)
  })
}
