// Fixed texts, word for word (docs/product.md#headings-and-menus).
export const TEXTS = {
  notFound: 'OOps!!! Something went wrong.',
  comingSoon: "This feature's coming soon",
  noOrders: "you don't have any order",
} as const;
