// Texts the spec fixes word for word (spec §2, §8).
export const TEXTS = {
  notFound: 'OOps!!! Something went wrong.',
  comingSoon: "This feature's coming soon",
  noOrders: "you don't have any order",
} as const;
