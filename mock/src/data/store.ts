import { Collection } from '@msw/data'
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
import { serial } from './serial.js'

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

/** One page of a parent's children, with the totals the page representation needs. */
export interface Slice<T> {
  readonly items: readonly T[]
  readonly total: number
}

/**
 * The data of one mock instance and the operations the routes need, each O(1) or O(page size).
 * Writes are serialized by {@link BlogStore.write} so preconditions and id assignment are atomic.
 */
export class BlogStore {
  readonly db: BlogDb
  readonly #blogs = new RecordIndex<BlogRecord>(() => undefined)
  readonly #articles = new RecordIndex<ArticleRecord>((article) => article.blogId)
  readonly #comments = new RecordIndex<CommentRecord>((comment) => comment.articleId)
  readonly #persons = new Map<string, PersonRecord>()
  readonly #nextId = { article: 1 }
  /** Runs a write after every earlier one has finished. */
  readonly write = serial()
  /** Settles once the seed is loaded; the routes await it before their first read. */
  readonly ready: Promise<void>

  /**
   * Creates a store and starts loading `seed` into it (`@msw/data` creates are async).
   *
   * @example
   * const store = new BlogStore(defaultSeed({ articles: 42 }))
   * await store.ready
   * store.article(1, 1)?.title // 'Article 1'
   */
  constructor(seed: SeedData) {
    const persons = this.#persons
    this.db = {
      blogs: new Collection({ schema: blogRecord, extensions: [indexed(this.#blogs)] }),
      articles: new Collection({
        schema: articleRecord,
        extensions: [indexed(this.#articles, (article) => article.updatedAt)],
      }),
      comments: new Collection({
        schema: commentRecord,
        extensions: [indexed(this.#comments, (comment) => comment.updatedAt)],
      }),
      persons: new Collection({ schema: personRecord }),
    }
    this.db.persons.hooks.on('create', (event) => {
      persons.set(event.data.record.id, event.data.record)
    })
    this.db.persons.hooks.on('delete', (event) => {
      persons.delete(event.data.deletedRecord.id)
    })
    this.ready = this.#load(seed)
  }

  async #load(seed: SeedData): Promise<void> {
    const { db } = this
    await Promise.all([
      ...seed.blogs.map((blog) => db.blogs.create(blog)),
      ...seed.articles.map((article) => db.articles.create(article)),
      ...seed.comments.map((comment) => db.comments.create(comment)),
      ...seed.persons.map((person) => db.persons.create(person)),
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
    return this.db.articles.create({ ...articleValues(input), id, blogId, updatedAt: Date.now() })
  }

  /** Replaces an article's fields; a field absent from `input` is removed. */
  async replaceArticle(article: ArticleRecord, input: ArticleInput): Promise<ArticleRecord> {
    // The index holds the very objects the collection stores, internal keys included.
    const stored = this.#articles.get(article.id) as StoredArticle | undefined
    if (!stored) throw new Error(`article ${article.id} vanished during a write`)
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

  deleteArticle(article: ArticleRecord): void {
    const stored = this.#articles.get(article.id) as StoredArticle | undefined
    if (stored) this.db.articles.delete(stored)
  }
}

function articleValues(input: ArticleInput): ArticleInput {
  return input.content === undefined
    ? { title: input.title }
    : { title: input.title, content: input.content }
}
