import { zodResolver } from '@hookform/resolvers/zod';

// Forms import the resolver from here. The shared schemas it runs are built with src/shared/z.ts,
// which keeps zod from probing for eval under our CSP in the browser.
export { zodResolver };
