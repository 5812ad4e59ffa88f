import type { DehydratedState } from '@tanstack/react-query';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type HydrationState, isRouteErrorResponse } from 'react-router';

// What the server hands the browser with a rendered page (docs/rendering.md), in a
// non-executing <script type="application/json"> so the CSP needs no inline script.

export const APP_STATE_ID = 'app-state';

export interface AppState {
  /** The public origin the page was rendered for (canonical and Open Graph URLs). */
  origin: string;
  /** The data router's loader results: the browser's router starts from them instead of loading again. */
  router: Pick<HydrationState, 'loaderData' | 'actionData' | 'errors'>;
  /** TanStack Query's cache after the loaders: the browser does not fetch it again. */
  queries: DehydratedState;
}

/** A route's error as JSON: only answers a loader threw on purpose (`data(null, { status: 404 })`). */
interface SerializedRouteError {
  __type: 'RouteErrorResponse';
  status: number;
  statusText: string;
  data: unknown;
}

/** The router's errors for the page's state; anything but a route error response has no place there. */
export function serializeRouteErrors(
  errors: Record<string, unknown> | null,
): Record<string, SerializedRouteError> | null {
  if (!errors) return null;
  const out: Record<string, SerializedRouteError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
    out[routeId] = {
      __type: 'RouteErrorResponse',
      status: error.status,
      statusText: error.statusText,
      data: error.data,
    };
  }
  return out;
}

function reviveRouteErrors(errors: HydrationState['errors'] | undefined): HydrationState['errors'] | undefined {
  if (!errors) return errors;
  const out: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors as Record<string, SerializedRouteError>)) {
    out[routeId] =
      error?.__type === 'RouteErrorResponse'
        ? new ErrorResponseImpl(error.status, error.statusText, error.data)
        : error;
  }
  return out;
}

/**
 * JSON that is safe inside a script element: `<` (and the line separators JavaScript once
 * disallowed) are escaped, so no value, e.g. a laptop named `</script><script>…`, can end the element.
 */
export function serializeAppState(state: AppState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The state the server rendered the page with, or undefined when the page arrived unrendered.
 * Its data counts as fetched now: the server keeps a rendered page only until a write could change
 * it (docs/rendering.md), so a page rendered a while ago and served just now is still current, and
 * the queries' own staleness clocks start when the visitor receives it.
 */
export function readAppState(doc: Document, now = Date.now()): AppState | undefined {
  const text = doc.getElementById(APP_STATE_ID)?.textContent;
  if (!text) return undefined;
  const state = JSON.parse(text) as AppState;
  for (const query of state.queries.queries) query.state.dataUpdatedAt = now;
  // A listing that is gone renders the 404 page from its route's error: the router needs it back
  // as the object isRouteErrorResponse recognises.
  state.router.errors = reviveRouteErrors(state.router.errors);
  return state;
}
