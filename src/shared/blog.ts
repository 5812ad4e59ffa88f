import { z } from './z.ts';

export const articleSchema = z.object({
  _id: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleListSchema = z.array(articleSchema);
