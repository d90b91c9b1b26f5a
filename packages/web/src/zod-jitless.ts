/**
 * Zod 4 compiles object parsers with `new Function` after probing whether eval is allowed; the
 * app's Content-Security-Policy allows no eval, so every page logged a refused probe. Jitless
 * parsing is the same validation without the probe. Imported first by main.tsx, before any schema
 * is parsed.
 *
 * Zod keeps its settings in `globalThis.__zod_globalConfig`, creating the object only when it is
 * missing, so the setting is made here without importing zod: the first screens (sign-in, the
 * layout and the grid) parse no schema, and `config()` from `zod/v4/core` brought ~2.9 KB of zod
 * into the entry for this one call. `zod-jitless.test.ts` fails if a new zod stops reading it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

// A module (imported for its effect), not a script.
export {};
