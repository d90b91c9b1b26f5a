import { t } from '../i18n/pt-BR.ts';

interface LogoProps {
  /** Width in pixels; the height follows. */
  size?: number;
  /** Off when something around the logo already names it (a link's label). */
  labelled?: boolean;
}

/** The Talkbase mark: two speech balloons, and the name fitted to its box whatever the font. */
export function Logo({ size = 160, labelled = true }: LogoProps) {
  const a11y = labelled ? { role: 'img', 'aria-label': t.app.name } : { 'aria-hidden': true };
  return (
    <svg width={size} height={(size * 60) / 240} viewBox="0 0 240 60" {...a11y} className="talkbase-logo">
      <path
        fill="var(--mantine-primary-color-filled)"
        d="M8 8h30a8 8 0 0 1 8 8v14a8 8 0 0 1-8 8H22l-9 8v-8H8a8 8 0 0 1-8-8V16a8 8 0 0 1 8-8z"
      />
      <path
        fill="var(--mantine-color-text)"
        opacity="0.85"
        d="M30 20h22a8 8 0 0 1 8 8v12a8 8 0 0 1-8 8h-3v8l-9-8H30a8 8 0 0 1-8-8V28a8 8 0 0 1 8-8z"
      />
      <text
        x="72"
        y="43"
        textLength="164"
        lengthAdjust="spacingAndGlyphs"
        fontFamily="var(--mantine-font-family)"
        fontSize="32"
        fontWeight="700"
        fill="var(--mantine-color-text)"
      >
        {t.app.name}
      </text>
    </svg>
  );
}
