import { Button, Group } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { recordsText } from '../../../i18n/records.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { contextPath, type ContextRoute, type RouteScenario } from '../context-route.ts';
import { boardAttributes, calendarAttributes } from './view-attributes.ts';
import { useSavedView, type SavedSubjectView } from './useSavedView.ts';

const text = recordsText;

/**
 * "Lista", "Quadro", "Calendário" beside a subject's records (issue 38): the board is offered only
 * where the subject has a single-select or yes/no attribute, the calendar only where it has a date.
 */
export function ViewSwitch({ route, context }: { route: ContextRoute; context: ContextResponse }) {
  // The view opened is remembered (issue 38 item 5); the links open the board and the calendar by
  // the attributes last chosen.
  const { view: saved, save } = useSavedView(route.subject);
  const views: { scenario: RouteScenario & SavedSubjectView['view']; icon: string; offered: boolean }[] = [
    { scenario: 'grid', icon: 'table_rows', offered: true },
    { scenario: 'board', icon: 'view_kanban', offered: boardAttributes(context).length > 0 },
    { scenario: 'calendar', icon: 'calendar_month', offered: calendarAttributes(context).length > 0 },
  ];
  const offered = views.filter((v) => v.offered);
  // Only a view the subject offers is remembered (a board address of a subject without one is not).
  const remembered = offered.find((v) => v.scenario === route.scenario)?.scenario;
  const loaded = saved !== undefined;
  useEffect(() => {
    if (loaded && remembered) save({ view: remembered });
  }, [loaded, remembered, save]);
  if (offered.length < 2) return null;
  return (
    <Group gap={4} role="group" aria-label={text.viewSwitch}>
      {offered.map((v) => {
        const current = route.scenario === v.scenario;
        return (
          <Button
            key={v.scenario}
            component={Link}
            to={contextPath(v.scenario, route.subject, {
              templateId: route.templateId,
              filterIds: route.filterIds,
              menuId: route.menuId,
              isActive: route.isActive,
              by:
                v.scenario === 'board'
                  ? (saved?.boardBy ?? undefined)
                  : v.scenario === 'calendar'
                    ? (saved?.calendarBy ?? undefined)
                    : undefined,
            })}
            size="xs"
            variant={current ? 'filled' : 'subtle'}
            aria-current={current ? 'page' : undefined}
            leftSection={<Icon name={v.icon} size="1em" />}
          >
            {text.scenarios[v.scenario]}
          </Button>
        );
      })}
    </Group>
  );
}
