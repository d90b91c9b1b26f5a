import { describe, expect, it } from 'vitest';

describe('zod parses without eval in the web app', () => {
  it("zod takes the setting main.tsx makes before zod loads: jitless, so the CSP's refused eval probe never runs", async () => {
    await import('./zod-jitless.ts');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    // A schema still parses, and refuses, as before.
    const schema = z.object({ n: z.number() });
    expect(schema.parse({ n: 1 })).toEqual({ n: 1 });
    expect(schema.safeParse({ n: 'x' }).success).toBe(false);
  });
});
