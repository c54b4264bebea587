import { Collection } from '@msw/data'
import type { Extension } from '@msw/data/extensions'
import { CollectionRecords, type OwnListeners, type RecordCollection } from '../core/msw-data.js'
import { serial } from '../core/serial.js'
import { indexed, RecordIndex } from './indexed.js'
import {
  type ArticleInput,
  type ArticleRecord,
  articleRecord,
  type BlogRecord,
  blogRecord,
  type CommentRecord,
  commentRecord,
  type PersonRecord,
  personRecord,
} from './schemas.js'
import { adoptSeed, isTrustedSeed } from './seed.js'

/** The seed a store starts from: plain records, as in a `--data` file. */
export interface SeedData {
  blogs: readonly BlogRecord[]
  articles: readonly ArticleRecord[]
  comments: readonly CommentRecord[]
  persons: readonly PersonRecord[]
}

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

/** A record as a collection stores it (with `@msw/data`'s internal keys). */
type Stored<C extends { create: (...args: never[]) => Promise<unknown> }> = Awaited<
  ReturnType<C['create']>
>
type StoredArticle = Stored<BlogDb['articles']>

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

/** The store's own listeners on each collection: the index's (or persons' map's) create and delete. */
const STORE_LISTENERS: OwnListeners = { create: 1, update: 0, delete: 1 }

/**
 * The data of one mock instance and the operations the routes need: reads in O(1) or O(page size),
 * writes in O(log n) (a delete also shifts the array behind the record, a memory move).
 * Writes are serialized by {@link BlogStore.write} so preconditions and id assignment are atomic.
 */
export class BlogStore {
  readonly #db: BlogDb
  /** Fast paths into each collection, for loading the seed and for the store's own writes. */
  readonly #records: {
    readonly blogs: CollectionRecords<BlogRecord>
    readonly articles: CollectionRecords<ArticleRecord>
    readonly comments: CollectionRecords<CommentRecord>
    readonly persons: CollectionRecords<PersonRecord>
  }
  /** Whether the seed's records get `@msw/data`'s marks only when `db` is first read. */
  readonly #lazyMarks: boolean
  readonly #blogs = new RecordIndex<BlogRecord>(() => undefined)
  readonly #articles = new RecordIndex<ArticleRecord>((article) => article.blogId)
  readonly #comments = new RecordIndex<CommentRecord>((comment) => comment.articleId)
  readonly #persons = new Map<string, PersonRecord>()
  readonly #nextId = { article: 1 }
  /** Runs a write after every earlier one has finished. */
  readonly write = serial()
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
    const persons = this.#persons
    const more = () => extensions?.extensions() ?? []
    const db: BlogDb = {
      blogs: new Collection({ schema: blogRecord, extensions: [indexed(this.#blogs), ...more()] }),
      articles: new Collection({
        schema: articleRecord,
        extensions: [indexed(this.#articles, (article) => article.updatedAt), ...more()],
      }),
      comments: new Collection({
        schema: commentRecord,
        extensions: [indexed(this.#comments, (comment) => comment.updatedAt), ...more()],
      }),
      persons: new Collection({ schema: personRecord, extensions: more() }),
    }
    this.#db = db
    const records = <T extends object>(collection: RecordCollection<T>) =>
      new CollectionRecords(collection, STORE_LISTENERS)
    this.#records = {
      blogs: records<BlogRecord>(db.blogs),
      articles: records<ArticleRecord>(db.articles),
      comments: records<CommentRecord>(db.comments),
      persons: records<PersonRecord>(db.persons),
    }
    // Extensions (persistence) read the collections' records by themselves: mark them at once.
    this.#lazyMarks = extensions === undefined
    db.persons.hooks.on('create', (event) => {
      persons.set(event.data.record.id, event.data.record)
    })
    db.persons.hooks.on('delete', (event) => {
      persons.delete(event.data.deletedRecord.id)
    })
    this.#ready = extensions
      ? extensions.restored(this.db).then((restored) => (restored ? undefined : this.#load(seed)))
      : this.#load(seed)
  }

  /**
   * The store's `@msw/data` collections. The first read gives the records loaded in bulk the marks
   * `create()` gives (see {@link CollectionRecords.markAll}): about a second for 1 000 000 articles,
   * once, and nothing for a server that never reads them.
   */
  get db(): BlogDb {
    for (const records of Object.values(this.#records)) records.markAll()
    return this.#db
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
    this.#ready = this.write(async () => {
      const { blogs, articles, comments, persons } = this.db
      for (const collection of [blogs, articles, comments, persons]) collection.clear()
      await this.#load(seed)
    })
    return this.#ready
  }

  /**
   * Loads a seed in bulk (see {@link CollectionRecords.load}), each record validated by its schema
   * as `create()` would, unless the seed was made valid by `defaultSeed` or `parseSeed`: checking
   * 1 000 000 built-in articles again would cost seconds of start-up. A built-in seed made for this
   * load is kept as it is; any other is copied, so that a reset finds it unchanged.
   */
  async #load(seed: SeedData): Promise<void> {
    const records = this.#records
    const lazy = this.#lazyMarks
    const adopt = adoptSeed(seed)
    const trusted = adopt || isTrustedSeed(seed)
    const prepare =
      <T extends object>(schema: { parse: (value: unknown) => T }) =>
      (value: T): T =>
        adopt ? value : trusted ? { ...value } : schema.parse(value)
    const persons = this.#persons
    await Promise.all([
      records.blogs.load(seed.blogs, {
        lazy,
        prepare: prepare(blogRecord),
        added: (blog) => this.#blogs.put(blog, blog.updatedAt),
      }),
      records.articles.load(seed.articles, {
        lazy,
        prepare: prepare(articleRecord),
        added: (article) => this.#articles.put(article, article.updatedAt),
      }),
      records.comments.load(seed.comments, {
        lazy,
        prepare: prepare(commentRecord),
        added: (comment) => this.#comments.put(comment, comment.updatedAt),
      }),
      records.persons.load(seed.persons, {
        lazy,
        // Parsed even when trusted: a shallow copy would share `friendIds` with the seed.
        prepare: (person) => (adopt ? person : personRecord.parse(person)),
        added: (person) => persons.set(person.id, person),
      }),
    ])
  }

  blog(id: number): BlogRecord | undefined {
    return this.#blogs.get(id)
  }

  /** The article with this id, if it belongs to that blog. */
  article(blogId: number, id: number): ArticleRecord | undefined {
    const article = this.#articles.get(id)
    return article?.blogId === blogId ? article : undefined
  }

  articles(blogId: number, offset: number, limit: number): Slice<ArticleRecord> {
    return {
      items: this.#articles.slice(blogId, offset, limit),
      total: this.#articles.countOf(blogId),
    }
  }

  /** The comment with this id, if it belongs to that article. */
  comment(articleId: number, id: number): CommentRecord | undefined {
    const comment = this.#comments.get(id)
    return comment?.articleId === articleId ? comment : undefined
  }

  comments(articleId: number, offset: number, limit: number): Slice<CommentRecord> {
    return {
      items: this.#comments.slice(articleId, offset, limit),
      total: this.#comments.countOf(articleId),
    }
  }

  person(id: string): PersonRecord | undefined {
    return this.#persons.get(id)
  }

  /**
   * The versions an article's representation reads (the memos' key): the article's, and its
   * blog's (its `doc:blog` link carries the blog's title).
   */
  articleStamp(article: ArticleRecord): number[] {
    return [this.#articles.versionOf(article.id), this.#blogs.versionOf(article.blogId)]
  }

  /** The versions a page of a blog's articles reads: the blog's, and its articles'. */
  articlesStamp(blog: BlogRecord): number[] {
    return [this.#blogs.versionOf(blog.id), this.#articles.parentVersion(blog.id)]
  }

  /** The versions a page of an article's comments reads: the article's (its time), its comments'. */
  commentsStamp(article: ArticleRecord): number[] {
    return [this.#articles.versionOf(article.id), this.#comments.parentVersion(article.id)]
  }

  /** Epoch ms of the latest change of a blog or of any of its articles. */
  blogChangedAt(blog: BlogRecord): number {
    return Math.max(blog.updatedAt, this.#articles.changedAt(blog.id))
  }

  /** Epoch ms of the latest change among an article's comments (the article's own time if none). */
  commentsChangedAt(article: ArticleRecord): number {
    return Math.max(article.updatedAt, this.#comments.changedAt(article.id))
  }

  /** Creates an article with a new id. Call inside {@link BlogStore.write}. */
  async createArticle(blogId: number, input: ArticleInput): Promise<ArticleRecord> {
    // Records created straight through `db.articles` are indexed too: never hand out their ids.
    const id = Math.max(this.#nextId.article, this.#articles.maxId + 1)
    this.#nextId.article = id + 1
    const values = { ...articleValues(input), id, blogId, updatedAt: Date.now() }
    return this.#db.articles.create(values)
  }

  /**
   * Replaces an article's fields; a field absent from `input` is removed. In O(log n): the new
   * record takes the old one's place in the collection and in the index in one synchronous step,
   * so a read running meanwhile finds the article, before or after.
   */
  async replaceArticle(article: ArticleRecord, input: ArticleInput): Promise<ArticleRecord> {
    // The index holds the very objects the collection stores, internal keys included.
    const stored = this.#articles.get(article.id) as StoredArticle | undefined
    if (!stored) throw new Error(`article ${article.id} vanished during a write`)
    const values = { id: stored.id, blogId: stored.blogId, ...articleValues(input) }
    const next = articleRecord.parse({ ...values, updatedAt: Date.now() }) as StoredArticle
    if (this.#records.articles.replace(stored, next)) {
      this.#articles.put(next, next.updatedAt)
      return next
    }
    // Someone listens to the collection's updates: go through `update()`, which tells them.
    const updated = await this.db.articles.update(stored, {
      data(draft) {
        draft.title = input.title
        if (input.content === undefined) delete draft.content
        else draft.content = input.content
        draft.updatedAt = Date.now()
      },
    })
    return updated ?? stored
  }

  /** Deletes an article: a binary search and one array splice, not `delete()`'s scans. */
  deleteArticle(article: ArticleRecord): void {
    const stored = this.#articles.get(article.id) as StoredArticle | undefined
    if (!stored) return
    if (this.#records.articles.remove(stored)) this.#articles.remove(stored, Date.now())
    else this.db.articles.delete(stored)
  }
}

function articleValues(input: ArticleInput): ArticleInput {
  return input.content === undefined
    ? { title: input.title }
    : { title: input.title, content: input.content }
}
