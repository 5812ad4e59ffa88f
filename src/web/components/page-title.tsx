import { useEffect } from 'react';

/**
 * Sets the document's title while the page is shown. An effect rather than a rendered title
 * element: React 19 hoists those into the head, Preact (docs/decisions/0011) does not.
 */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = children;
  }, [children]);
  return null;
}
