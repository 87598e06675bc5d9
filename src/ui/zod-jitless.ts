import { z } from 'zod';

// The page's CSP has no 'unsafe-eval': zod's fast path compiles parsers with `new Function`, and its
// probe for that raises a CSP violation report. Imported first, before any schema parses.
z.config({ jitless: true });
