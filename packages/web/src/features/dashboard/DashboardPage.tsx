import { VisuallyHidden } from '@mantine/core';
import { t } from '../../i18n/pt-BR.ts';
import { Logo } from '../../ui/Logo.tsx';

/** The home screen shows only the logo (000 §2). */
export function DashboardPage() {
  return (
    <div className="centered-page">
      <VisuallyHidden component="h1">{t.dashboard.title}</VisuallyHidden>
      <Logo size={320} />
    </div>
  );
}
