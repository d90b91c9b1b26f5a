import { NavLink, Stack, Title } from '@mantine/core';
import type { SessionUser } from '@talkbase/domain/contracts/account';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useCompanyMenu } from '../api/useCompanyMenu.ts';
import { useRealtimeEvent, useRealtimeResync } from '../features/realtime/useRealtimeEvent.ts';
import { readAgain } from '../features/realtime/read-again.ts';
import { RecordsMenu } from '../features/records/RecordsMenu.tsx';
import { sameScreen } from '../features/tabs/tab-rules.ts';
import { t } from '../i18n/pt-BR.ts';
import { Icon } from '../ui/Icon.tsx';
import { companyMenuItems, type CompanyMenuItem } from './company-menu.ts';
import { settingsMenuFor } from './settings-menu.ts';

function CompanyEntry({ item, current }: { item: CompanyMenuItem; current: string }) {
  const icon = <Icon name={item.icon} size="1.25em" />;
  if (!item.path) {
    return (
      <NavLink label={item.label} leftSection={icon} defaultOpened>
        {item.children.map((child) => (
          <CompanyEntry key={child.id} item={child} current={current} />
        ))}
      </NavLink>
    );
  }
  const active = sameScreen(current, item.path);
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={item.label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
}

/** The company's configured menu, then the settings sections this user may see (001 §2.1). */
export function SideMenu({ user }: { user: SessionUser }) {
  const location = useLocation();
  const current = `${location.pathname}${location.search}`;
  const menu = useCompanyMenu(true);
  const queryClient = useQueryClient();
  // The menu, or what this account's room may see of it, changed: load both lists again.
  const readBoth = () =>
    void readAgain(queryClient, { queryKey: ['company-menu'] }, { queryKey: ['readable-subjects'] });
  useRealtimeEvent(realtimeEvents.menuChanged, readBoth);
  // Back from a cut connection: a change of the menu meanwhile was never pushed.
  useRealtimeResync(readBoth, { firstOpen: false });
  const companyItems = companyMenuItems(menu.data?.Menus ?? []);
  const settings = settingsMenuFor(user);
  return (
    <div className="side-menu-scroll">
      <Stack gap="md" p="sm">
        {companyItems.length > 0 && (
          <section aria-labelledby="company-menu-title">
            <Title order={2} size="xs" id="company-menu-title" className="menu-heading">
              {t.sideMenu.companyMenu}
            </Title>
            {companyItems.map((item) => (
              <CompanyEntry key={item.id} item={item} current={current} />
            ))}
          </section>
        )}
        {/* The 'Registros' list stands in while this account sees no item of the company's menu
            (none made yet, or none given to its room: issue 39 item 1), so it never loses its way. */}
        {!menu.isPending && companyItems.length === 0 && <RecordsMenu />}
        {settings.map((section, index) => (
          <section key={section.title} aria-labelledby={`settings-section-${index}`}>
            <Title order={2} size="xs" id={`settings-section-${index}`} className="menu-heading">
              {section.title}
            </Title>
            {section.links.map((link) => {
              const active = sameScreen(location.pathname, link.path);
              return (
                <NavLink
                  key={link.screen}
                  component={Link}
                  to={link.path}
                  label={link.label}
                  leftSection={<Icon name={link.icon} size="1.25em" />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                />
              );
            })}
          </section>
        ))}
      </Stack>
    </div>
  );
}
