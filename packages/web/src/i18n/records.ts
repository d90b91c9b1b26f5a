/**
 * Texts of the records screens (spec 002 §2, §8), in pt-BR. Spec texts are verbatim.
 */
export const recordsText = {
  deactivatedSuffix: '(DESATIVADOS)',
} as const;
