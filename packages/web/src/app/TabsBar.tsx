import { ActionIcon } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { forgetTab } from '../features/tabs/tabs-store.ts';
import { useTabs } from '../features/tabs/useTabs.ts';
import { t } from '../i18n/pt-BR.ts';
import { Icon } from '../ui/Icon.tsx';

/** The open pages, newest first (000 §1). */
export function TabsBar() {
  const tabs = useTabs();
  const location = useLocation();
  const navigate = useNavigate();
  const current = `${location.pathname}${location.search}`;
  if (tabs.length === 0) return null;
  const close = (path: string) => {
    const goTo = forgetTab(path, current);
    if (goTo !== undefined) void navigate(goTo);
  };
  return (
    <nav aria-label={t.tabs.label} className="tabs-bar">
      <ul>
        {tabs.map((tab) => {
          const active = tab.path === current;
          return (
            <li key={tab.path} className="tab" data-active={active || undefined}>
              <Link to={tab.path} aria-current={active ? 'page' : undefined} className="tab-link">
                {tab.title}
              </Link>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                className="tab-close"
                aria-label={t.tabs.close(tab.title)}
                onClick={() => close(tab.path)}
              >
                <Icon name="close" size="1.1em" />
              </ActionIcon>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
