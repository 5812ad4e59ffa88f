import { t } from '@lingui/core/macro';
import { createContext } from 'react';

/** The public origin (e.g. https://laptophaat.com.bd) the page's absolute URLs start with. */
export const SiteOrigin = createContext('');

export const SITE_NAME = 'Laptop Haat';

/** The title of the home page, and of pages before their content arrives. */
export const siteTitle = () => t`Laptop Haat — used laptops in Bangladesh`;

export const defaultDescription = () =>
  t`Buy and sell used laptops across Bangladesh: casual, gaming and premium laptops from trusted sellers, with prices in Tk.`;

/** The picture link previews show for pages without one of their own. */
export const DEFAULT_IMAGE = '/images/og-card.png';
