// The service worker's half of push notifications (docs/product.md#push-notifications): shows what
// the server pushed and opens its page when tapped. Imported by the service worker (src/web/sw/sw.ts).
export {};
