import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { englishLeft } from '../test/english-left.ts';
import { renderIn } from '../test/locale.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { LoadMore } from './load-more.tsx';

// The shared components' own words in Bangla (docs/i18n.md#tests); the question and the action
// are their callers'.

afterEach(() => renderIn('en'));

describe('shared components in Bangla', () => {
  it('the confirmation dialog offers its way out in Bangla', () => {
    renderIn('bn');
    const { container } = render(
      <ConfirmDialog question="প্রশ্ন" confirmLabel="হ্যাঁ" onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
  });

  it('Load more is in Bangla', () => {
    renderIn('bn');
    const { container } = render(<LoadMore hasNextPage isFetchingNextPage={false} onLoadMore={() => {}} />);
    expect(screen.getByRole('button', { name: 'আরও দেখুন' })).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
  });
});
