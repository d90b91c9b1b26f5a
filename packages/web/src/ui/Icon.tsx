import type { CSSProperties } from 'react';

interface IconProps {
  /** A Material Symbols name, as stored in the data model (e.g. "menu", "dark_mode"). */
  name: string;
  size?: number | string;
  style?: CSSProperties;
}

/** Decorative glyph: the control around it carries the accessible name. */
export function Icon({ name, size = '1.5em', style }: IconProps) {
  return (
    <span className="material-symbols-outlined" aria-hidden="true" style={{ fontSize: size, ...style }}>
      {name}
    </span>
  );
}
