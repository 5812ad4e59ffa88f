import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SubmitButton } from './submit-button.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('SubmitButton', () => {
  it('is disabled in the server’s page and comes on when the page is hydrated', async () => {
    const html = renderToString(<SubmitButton busy={false}>Log In</SubmitButton>);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    expect(screen.getByRole('button', { name: 'Log In' })).toBeDisabled();

    await act(async () => {
      hydrateRoot(container, <SubmitButton busy={false}>Log In</SubmitButton>);
    });
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('is disabled, with a spinner, while the form is being sent', () => {
    render(<SubmitButton busy>Log In</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Log In' });
    expect(button).toBeDisabled();
    expect(button.querySelector('.loading')).not.toBeNull();
  });
});
