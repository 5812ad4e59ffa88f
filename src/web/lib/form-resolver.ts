import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

// Our CSP forbids eval (script-src 'self'). zod 4 probes for it with `new Function` before its
// first parse, and the browser reports that probe as a CSP violation even though zod catches it:
// tell zod to skip the probe in the browser. Forms import the resolver from here.
z.config({ jitless: true });

export { zodResolver };
