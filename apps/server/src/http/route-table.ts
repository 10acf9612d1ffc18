import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { declaredAccess, type RouteAccess } from './auth-guard.ts';

/** One registered route as the route × role and fuzz tests see it (decision 025). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The declaration in the route's `onRequest`; null when it has none there. */
  access: RouteAccess | null;
  /** A declaration found in `preHandler` instead: it runs after validation, so it does not count. */
  lateAccess: RouteAccess | null;
  schema: FastifySchema | undefined;
  /** Whether the route reads a multipart upload (it declares `consumes: multipart/form-data`). */
  multipart: boolean;
  /**
   * Whether the route is a page that answers HTML, refusals included (`config: { page: true }`:
   * the pages without JavaScript, modules/plain-pages), rather than the API's JSON.
   */
  page: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers HTML pages, never the API's JSON (see RegisteredRoute.page). */
    page?: boolean;
  }
}

const tables = new WeakMap<FastifyInstance, RouteOptions[]>();

/**
 * Records every route registered from now on, with its access declaration. Call on the root
 * instance before any route or plugin is registered: Fastify hands an `onRoute` hook every route
 * of the scopes created after it, so nothing registered later escapes the table.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteOptions[] = [];
  tables.set(app, table);
  // Kept as given and read later: a scope's own onRoute hooks (everyRoutePublic) run after this
  // root one and may still add the declaration.
  app.addHook('onRoute', (route: RouteOptions) => {
    table.push(route);
  });
}

/**
 * The routes recorded on an app built by buildApp, HEAD routes Fastify adds beside each GET left
 * out (they run the GET's hooks), in a stable order.
 */
export function routesOf(app: FastifyInstance): RegisteredRoute[] {
  const table = tables.get(app);
  if (!table) throw new Error('routesOf: this app did not record its routes (recordRoutes in buildApp)');
  const registered = table.flatMap((route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as (FastifySchema & { consumes?: string[] }) | undefined;
    return methods.map((method) => ({
      method: String(method).toUpperCase(),
      url: route.url,
      access: declaredAccess(route.onRequest),
      lateAccess: declaredAccess(route.preHandler),
      schema,
      multipart: schema?.consumes?.includes('multipart/form-data') ?? false,
      page: (route.config as { page?: boolean } | undefined)?.page === true,
    }));
  });
  const gets = new Set(registered.filter((route) => route.method === 'GET').map((route) => route.url));
  return registered
    .filter((route) => !(route.method === 'HEAD' && gets.has(route.url)))
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}
