import fullFontUrl from 'material-symbols/material-symbols-outlined.woff2?url';
import { useEffect } from 'react';
import { subsetIcons } from 'virtual:icon-subset';

/**
 * Icons come from a subset of Material Symbols built from the app's sources (build/icon-subset.ts,
 * a few KB). The full set (3.9 MB) loads only when an icon outside the subset is shown — a
 * subject's or menu's icon chosen by an administrator — or where any icon may be picked.
 */
export const FULL_ICON_FAMILY = 'Material Symbols Full';

let loading: Promise<void> | undefined;

/** Starts loading the full icon font once; later calls share the same load. */
export function loadFullIconFont(): Promise<void> {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined') return Promise.resolve();
  loading ??= (async () => {
    const face = new FontFace(FULL_ICON_FAMILY, `url(${fullFontUrl}) format('woff2')`, {
      weight: '100 700',
      display: 'block',
    });
    document.fonts.add(face);
    await face.load();
  })().catch(() => {
    // Offline or refused: a later icon tries again.
    loading = undefined;
  });
  return loading;
}

/** Whether the subset draws this icon (else it needs the full font). */
export function inIconSubset(name: string): boolean {
  return subsetIcons.has(name);
}

/**
 * For screens where an administrator picks any icon (menu builder, subject designer): loads the
 * full set when `enabled` (e.g. the picker is open), so the choices draw without waiting.
 */
export function useFullIconFont(enabled = true): void {
  useEffect(() => {
    if (enabled) void loadFullIconFont();
  }, [enabled]);
}

/** `useFullIconFont` as an element, for screens that prefer to render it. */
export function FullIconFont({ enabled = true }: { enabled?: boolean }) {
  useFullIconFont(enabled);
  return null;
}
