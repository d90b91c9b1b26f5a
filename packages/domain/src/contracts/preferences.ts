import { z } from 'zod';
import { HEX_COLOR, type PaletteColor } from '../themes/palettes.ts';

/**
 * The signed-in account's interface preferences, kept on the server so another browser opens in the
 * user's theme (spec 001 §2.14, 000 §1): GET and PUT /api/account/preferences.
 */
export const preferencesPath = '/api/account/preferences';

/** Font size levels of the shared app state (000 §4): 0, 1, 2. */
export const FONT_SIZE_LEVELS = [0, 1, 2] as const;
export type FontSizeLevelValue = (typeof FONT_SIZE_LEVELS)[number];

export const preferencesMessages = {
  theme: 'Escolha uma cor de uma das paletas oferecidas.',
  fontSize: 'Tamanho de fonte inválido: use 0, 1 ou 2.',
  darkMode: 'Informe se o modo noturno está ligado (true ou false).',
  browser: 'Identificador de navegador inválido: use de 1 a 64 letras, números, _ ou -.',
  sequence: 'Sequência inválida: use um inteiro de 0 a 2147483647.',
  order: 'Informe browser e sequence juntos.',
};

export const savePreferencesBodySchema = z
  .object({
    theme: z
      .string({ error: preferencesMessages.theme })
      .trim()
      .toLowerCase()
      .regex(HEX_COLOR, preferencesMessages.theme),
    darkMode: z.boolean({ error: preferencesMessages.darkMode }),
    fontSize: z
      .number({ error: preferencesMessages.fontSize })
      .int(preferencesMessages.fontSize)
      .min(0, preferencesMessages.fontSize)
      .max(2, preferencesMessages.fontSize),
    /**
     * Optional, together: the saving browser's own id and a number it raises with every save. Two
     * saves of one browser may reach the server out of order (one still in flight when the page
     * closes and sends the last choice); the server then keeps the one with the higher number, not
     * the one that arrived last. Saves from different browsers (or without these) apply in arrival order.
     */
    browser: z
      .string({ error: preferencesMessages.browser })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, preferencesMessages.browser)
      .optional(),
    sequence: z
      .number({ error: preferencesMessages.sequence })
      .int(preferencesMessages.sequence)
      .min(0, preferencesMessages.sequence)
      .max(2_147_483_647, preferencesMessages.sequence)
      .optional(),
  })
  .refine((body) => (body.browser === undefined) === (body.sequence === undefined), {
    message: preferencesMessages.order,
    path: ['sequence'],
  });
export type SavePreferencesBody = z.input<typeof savePreferencesBodySchema>;

export const accountPreferencesSchema = z.object({
  theme: z.string(),
  darkMode: z.boolean(),
  fontSize: z.literal(FONT_SIZE_LEVELS),
  /** False until the account saves once: the browser's own choice stands until then. */
  saved: z.boolean(),
  /** The customer's palette: the colours of the company's access profiles. */
  customerColors: z.array(z.object({ name: z.string(), hex: z.string() }) satisfies z.ZodType<PaletteColor>),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;
