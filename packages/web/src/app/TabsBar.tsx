import { ActionIcon, Menu } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { tabKey } from '../features/tabs/tab-rules.ts';
import { useScreenNow } from './app-router.ts';
import { forgetAllTabs, forgetOtherTabs, forgetTab } from '../features/tabs/tabs-store.ts';
import { useTabs } from '../features/tabs/useTabs.ts';
import { confirmDiscard } from '../features/unsaved/unsaved-store.ts';
import { t } from '../i18n/pt-BR.ts';
import { Icon } from '../ui/Icon.tsx';

/** The open pages, newest first (000 §1); one tab per screen (issue 39 item 9). */
export function TabsBar() {
  const tabs = useTabs();
  const location = useLocation();
  const navigate = useNavigate();
  const screenNow = useScreenNow();
  const currentKey = tabKey(`${location.pathname}${location.search}`);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const activeRef = useRef<HTMLLIElement | null>(null);
  // Going to an open screen brings its tab into view, however far along the bar it is.
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [currentKey, tabs.length]);
  if (tabs.length === 0) return null;

  // Leaving the current screen loses what it has unsaved: asked first (issue 39 item 5). Another
  // tab's screen is not open, so it has nothing to lose.
  const leave = async (goTo: () => string | undefined, closesCurrent: boolean) => {
    if (closesCurrent && !(await confirmDiscard())) return;
    const to = goTo();
    if (to !== undefined) void navigate(to);
  };
  // Which screen is open is read at the click, not from this bar's last render (app-router.ts):
  // closing the tab of a screen just clicked, still loading or rendering, closes it as the current
  // one. Read from the render, it looked like closing another tab, and the screen then opened anyway
  // or the address stayed where it was (shell.e2e, on a loaded machine).
  const close = (path: string) => {
    const here = screenNow();
    void leave(() => forgetTab(path, here), tabKey(path) === tabKey(here));
  };
  const closeOthers = (keep: string) => {
    const here = screenNow();
    void leave(() => forgetOtherTabs(keep, here), tabKey(keep) !== tabKey(here));
  };
  const closeAll = () => void leave(forgetAllTabs, true);

  return (
    <nav aria-label={t.tabs.label} className="tabs-bar">
      <ul>
        {tabs.map((tab) => {
          const key = tabKey(tab.path);
          const active = key === currentKey;
          return (
            <li
              key={key}
              className="tab"
              data-active={active || undefined}
              ref={active ? activeRef : undefined}
            >
              <Link
                to={tab.path}
                aria-current={active ? 'page' : undefined}
                className="tab-link"
                onContextMenu={(event) => {
                  event.preventDefault();
                  setMenuFor(key);
                }}
              >
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
              <Menu
                opened={menuFor === key}
                onChange={(opened) => setMenuFor(opened ? key : null)}
                position="bottom-start"
                withinPortal
                withInitialFocusPlaceholder={false}
              >
                <Menu.Target>
                  <span className="tab-menu-anchor" aria-hidden="true" />
                </Menu.Target>
                <Menu.Dropdown aria-label={t.tabs.menuOf(tab.title)}>
                  <Menu.Item onClick={() => close(tab.path)}>{t.tabs.closeOne}</Menu.Item>
                  <Menu.Item onClick={() => closeOthers(tab.path)} disabled={tabs.length < 2}>
                    {t.tabs.closeOthers}
                  </Menu.Item>
                  <Menu.Item onClick={closeAll}>{t.tabs.closeAll}</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </li>
          );
        })}
      </ul>
      {/* Without Mantine's focus placeholder: a menu holds only its items (axe, WAI-ARIA). */}
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" className="tabs-bar-menu" aria-label={t.tabs.menu}>
            <Icon name="expand_more" size="1.2em" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() => closeOthers(screenNow())}
            disabled={!tabs.some((tab) => tabKey(tab.path) === currentKey) || tabs.length < 2}
          >
            {t.tabs.closeOthers}
          </Menu.Item>
          <Menu.Item onClick={closeAll}>{t.tabs.closeAll}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </nav>
  );
}
