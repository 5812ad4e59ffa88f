import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Article } from '../../../../shared/blog.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { expectConsoleErrors } from '../../../test/console.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { renderIn } from '../../../test/locale.ts';
import { ArticleList } from './article-list.tsx';
import { BlogHero } from './blog-hero.tsx';

// The blog on a Bangla page (docs/i18n.md): the app's words in Bangla, the articles as the API
// answers them in Bangla (`/blog?lang=bn`).

const articles: Article[] = [
  { _id: 'a1', question: 'পুরোনো ল্যাপটপ কীভাবে যাচাই করব?', answer: 'কবজা আর স্ক্রিন ভালো করে দেখুন।' },
];

function renderBlog() {
  renderIn('bn');
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <BlogHero />
      <ArticleList />
    </QueryClientProvider>,
  );
}

describe('the blog in Bangla', () => {
  it('welcomes the reader in Bangla and lists the Bangla articles, no English left', async () => {
    mockApi({ '/api/blog?lang=bn': articles });
    const { container } = renderBlog();
    expect(screen.getByRole('heading', { level: 1, name: 'Laptop Haat ব্লগে আপনাকে স্বাগতম' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: articles[0]!.question })).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
  });

  it('says so in Bangla when there are no articles, or they cannot be loaded', async () => {
    mockApi({ '/api/blog?lang=bn': [] });
    const { container, unmount } = renderBlog();
    expect(await screen.findByText('এখনও কোনো লেখা নেই।')).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
    unmount();

    expectConsoleErrors();
    mockApi({ '/api/blog?lang=bn': reply(503, { error: { code: 'internal', message: 'Down' } }) });
    const failed = renderBlog();
    expect(await screen.findByText(/লেখাগুলো আনা যায়নি/)).toBeInTheDocument();
    expect(englishLeft(failed.container)).toEqual([]);
  });
});
