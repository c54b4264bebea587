import { createRequire } from 'node:module'

// A HAL API on halacious 5 and hapi 16, written as its README teaches (halacious's own
// `examples/` and README.md): the automatic root at `/api/` (with its 302 from `/api`), a `td`
// namespace whose rels are CURIEs, lists that embed their items under `td:project` / `td:task`,
// paged by `page` and `size` from 0 with `self`, `first`, `prev`, `next` and `last` computed by the
// handler, and absolute hrefs (`absolute: true`). Projects 1 and 2 hold the tasks; writes on tasks.

const require = createRequire(import.meta.url)

/** The little of hapi 16 this server needs (hapi 16 ships no types). */
interface HapiRequest {
  readonly params: Record<string, string>
  readonly query: Record<string, string | undefined>
  readonly payload: Record<string, unknown> | null
}
type HapiReply = (body?: unknown) => {
  code(status: number): { header(name: string, value: string): void }
}
interface HapiServer {
  connection(options: object): void
  register(plugin: object, done: (error?: Error) => void): void
  route(route: object | object[]): void
  start(done: (error?: Error) => void): void
  stop(options: object, done: () => void): void
  readonly info: { readonly uri: string }
  readonly plugins: {
    halacious: {
      namespaces: {
        add(ns: object): { rel(rel: object): unknown }
      }
    }
  }
}

interface Project {
  id: number
  name: string
}
interface Task {
  id: number
  projectId: number
  title: string
  done: boolean
}

/** The fake's data: 3 projects, 9 tasks (7 in project 1, 2 in project 2). */
export function halaciousData() {
  const projects: Project[] = [
    { id: 1, name: 'Halyard' },
    { id: 2, name: 'Traverson' },
    { id: 3, name: 'Idle' },
  ]
  const tasks: Task[] = Array.from({ length: 9 }, (_, i) => ({
    id: i + 1,
    projectId: i < 7 ? 1 : 2,
    title: `Task ${i + 1}`,
    done: i % 3 === 0,
  }))
  return { projects, tasks }
}

const PAGE_SIZE = 3

/** A halacious server on 127.0.0.1, port 0: its origin, and a `close`. */
export async function startHalaciousServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const hapi = require('hapi') as { Server: new (options?: object) => HapiServer }
  const halacious = require('halacious') as object
  const data = halaciousData()
  let nextTask = data.tasks.length + 1
  const server = new hapi.Server({ debug: false })
  server.connection({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve, reject) =>
    server.register({ register: halacious, options: { absolute: true } } as object, (error) =>
      error ? reject(error) : resolve(),
    ),
  )
  const ns = server.plugins.halacious.namespaces.add({
    name: 'todo',
    description: 'Projects and their tasks',
    prefix: 'td',
  })
  for (const rel of ['projects', 'project', 'tasks', 'task'])
    ns.rel({ name: rel, description: rel })

  /** A page of `rows` as the README's `prepare()` example builds one, with page links of its own. */
  const paged =
    <T extends { id: number }>(rel: string, rows: (request: HapiRequest) => T[]) =>
    (request: HapiRequest, reply: HapiReply) => {
      const all = rows(request)
      const size = Math.max(1, Number(request.query.size ?? PAGE_SIZE) || PAGE_SIZE)
      const page = Math.max(0, Number(request.query.page ?? 0) || 0)
      const last = Math.max(0, Math.ceil(all.length / size) - 1)
      reply({
        page,
        size,
        totalElements: all.length,
        totalPages: last + 1,
        items: all.slice(page * size, (page + 1) * size),
        pageLinks: { page, size, last },
        rel,
      })
    }
  const pagePrepare = (
    rep: {
      entity: {
        items: { id: number }[]
        pageLinks: { page: number; size: number; last: number }
        rel: string
      }
      readonly self: string
      link(rel: string, href: string): void
      embed(rel: string, href: string, entity: object): { link(rel: string, href: string): void }
      ignore(...names: string[]): void
    },
    next: () => void,
  ) => {
    const { page, size, last } = rep.entity.pageLinks
    // Absolute: halacious escapes the `?` of a relative href it resolves (`/api/tasks%3Fpage=1`).
    const base = rep.self.replace(/\?.*$/, '')
    const at = (n: number) => `${base}?page=${n}&size=${size}`
    rep.link('first', at(0))
    if (page > 0) rep.link('prev', at(page - 1))
    if (page < last) rep.link('next', at(page + 1))
    rep.link('last', at(last))
    // Embedding `[]` first makes an array, so that a page of one item embeds an array of one.
    const rel = rep.entity.rel
    rep.embed(rel, base, [])
    for (const item of rep.entity.items) {
      const own = rep.embed(rel, `/api/${rel.slice(3)}s/${item.id}`, item)
      if ('projectId' in item) own.link('td:project', `/api/projects/${item.projectId}`)
      else own.link('td:tasks', `/api/projects/${item.id}/tasks`)
    }
    rep.ignore('items', 'pageLinks', 'rel')
    next()
  }
  const project = (p: Project) => ({ ...p })
  server.route([
    {
      method: 'GET',
      path: '/api/projects',
      config: {
        handler: paged('td:project', () => data.projects),
        plugins: { hal: { api: 'td:projects', query: '{?page,size}', prepare: pagePrepare } },
      },
    },
    {
      method: 'GET',
      path: '/api/projects/{id}',
      config: {
        handler: (request: HapiRequest, reply: HapiReply) => {
          const found = data.projects.find((p) => p.id === Number(request.params.id))
          if (!found) return reply({ message: 'Not Found' }).code(404)
          return reply(project(found))
        },
        plugins: { hal: { links: { 'td:tasks': './tasks' } } },
      },
    },
    {
      method: 'GET',
      path: '/api/projects/{id}/tasks',
      config: {
        handler: paged('td:task', (request) =>
          data.tasks.filter((t) => t.projectId === Number(request.params.id)),
        ),
        plugins: { hal: { query: '{?page,size}', prepare: pagePrepare } },
      },
    },
    {
      method: 'GET',
      path: '/api/tasks',
      config: {
        handler: paged('td:task', () => data.tasks),
        plugins: { hal: { api: 'td:tasks', query: '{?page,size}', prepare: pagePrepare } },
      },
    },
    {
      method: 'GET',
      path: '/api/tasks/{id}',
      config: {
        handler: (request: HapiRequest, reply: HapiReply) => {
          const found = data.tasks.find((t) => t.id === Number(request.params.id))
          if (!found) return reply({ message: 'Not Found' }).code(404)
          return reply({ ...found })
        },
        plugins: { hal: { links: { 'td:project': '/api/projects/{projectId}' } } },
      },
    },
    {
      method: 'POST',
      path: '/api/tasks',
      handler: (request: HapiRequest, reply: HapiReply) => {
        const task = { done: false, ...request.payload, id: nextTask++ } as Task
        data.tasks.push(task)
        reply({ ...task })
          .code(201)
          .header('location', `/api/tasks/${task.id}`)
      },
    },
    {
      method: 'DELETE',
      path: '/api/tasks/{id}',
      handler: (request: HapiRequest, reply: HapiReply) => {
        const at = data.tasks.findIndex((t) => t.id === Number(request.params.id))
        if (at < 0) return reply({ message: 'Not Found' }).code(404)
        data.tasks.splice(at, 1)
        return reply().code(204)
      },
    },
  ])
  await new Promise<void>((resolve, reject) =>
    server.start((error) => (error ? reject(error) : resolve())),
  )
  return {
    origin: new URL(server.info.uri).origin,
    close: () => new Promise<void>((resolve) => server.stop({ timeout: 100 }, resolve)),
  }
}
