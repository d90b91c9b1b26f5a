import { Text } from '@mantine/core';
import { automationsText } from '../../../i18n/automations.ts';

/**
 * The five integration kinds (000 §3): their fields are not described, so they keep what they
 * were saved with; they are not offered in the picker.
 */
export function IntegrationEditor() {
  return (
    <Text size="sm" c="dimmed">
      {automationsText.action.integration}
    </Text>
  );
}
