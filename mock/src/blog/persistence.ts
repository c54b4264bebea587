import { defineExtension, type Extension } from '@msw/data/extensions'
import { persist } from '@msw/data/extensions/persist'
import type { BlogDb, StoreExtensions } from './store.js'

/**
 * Keeps a store's data in `localStorage` across page loads with `@msw/data`'s `persist()`
 * extension: each collection hydrates from what the previous page saved, and the seed is loaded
 * only when nothing was saved. Outside a browser (no `window` or `localStorage`) it does nothing.
 *
 * `persist()` names what it saves after the collection's creation order in the page, so the
 * persisted store must keep its collections for its whole life (its instance resets in place) and
 * be created before any other `@msw/data` collection, at the same point of every page load.
 *
 * @example
 * const store = new BlogStore(defaultSeed(), persistence())
 * await store.ready // the saved records if there were any, else the seed
 */
export function persistence(): StoreExtensions {
  const hydrations: Promise<unknown>[] = []
  return {
    extensions: () => [savedOnPagehide(persist(), hydrations)],
    async restored(db) {
      const results = await Promise.allSettled(hydrations)
      const failed = results.find((result) => result.status === 'rejected')
      if (failed) {
        // Saved by another version of the mock, say: start again from the seed, which overwrites
        // the saved data at the next save.
        console.warn('[@halyard/mock] the saved data could not be restored:', failed.reason)
        for (const collection of collections(db)) collection.clear()
        return false
      }
      return collections(db).some((collection) => collection.count() > 0)
    },
  }
}

const collections = (db: BlogDb) => [db.blogs, db.articles, db.comments, db.persons]

/**
 * `extension` with its `unload` listener moved to `pagehide`, and its hydration collected.
 *
 * `persist()` saves on `window`'s `unload`, which Chrome is retiring: where the Permissions-Policy
 * `unload` is denied (`--enable-features=DeprecateUnload`, Chrome's roll-out) the listener is
 * refused and nothing is ever saved. `pagehide` fires whenever `unload` would, in every browser.
 * The extension adds the listener synchronously, before its first `await`, so it is caught here.
 */
function savedOnPagehide(extension: Extension, hydrations: Promise<unknown>[]): Extension {
  return defineExtension({
    name: extension.name,
    extend(collection) {
      const { result, unloadListeners } = catchUnloadListeners(() => extension.extend(collection))
      for (const listener of unloadListeners) window.addEventListener('pagehide', listener)
      // `extend` is typed `void` but persist()'s is async: it settles once the records are back.
      hydrations.push(Promise.resolve(result as unknown))
    },
  })
}

function catchUnloadListeners<T>(run: () => T): {
  result: T
  unloadListeners: EventListenerOrEventListenerObject[]
} {
  const unloadListeners: EventListenerOrEventListenerObject[] = []
  if (typeof window === 'undefined') return { result: run(), unloadListeners }
  const own = Object.getOwnPropertyDescriptor(window, 'addEventListener')
  const add: EventTarget['addEventListener'] = window.addEventListener
  window.addEventListener = function (this: Window, ...args: Parameters<typeof add>) {
    const [type, listener] = args
    if (type === 'unload' && listener) unloadListeners.push(listener)
    else add.apply(this, args)
  }
  try {
    return { result: run(), unloadListeners }
  } finally {
    if (own) Object.defineProperty(window, 'addEventListener', own)
    else Reflect.deleteProperty(window, 'addEventListener')
  }
}
