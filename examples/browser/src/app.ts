import type { Connection } from './api.js'

/** What every view gets: the API, and the ways to move around. */
export interface App {
  readonly connection: Connection
  /** The blog the app shows (the seed's "Engineering blog"). */
  readonly blogId: number
  /** An article's URI from its id. */
  articleUri(id: number): Promise<string>
  /** Goes to another place (a hash of `paths`), as a link would. */
  navigate(hash: string): void
  /** The page of the list shown last, for "Back to articles". */
  lastListPage: number
}

/** A rendered place: its content, whose first heading receives focus, and the document title. */
export interface View {
  readonly element: HTMLElement
  readonly title: string
}
