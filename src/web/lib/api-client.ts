// Types only: the shared zod schemas would pull zod into the client's first load.
import type { ErrorCode, ErrorParam, FieldError } from '../../shared/error-codes.ts';
import type { ErrorBody } from '../../shared/errors.ts';
import { readAccessToken, storeAccessToken } from './access-token.ts';

/**
 * A non-2xx answer from our API, carrying the documented error body (docs/product.md#api): the
 * page words it from `reason`, `params` and the fields' codes (i18n/api-errors.ts), never from
 * `message`, which is kept for logs.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly reason: string | undefined;
  readonly params: Record<string, ErrorParam>;
  readonly fields: Record<string, FieldError> | undefined;
  readonly worded: boolean;

  constructor(
    status: number,
    code: ErrorCode | 'network',
    message: string,
    details: {
      reason?: string;
      params?: Record<string, ErrorParam>;
      fields?: Record<string, FieldError>;
      /** `message` is the client's own words, already in the page's language. */
      worded?: boolean;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.reason = details.reason;
    this.params = details.params ?? {};
    this.fields = details.fields;
    this.worded = details.worded ?? false;
  }
}

/** The ApiError of an error body. */
export function apiErrorOf(status: number, body: ErrorBody): ApiError {
  const { code, message, reason, params, fields } = body.error;
  return new ApiError(status, code, message, { reason, params, fields });
}

export const API_BASE = '/api';

/** What a call that never reached the server says (shown through translateMessage). */
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection.';

// The browser's fetch; the server renders pages with its own, which reaches the API in process.
let fetchApi: typeof fetch = (input, init) => fetch(input, init);

/** Sends every API call of this process through `fetcher` (server rendering: docs/rendering.md). */
export function setApiFetch(fetcher: typeof fetch): void {
  fetchApi = fetcher;
}

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error: unknown = body.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  // A proxy or a crashed server may answer with HTML; fall back to the status line then.
  const body: unknown = await response.json().catch(() => undefined);
  if (isErrorBody(body)) return apiErrorOf(response.status, body);
  return new ApiError(response.status, 'internal', `Request failed with status ${response.status}`);
}

/** GETs `${API_BASE}${path}` as JSON; throws ApiError on any failure, never returns an error body. */
export async function apiGet<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  return (await apiGetPage<T>(path, init)).data;
}

/** One page of a list route: its items and the path (under API_BASE) of the next page, if any. */
export interface ApiPage<T> {
  data: T;
  next: string | null;
}

/**
 * The path of the next page from a `Link: </api/…>; rel="next"` header (RFC 8288), under
 * API_BASE; null without one, or for a link that leaves our API.
 */
export function nextPageFromLink(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(match?.[2] ?? '');
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!match?.[1] || !rels.includes('next')) continue;
    return match[1].startsWith(`${API_BASE}/`) ? match[1].slice(API_BASE.length) : null;
  }
  return null;
}

/** `apiGet` for the list routes that page: the body and the next page from the `Link` header. */
export async function apiGetPage<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<ApiPage<T>> {
  let response: Response;
  try {
    response = await fetchApi(`${API_BASE}${path}`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  if (!response.ok) throw await toApiError(response);
  const data = (await response.json()) as T;
  return { data, next: nextPageFromLink(response.headers.get('link')) };
}

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions {
  /** Send the access token as `Authorization: Bearer` (docs/product.md#accounts-and-sign-in). */
  bearer?: { email: string };
}

async function send(method: SendMethod, path: string, body: unknown, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetchApi(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
}

/** Fetches a fresh access token for the signed-in user (GET /api/jwt) and stores it. */
export async function refreshAccessToken(email: string): Promise<string> {
  const { accessToken } = await apiGet<{ accessToken: string }>(`/jwt?email=${encodeURIComponent(email)}`);
  storeAccessToken(accessToken);
  return accessToken;
}

/**
 * Sends JSON to `${API_BASE}${path}`; throws ApiError on any failure. With `bearer`, a missing or
 * expired access token is replaced transparently (once) from the session.
 */
export async function apiSend<T>(
  method: SendMethod,
  path: string,
  body?: unknown,
  options: SendOptions = {},
): Promise<T> {
  let token: string | null = null;
  if (options.bearer) token = readAccessToken() ?? (await refreshAccessToken(options.bearer.email));
  let response = await send(method, path, body, token);
  if (response.status === 401 && options.bearer) {
    token = await refreshAccessToken(options.bearer.email);
    response = await send(method, path, body, token);
  }
  if (!response.ok) throw await toApiError(response);
  // 204 No Content (marking a conversation read): there is no body to parse.
  if (response.status === 204) return null as T;
  return (await response.json()) as T;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
