import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/pt-br';
import { createElement, type ReactNode } from 'react';

/** Dates in pt-BR, weeks starting on Sunday (spec 002 §5). */
export const DATES = { locale: 'pt-br', firstDayOfWeek: 0 } as const;

/**
 * The settings of Mantine's date pickers, around the editors that show one (the date editor, the
 * filter values): only they need dayjs and its locale, so no first screen downloads them (issue 18).
 */
export function PtBrDates({ children }: { children: ReactNode }) {
  return createElement(DatesProvider, { settings: DATES }, children);
}
