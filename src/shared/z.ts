import { z } from 'zod';

// The zod every shared schema is built with. In the browser our CSP forbids eval (script-src
// 'self'), and zod 4 probes for it with `new Function` when it builds its first object schema; the
// browser reports that probe as a CSP violation even though zod catches it. So zod is told, before
// any schema exists, to skip the probe there. The server keeps zod's faster compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
