import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_STATE_ID, type AppState, readAppState, serializeAppState, serializeRouteErrors } from './app-state.ts';

const state = (data: unknown, dataUpdatedAt = 1_000): AppState =>
  ({
    origin: 'https://laptophaat.test',
    router: { loaderData: { '0-0-0': null }, actionData: null },
    queries: {
      mutations: [],
      queries: [{ queryKey: ['laptops'], queryHash: '["laptops"]', state: { data, dataUpdatedAt, status: 'success' } }],
    },
  }) as unknown as AppState;

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = `<script type="application/json" id="${APP_STATE_ID}">${json}</script>`;
  return doc;
}

describe('the state a rendered page carries', () => {
  it('cannot end its script element, whatever the data says', () => {
    const name = 'Evil </script><script>alert(1)</script>\u2028Book';
    const json = serializeAppState(state([{ laptop_name: name }]));
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    const read = readAppState(pageWith(json));
    expect(read?.queries.queries[0]?.state.data).toEqual([{ laptop_name: name }]);
  });

  it('counts its data as fetched when the visitor receives the page, however long ago it was rendered', () => {
    const read = readAppState(pageWith(serializeAppState(state([], 1_000))), 5_000_000);
    expect(read?.queries.queries[0]?.state.dataUpdatedAt).toBe(5_000_000);
  });

  it('is absent from a page that arrived unrendered', () => {
    expect(readAppState(document.implementation.createHTMLDocument())).toBeUndefined();
  });
});

describe('route errors in the state', () => {
  it('carries a 404 route error (a listing that is gone) to the browser as a route error response', () => {
    const errors = serializeRouteErrors({ listing: new ErrorResponseImpl(404, 'Not Found', null) });
    const json = serializeAppState({ ...state([]), router: { loaderData: {}, actionData: null, errors } });
    const read = readAppState(pageWith(json));
    const error = (read?.router.errors as Record<string, unknown> | null | undefined)?.listing;
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(error).toMatchObject({ status: 404 });
  });

  it('refuses anything else (the page is then sent unrendered)', () => {
    expect(() => serializeRouteErrors({ page: new Error('boom') })).toThrow('boom');
    expect(() => serializeRouteErrors({ page: new ErrorResponseImpl(500, 'Oops', null) })).toThrow();
    expect(serializeRouteErrors(null)).toBeNull();
  });
});
