// Fixed texts, word for word (docs/product.md#headings-and-menus).
export const TEXTS = {
  notFound: 'OOps!!! Something went wrong.',
  comingSoon: "This feature's coming soon",
  noOrders: "you don't have any order",
} as const;

/** What the API answers with `unavailable` (503): a dependency is away; the client words it in its language. */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
