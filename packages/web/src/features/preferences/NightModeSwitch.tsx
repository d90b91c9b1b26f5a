import { Switch } from '@mantine/core';
import { t } from '../../i18n/pt-BR.ts';
import { updatePreferences } from './preferences-store.ts';
import { usePreferences } from './usePreferences.ts';

export function NightModeSwitch() {
  const prefs = usePreferences();
  return (
    <Switch
      size="md"
      label={t.theme.nightMode}
      description={t.theme.nightModeHint}
      checked={prefs.nightMode}
      onChange={(e) => updatePreferences({ nightMode: e.currentTarget.checked })}
    />
  );
}
