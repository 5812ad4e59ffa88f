import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Article } from '../../../shared/blog.ts';
import { expectConsoleErrors } from '../../test/console.ts';
import { mockApi, reply } from '../../test/fetch.ts';
import { renderApp } from '../../test/render.tsx';

const articles: Article[] = [
  { _id: 'a1', question: 'How do I check a used laptop?', answer: 'Look at the hinges and the screen.' },
  { _id: 'a2', question: 'Is it safe to pay in advance?', answer: 'No. Meet the seller first.' },
];

describe('blog page', () => {
  it('welcomes the reader and lists each article, question as heading and answer as text', async () => {
    mockApi({ '/api/blog': articles });
    renderApp('/blog');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to the Laptop Haat blog' }),
    ).toBeInTheDocument();
    for (const a of articles) {
      expect(await screen.findByRole('heading', { level: 2, name: a.question })).toBeInTheDocument();
      expect(screen.getByText(a.answer)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('says so when the articles cannot be loaded', async () => {
    expectConsoleErrors();
    mockApi({ '/api/blog': reply(503, { error: { code: 'internal', message: 'Down' } }) });
    renderApp('/blog');
    expect(await screen.findByText(/Could not load the articles/)).toBeInTheDocument();
  });
});
