import { z } from 'zod';

// zod probes for eval with `new Function` when an object schema is built; under the console's CSP that probe is
// reported as a violation even though zod catches it. Jitless mode skips the probe (and eval). This module must
// be main.tsx's first import, so that it runs before any module defines a schema.
z.config({ jitless: true });
