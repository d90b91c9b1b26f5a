import { config } from 'zod/v4/core';

/**
 * Zod 4 compiles object parsers with `new Function` after probing whether eval is allowed; the
 * app's Content-Security-Policy allows no eval, so every page logged a refused probe. Jitless
 * parsing is the same validation without the probe. Imported first by main.tsx, before any schema
 * is parsed.
 */
config({ jitless: true });
