import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import halson from 'halson'
import { listenLocal } from '../listen-local.js'

// A team's task tracker as one writes it on plain node:http with halson 3 (a HAL library nobody
// here wrote): projects with their tasks nested (`/projects/{id}/tasks`, ids unique across
// projects), one CURIE (`tr`), read-only users, writes behind `Authorization: Bearer`, the server
// setting `createdAt`/`updatedAt` and a task's `status` (`todo` unless sent, a free label), and
// validation errors as 400 `{ error, message }`. Writes take JSON or merge patch (415 otherwise, no
// JSON Patch). Pages by `page` from 0 and `size` (5 by default).

const HAL = 'application/hal+json'
/** The one token that writes. */
export const TRACKER_TOKEN = 'tracker-secret'
const SEEDED = '2026-01-01T00:00:00.000Z'
const STATUSES = ['todo', 'doing', 'done']

interface User {
  id: number
  name: string
}
interface Project {
  id: number
  name: string
  ownerId: number
  createdAt: string
  updatedAt: string
}
interface Task {
  id: number
  projectId: number
  title: string
  status: string
  createdAt: string
  updatedAt: string
}

/** The tracker on 127.0.0.1, port 0: 3 users, 2 projects, 7 tasks (5 in project 1). */
export async function startTrackerServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const users: User[] = ['Ada', 'Grace', 'Linus'].map((name, i) => ({ id: i + 1, name }))
  const projects = new Map<number, Project>()
  for (const [i, name] of ['Website', 'Mobile app'].entries()) {
    const id = i + 1
    projects.set(id, { id, name, ownerId: id, createdAt: SEEDED, updatedAt: SEEDED })
  }
  const tasks = new Map<number, Task>()
  for (let id = 1; id <= 7; id++) {
    tasks.set(id, {
      id,
      projectId: id <= 5 ? 1 : 2,
      title: `Task ${id}`,
      status: STATUSES[id % 3] as string,
      createdAt: SEEDED,
      updatedAt: SEEDED,
    })
  }
  const next = { project: 3, task: 8 }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      try {
        answer(req, res, Buffer.concat(chunks).toString())
      } catch {
        send(res, req, 500, { error: 'internal', message: 'Something went wrong.' })
      }
    })
  })

  function answer(req: IncomingMessage, res: ServerResponse, text: string) {
    const base = `http://${req.headers.host}/tracker`
    const url = new URL(req.url ?? '/', base)
    const path = url.pathname
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET')
    const out = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
      send(res, req, status, body, headers)
    const resource = (data: object, self: string) =>
      halson({ ...data }).addLink('self', `${base}${self}`)
    const withCurie = <T extends ReturnType<typeof halson>>(r: T) =>
      r.addCurie('tr', `${base}/rels/{rel}`, true)
    const user = (u: User) => resource(u, `/users/${u.id}`)
    const project = (p: Project) =>
      resource(p, `/projects/${p.id}`)
        .addLink('tr:owner', `${base}/users/${p.ownerId}`)
        .addLink('tr:tasks', `${base}/projects/${p.id}/tasks`)
    const task = (t: Task) =>
      resource(t, `/projects/${t.projectId}/tasks/${t.id}`).addLink(
        'up',
        `${base}/projects/${t.projectId}`,
      )
    const page = <T>(list: string, rel: string, all: readonly T[], item: (t: T) => object) => {
      const number = Number(url.searchParams.get('page') ?? 0)
      const size = Number(url.searchParams.get('size') ?? 5)
      if (!Number.isInteger(number) || number < 0 || !Number.isInteger(size) || size < 1)
        return out(400, { error: 'validation', message: 'page and size must be whole numbers.' })
      const last = Math.max(0, Math.ceil(all.length / size) - 1)
      const href = (p: number) => `${base}${list}?page=${p}&size=${size}`
      let doc = withCurie(halson({ total: all.length }))
        .addLink('self', href(number))
        .addLink('first', href(0))
      if (number > 0) doc = doc.addLink('prev', href(number - 1))
      if (number < last) doc = doc.addLink('next', href(number + 1))
      doc = doc.addLink('last', href(last))
      out(200, doc.addEmbed(rel, all.slice(number * size, (number + 1) * size).map(item)))
    }
    /** Whether the request was answered: OPTIONS with `Allow`, or a method not in it with 405. */
    const allow = (methods: string) => {
      if (req.method === 'OPTIONS') out(204, undefined, { allow: methods })
      else if (!methods.split(', ').includes(method))
        out(405, { error: 'method', message: `${method} is not allowed here.` }, { allow: methods })
      else return false
      return true
    }
    const authorized = () => {
      if (req.headers.authorization === `Bearer ${TRACKER_TOKEN}`) return true
      out(
        401,
        { error: 'unauthorized', message: 'A valid Bearer token is required.' },
        {
          'www-authenticate': 'Bearer',
        },
      )
      return false
    }
    /** The JSON object sent, or undefined after a 415 or a 400. */
    const body = (): Record<string, unknown> | undefined => {
      const media = (req.headers['content-type'] ?? '').split(';')[0]?.trim()
      if (media !== 'application/json' && media !== 'application/merge-patch+json') {
        out(415, { error: 'media_type', message: 'Send application/json.' })
        return undefined
      }
      try {
        const value = JSON.parse(text) as unknown
        if (typeof value === 'object' && value !== null && !Array.isArray(value))
          return value as Record<string, unknown>
      } catch {}
      out(400, { error: 'validation', message: 'The body must be a JSON object.' })
      return undefined
    }
    /** A message for the first field a write gets wrong, or undefined. */
    const invalid = (sent: Record<string, unknown>, field: string, partial: boolean) => {
      const value = sent[field]
      if (value === undefined && partial) return undefined
      if (typeof value !== 'string' || value.trim() === '')
        return `${field} must be a non-empty string.`
      return undefined
    }
    const now = () => new Date().toISOString()

    if (path === '/tracker' || path === '/tracker/') {
      if (allow('GET, HEAD, OPTIONS')) return
      return out(
        200,
        withCurie(halson({}))
          .addLink('self', base)
          .addLink('tr:projects', { href: `${base}/projects{?page,size}`, templated: true })
          .addLink('tr:users', { href: `${base}/users{?page,size}`, templated: true }),
      )
    }
    if (path === '/tracker/users') {
      if (allow('GET, HEAD, OPTIONS')) return
      return page('/users', 'users', users, user)
    }
    const userAt = /^\/tracker\/users\/(\d+)$/.exec(path)
    if (userAt) {
      const found = users.find((u) => u.id === Number(userAt[1]))
      if (!found) return out(404, { error: 'not_found', message: 'No such user.' })
      if (allow('GET, HEAD, OPTIONS')) return
      return out(200, withCurie(user(found)))
    }
    if (path === '/tracker/projects') {
      if (allow('GET, HEAD, POST, OPTIONS')) return
      if (method === 'GET') return page('/projects', 'projects', [...projects.values()], project)
      if (!authorized()) return
      const sent = body()
      if (!sent) return
      const problem = invalid(sent, 'name', false)
      if (problem) return out(400, { error: 'validation', message: problem })
      const created: Project = {
        id: next.project++,
        name: String(sent.name),
        ownerId: 1,
        createdAt: now(),
        updatedAt: now(),
      }
      projects.set(created.id, created)
      return out(201, withCurie(project(created)), { location: `${base}/projects/${created.id}` })
    }
    const projectAt = /^\/tracker\/projects\/(\d+)(\/tasks(?:\/(\d+))?)?$/.exec(path)
    const found = projectAt ? projects.get(Number(projectAt[1])) : undefined
    if (!projectAt || !found) return out(404, { error: 'not_found', message: 'Nothing here.' })
    if (projectAt[2] === undefined) {
      if (allow('GET, HEAD, PUT, PATCH, DELETE, OPTIONS')) return
      if (method === 'GET') return out(200, withCurie(project(found)))
      if (!authorized()) return
      if (method === 'DELETE') {
        projects.delete(found.id)
        for (const t of tasks.values()) if (t.projectId === found.id) tasks.delete(t.id)
        return out(204)
      }
      const sent = body()
      if (!sent) return
      const problem = invalid(sent, 'name', method === 'PATCH')
      if (problem) return out(400, { error: 'validation', message: problem })
      const name = typeof sent.name === 'string' ? sent.name : found.name
      const changed: Project = { ...found, name, updatedAt: now() }
      projects.set(found.id, changed)
      return out(200, withCurie(project(changed)))
    }
    const own = [...tasks.values()].filter((t) => t.projectId === found.id)
    if (projectAt[3] === undefined) {
      if (allow('GET, HEAD, POST, OPTIONS')) return
      if (method === 'GET') return page(`/projects/${found.id}/tasks`, 'tasks', own, task)
      if (!authorized()) return
      const sent = body()
      if (!sent) return
      const problem = invalid(sent, 'title', false) ?? invalidStatus(sent.status)
      if (problem) return out(400, { error: 'validation', message: problem })
      const created: Task = {
        id: next.task++,
        projectId: found.id,
        title: String(sent.title),
        status: typeof sent.status === 'string' ? sent.status : 'todo',
        createdAt: now(),
        updatedAt: now(),
      }
      tasks.set(created.id, created)
      return out(201, withCurie(task(created)), {
        location: `${base}/projects/${found.id}/tasks/${created.id}`,
      })
    }
    const current = own.find((t) => t.id === Number(projectAt[3]))
    if (!current) return out(404, { error: 'not_found', message: 'No such task in this project.' })
    if (allow('GET, HEAD, PUT, PATCH, DELETE, OPTIONS')) return
    if (method === 'GET') return out(200, withCurie(task(current)))
    if (!authorized()) return
    if (method === 'DELETE') {
      tasks.delete(current.id)
      return out(204)
    }
    const sent = body()
    if (!sent) return
    const problem = invalid(sent, 'title', method === 'PATCH') ?? invalidStatus(sent.status)
    if (problem) return out(400, { error: 'validation', message: problem })
    const changed: Task = {
      ...current,
      title: typeof sent.title === 'string' ? sent.title : current.title,
      // A PUT without a status puts the default back, as a create does.
      status:
        typeof sent.status === 'string' ? sent.status : method === 'PUT' ? 'todo' : current.status,
      updatedAt: now(),
    }
    tasks.set(current.id, changed)
    return out(200, withCurie(task(changed)))
  }

  return listenLocal(server)
}

/** The message for a status that is no label, or undefined. */
function invalidStatus(status: unknown): string | undefined {
  return status === undefined || typeof status === 'string' ? undefined : 'status must be a string.'
}

function send(
  res: ServerResponse,
  req: IncomingMessage,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return
  const error = status >= 400
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'content-type': error ? 'application/json' : HAL }),
    ...headers,
  })
  res.end(body === undefined || req.method === 'HEAD' ? undefined : JSON.stringify(body))
}
