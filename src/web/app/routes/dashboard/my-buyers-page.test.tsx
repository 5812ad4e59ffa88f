import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../../shared/messages.ts';
import { mockSellerApi, renderSellerApp } from '../../../features/seller/test/seller-app.tsx';

describe('My Buyers page', () => {
  it('is the spec’s placeholder', async () => {
    mockSellerApi();
    renderSellerApp('/dashboard/myBuyers');
    expect(await screen.findByRole('heading', { level: 2, name: 'My Buyers' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(TEXTS.comingSoon)).toBeInTheDocument();
  });
});
