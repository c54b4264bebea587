import type { Collection } from '@msw/data'
import type { Extension } from '@msw/data/extensions'
import type { HalRecord } from '../core/definition.js'
import { CollectionRecords, observedCollection, type RecordCollection } from '../core/msw-data.js'
import { type CollectionStore, HalStore } from '../core/store.js'
import { blogCollections } from './collections.js'
import {
  type ArticleInput,
  type ArticleRecord,
  articleRecord,
  type BlogRecord,
  type blogRecord,
  type CommentRecord,
  type commentRecord,
  type PersonRecord,
  personRecord,
} from './schemas.js'
import { adoptSeed, isTrustedSeed, type SeedData } from './seed.js'

export type { SeedData }

/**
 * The mock's data: one `@msw/data` collection per resource, each with an index so that reading a
 * record or a page never scans the collection.
 */
export interface BlogDb {
  readonly blogs: Collection<typeof blogRecord>
  readonly articles: Collection<typeof articleRecord>
  readonly comments: Collection<typeof commentRecord>
  readonly persons: Collection<typeof personRecord>
}

/** More behaviour for a store's collections, such as persistence in the browser (`persistence.ts`). */
export interface StoreExtensions {
  /** `@msw/data` extensions for every collection, after the store's own index. */
  readonly extensions: () => Extension[]
  /** Settles once the extensions are done with the new collections: true if they restored data. */
  readonly restored: (db: BlogDb) => Promise<boolean>
}

/** One page of a parent's children, with the totals the page representation needs. */
export interface Slice<T> {
  readonly items: readonly T[]
  readonly total: number
}

/**
 * The data of one mock instance and the operations the routes need. Blogs, articles and comments
 * are the core's collections (a {@link HalStore} of the Blog's definition, `collections.ts`): its
 * index reads a record or a page in O(1) or O(page size) and writes in O(log n), and its version
 * stamps key the memos. Persons, with their string ids, are a collection of their own for the
 * query-language endpoint. Writes are serialized by {@link BlogStore.write} so preconditions and
 * id assignment are atomic.
 */
export class BlogStore {
  readonly #hal: HalStore
  readonly #blogs: CollectionStore
  readonly #articles: CollectionStore
  readonly #comments: CollectionStore
  readonly #persons: Collection<typeof personRecord>
  readonly #personRecords: CollectionRecords<PersonRecord>
  readonly #personsById = new Map<string, PersonRecord>()
  /** Whether the seed's persons get `@msw/data`'s marks only when `db` is first read. */
  readonly #lazyMarks: boolean
  /** The seed the collections load (again, on {@link BlogStore.reload}). */
  #seed: SeedData
  /** Whether the store may keep the seed's records as they are (a built-in seed, once). */
  #adopt: boolean
  #ready: Promise<void>

  /**
   * Creates a store and starts loading `seed` into it (`@msw/data` creates are async), unless
   * `extensions` restore saved data instead.
   *
   * @example
   * const store = new BlogStore(defaultSeed({ articles: 42 }))
   * await store.ready
   * store.article(1, 1)?.title // 'Article 1'
   */
  constructor(seed: SeedData, extensions?: StoreExtensions) {
    this.#seed = seed
    this.#adopt = adoptSeed(seed)
    const more = () => extensions?.extensions() ?? []
    // Persons load beside the collections, once the store has decided to load the seed.
    let loadPersons: () => Promise<void> = async () => undefined
    this.#hal = new HalStore(
      { collections: blogCollections(() => this.#seed) },
      {
        extensions: more,
        // Restored data, if an extension (persistence) brought any, else the seed; checked on
        // the next microtask, once the persons' collection exists too.
        start: (load) =>
          Promise.resolve()
            .then(() => (extensions ? extensions.restored(this.db) : false))
            .then((restored) => (restored ? undefined : Promise.all([load(), loadPersons()])))
            .then(() => undefined),
        // A built-in seed's records are kept as they are; a checked one's are copied.
        prepareSeed: (_, value) => {
          if (this.#adopt) return value as HalRecord
          return isTrustedSeed(this.#seed) ? ({ ...(value as object) } as HalRecord) : undefined
        },
      },
    )
    this.#blogs = this.#hal.get('blogs')
    this.#articles = this.#hal.get('articles')
    this.#comments = this.#hal.get('comments')
    const persons = this.#personsById
    // Observed as the core observes its collections: every write through `db` reaches the map.
    this.#persons = observedCollection<PersonRecord>(
      personRecord,
      {
        put: (person) => persons.set(person.id, person),
        removed: (person) => persons.delete(person.id),
        cleared: () => persons.clear(),
      },
      more(),
    ) as unknown as Collection<typeof personRecord>
    const records = this.#persons as unknown as RecordCollection<PersonRecord>
    this.#personRecords = new CollectionRecords(records, { create: 1, update: 0, delete: 1 })
    this.#lazyMarks = extensions === undefined
    loadPersons = () => this.#loadPersons()
    this.#ready = this.#hal.ready
  }

  /** The core's store of the blogs, articles and comments. */
  get hal(): HalStore {
    return this.#hal
  }

  /** Runs a write after every earlier one has finished. */
  get write(): HalStore['write'] {
    return this.#hal.write
  }

  /**
   * The store's `@msw/data` collections. The first read gives the records loaded in bulk the marks
   * `create()` gives: about a second for 1 000 000 articles, once, and nothing for a server that
   * never reads them.
   */
  get db(): BlogDb {
    this.#personRecords.markAll()
    return {
      blogs: this.#blogs.collection,
      articles: this.#articles.collection,
      comments: this.#comments.collection,
      persons: this.#persons,
    } as unknown as BlogDb
  }

  /** Settles once the data is loaded; the routes await it before their first read. */
  get ready(): Promise<void> {
    return this.#ready
  }

  /**
   * Empties the collections and loads `seed` into them again. The collections stay, and with them
   * what their extensions hold (persisted data is saved under each collection's identity).
   */
  reload(seed: SeedData): Promise<void> {
    this.#seed = seed
    this.#adopt = adoptSeed(seed)
    this.#ready = this.#hal.reload().then(() =>
      this.write(async () => {
        this.#persons.clear()
        await this.#loadPersons()
      }),
    )
    return this.#ready
  }

  /** Loads the seed's persons in bulk, parsed even when trusted: a copy would share `friendIds`. */
  #loadPersons(): Promise<void> {
    return this.#personRecords.load(this.#seed.persons, {
      lazy: this.#lazyMarks,
      prepare: (person) => (this.#adopt ? person : personRecord.parse(person)),
      added: (person) => this.#personsById.set(person.id, person),
    })
  }

  blog(id: number): BlogRecord | undefined {
    return this.#blogs.get(id) as BlogRecord | undefined
  }

  /** The article with this id, if it belongs to that blog. */
  article(blogId: number, id: number): ArticleRecord | undefined {
    const article = this.#articles.get(id) as ArticleRecord | undefined
    return article?.blogId === blogId ? article : undefined
  }

  articles(blogId: number, offset: number, limit: number): Slice<ArticleRecord> {
    const referrers = this.#articles.referrers(BLOG, blogId)
    return { items: referrers.slice(offset, limit) as ArticleRecord[], total: referrers.count }
  }

  /** The comment with this id, if it belongs to that article. */
  comment(articleId: number, id: number): CommentRecord | undefined {
    const comment = this.#comments.get(id) as CommentRecord | undefined
    return comment?.articleId === articleId ? comment : undefined
  }

  comments(articleId: number, offset: number, limit: number): Slice<CommentRecord> {
    const referrers = this.#comments.referrers(ARTICLE, articleId)
    return { items: referrers.slice(offset, limit) as CommentRecord[], total: referrers.count }
  }

  person(id: string): PersonRecord | undefined {
    return this.#personsById.get(id)
  }

  /**
   * The versions an article's representation reads (the memos' key): the article's, and its
   * blog's (its `doc:blog` link carries the blog's title).
   */
  articleStamp(article: ArticleRecord): number[] {
    const blog = this.#blogs.changeOf(article.blogId)
    return [this.#articles.changeOf(article.id).version, blog.version]
  }

  /** The versions a page of a blog's articles reads: the blog's, and its articles'. */
  articlesStamp(blog: BlogRecord): number[] {
    const articles = this.#articles.referrersChange(BLOG, blog.id)
    return [this.#blogs.changeOf(blog.id).version, articles.version]
  }

  /** The versions a page of an article's comments reads: the article's (its time), its comments'. */
  commentsStamp(article: ArticleRecord): number[] {
    const comments = this.#comments.referrersChange(ARTICLE, article.id)
    return [this.#articles.changeOf(article.id).version, comments.version]
  }

  /** Epoch ms of the latest change of a blog or of any of its articles. */
  blogChangedAt(blog: BlogRecord): number {
    return Math.max(blog.updatedAt, this.#articles.lastReferrerChange(BLOG, blog.id)?.at ?? 0)
  }

  /** Epoch ms of the latest change among an article's comments (the article's own time if none). */
  commentsChangedAt(article: ArticleRecord): number {
    const comments = this.#comments.lastReferrerChange(ARTICLE, article.id)
    return Math.max(article.updatedAt, comments?.at ?? 0)
  }

  /** Creates an article with a new id, never one used before. Call inside {@link BlogStore.write}. */
  async createArticle(blogId: number, input: ArticleInput): Promise<ArticleRecord> {
    const id = this.#articles.nextId()
    const values = { ...articleValues(input), id, blogId, updatedAt: Date.now() }
    return (await this.#articles.create(values)) as ArticleRecord
  }

  /**
   * Replaces an article's fields; a field absent from `input` is removed. In O(log n): the new
   * record takes the old one's place in the collection and in the index in one synchronous step,
   * so a read running meanwhile finds the article, before or after.
   */
  async replaceArticle(article: ArticleRecord, input: ArticleInput): Promise<ArticleRecord> {
    const values = { id: article.id, blogId: article.blogId, ...articleValues(input) }
    // Parsed as stored (a title trimmed) whoever calls: padding must never reach the store.
    const fields = articleRecord.parse({ ...values, updatedAt: Date.now() })
    return (await this.#articles.replace(article, fields)) as ArticleRecord
  }

  /** Deletes an article: a binary search and one array splice, not `delete()`'s scans. */
  deleteArticle(article: ArticleRecord): void {
    this.#articles.remove(article)
  }
}

/** The rels by which an article names its blog and a comment its article (`collections.ts`). */
const BLOG = 'doc:blog'
const ARTICLE = 'doc:article'

function articleValues(input: ArticleInput): ArticleInput {
  return input.content === undefined
    ? { title: input.title }
    : { title: input.title, content: input.content }
}
