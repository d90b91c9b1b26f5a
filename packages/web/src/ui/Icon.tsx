import { useEffect, type CSSProperties } from 'react';
import { inIconSubset, loadFullIconFont } from './icon-font.ts';

interface IconProps {
  /** A Material Symbols name, as stored in the data model (e.g. "menu", "dark_mode"). */
  name: string;
  size?: number | string;
  style?: CSSProperties;
}

/**
 * Decorative glyph: the control around it carries the accessible name. Icons of the app's own
 * screens come from the subset font; any other (chosen in the data) from the full set, loaded
 * the first time one is shown.
 */
export function Icon({ name, size = '1.5em', style }: IconProps) {
  const full = !inIconSubset(name);
  useEffect(() => {
    if (full) void loadFullIconFont();
  }, [full]);
  return (
    <span
      className={full ? 'material-symbols-outlined material-symbols-full' : 'material-symbols-outlined'}
      aria-hidden="true"
      style={{ fontSize: size, ...style }}
    >
      {name}
    </span>
  );
}
