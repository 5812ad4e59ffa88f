// One spelling per path. Browsers and fetch() resolve `.` and `..` segments, their percent-encoded
// forms (%2e) and backslashes before sending, but a raw client need not: `/api/auth/sign-in/./email`
// reaches the server as written. Anything that compares request.url with a route (our guards, the
// auth library's own router, caches) must see the same path, so every request's path is resolved
// the way the WHATWG URL parser does before routing, and everything downstream sees only that.

// Only paths holding one of these can change: the fast path for every other request is one test.
const MAY_CHANGE = /[\\%]|\/\.|[^\x21-\x7e]/;

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

// RFC 3986 6.2.2: an escaped unreserved character (`%65` for `e`) is that character; other escapes
// keep their meaning, spelled in upper case.
function decodeUnreserved(path: string): string {
  return path.replace(/%[0-9a-fA-F]{2}/g, (escaped) => {
    const char = String.fromCharCode(Number.parseInt(escaped.slice(1), 16));
    return UNRESERVED.test(char) ? char : escaped.toUpperCase();
  });
}

/**
 * The URL (path and query) with escaped unreserved characters decoded and the path resolved as the
 * WHATWG URL parser does (dot segments, backslashes); the query is left as sent.
 */
export function canonicalUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!MAY_CHANGE.test(path)) return url;
  let resolved: string;
  try {
    // A fixed origin: `//host/x` must stay a path, not become another host.
    resolved = new URL(`http://canonical.invalid${path.startsWith('/') ? '' : '/'}${decodeUnreserved(path)}`).pathname;
  } catch {
    return url;
  }
  return q === -1 ? resolved : resolved + url.slice(q);
}
