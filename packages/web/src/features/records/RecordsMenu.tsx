import { NavLink, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../ui/Icon.tsx';
import { contextPath } from './context-route.ts';
import { useSavedViews } from './views/useSavedView.ts';
import { fetchReadableSubjects } from '../../api/subjects-api.ts';
import { recordsText } from '../../i18n/records.ts';

/**
 * The "Registros" list of the side menu: every subject the account's room may read, opening its
 * grid. It stands in for the configured menu until the menu builder exists (and stays for
 * administrators, who reach every subject from it).
 */
export function RecordsMenu() {
  const location = useLocation();
  const subjects = useQuery({
    queryKey: ['readable-subjects'],
    queryFn: ({ signal }) => fetchReadableSubjects(signal),
    staleTime: 5 * 60_000,
  });
  const list = subjects.data ?? [];
  // Each subject opens in the view its person last used (issue 38 item 5).
  const saved = useSavedViews();
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="records-menu-title">
      <Title order={2} size="xs" id="records-menu-title" className="menu-heading">
        {recordsText.listTitle}
      </Title>
      {list.map((s) => {
        const last = saved.find((v) => v.subject === s.subjectIdentifier.toLowerCase());
        const path = contextPath(last?.view ?? 'grid', s.subjectIdentifier, {
          by:
            (last?.view === 'board' ? last.boardBy : last?.view === 'calendar' ? last.calendarBy : null) ??
            undefined,
        });
        const active =
          location.pathname.startsWith(`/context/`) &&
          location.pathname.split('/')[3] === s.subjectIdentifier;
        return (
          <NavLink
            key={s.subjectId}
            component={Link}
            to={path}
            label={s.subjectName}
            leftSection={<Icon name={s.icon ?? 'description'} size="1.25em" />}
            active={active}
            aria-current={active ? 'page' : undefined}
          />
        );
      })}
    </section>
  );
}
