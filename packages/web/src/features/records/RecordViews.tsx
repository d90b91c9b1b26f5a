import { Button, Group, SegmentedControl } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { recordsText } from '../../i18n/records.ts';
import { Icon } from '../../ui/Icon.tsx';
import { contextPath, type ContextRoute } from './context-route.ts';

const text = recordsText;

/** Switches between the views of one record (form, talk, timeline, attachments, help, back to the list). */
export function RecordViews({ route }: { route: ContextRoute }) {
  const navigate = useNavigate();
  if (!route.talkId) return null;
  const views = ['talk', 'form', 'timeline', 'attachments', 'help'] as const;
  return (
    <Group gap="sm">
      <SegmentedControl
        size="xs"
        value={route.scenario}
        onChange={(v) =>
          void navigate(
            contextPath(v, route.subject, {
              talkId: v === 'help' ? undefined : route.talkId,
              templateId: route.templateId,
            }),
          )
        }
        data={views.map((v) => ({ value: v, label: text.views[v] }))}
        aria-label={text.title}
      />
      <Button
        component={Link}
        variant="subtle"
        size="xs"
        to={contextPath('grid', route.subject)}
        leftSection={<Icon name="table_rows" size="1em" />}
      >
        {text.views.grid}
      </Button>
    </Group>
  );
}
