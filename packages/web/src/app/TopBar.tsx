import { ActionIcon, Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { SessionUser } from '@talkbase/domain/contracts/account';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toggleFullScreen } from '../features/preferences/full-screen.ts';
import {
  decreaseFontSize,
  increaseFontSize,
  toggleMenu,
  toggleNightMode,
} from '../features/preferences/preferences-store.ts';
import { usePreferences } from '../features/preferences/usePreferences.ts';
import { signOut } from '../features/session/session-lifecycle.ts';
import { confirmDiscard } from '../features/unsaved/unsaved-store.ts';
import { t } from '../i18n/pt-BR.ts';
import { Icon } from '../ui/Icon.tsx';
import { Logo } from '../ui/Logo.tsx';
import { preloadable } from '../ui/preloadable.tsx';
import { screenPath } from './screens.ts';

// The global search box (features/search), the running task's timer (features/tasks) and the
// inbox's unread badge (features/notifications): loaded apart from the first screen's code, asked
// for as soon as the layout's code runs, so that the bar shows them with its first render.
const { Component: TopBarSearch, preload: preloadSearch } = preloadable(() =>
  import('../features/search/TopBarSearch.tsx').then((m) => m.TopBarSearch),
);
const { Component: RunningTaskIndicator, preload: preloadTask } = preloadable(() =>
  import('../features/tasks/RunningTaskIndicator.tsx').then((m) => m.RunningTaskIndicator),
);
const { Component: UnreadBadge, preload: preloadUnread } = preloadable(() =>
  import('../features/notifications/UnreadBadge.tsx').then((m) => m.UnreadBadge),
);
/** The bar's parts loaded apart (the start waits for them with the layout's code). */
export const preloadTopBar = () => Promise.all([preloadSearch(), preloadTask(), preloadUnread()]);

interface BarButtonProps {
  label: string;
  icon: string;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
  extra?: Record<string, string>;
}

function BarButton({ label, icon, onClick, pressed, disabled, extra }: BarButtonProps) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      className="bar-button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      {...extra}
    >
      <Icon name={icon} />
    </ActionIcon>
  );
}

function initials(name: string): ReactNode {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
}

/** Menu toggle, full screen, night mode, font size and the user's menu (issue 3, Layout). */
export function TopBar({ user }: { user: SessionUser }) {
  const prefs = usePreferences();
  const profilePath = screenPath('profile');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" className="top-bar">
      <Group gap="xs" wrap="nowrap">
        <BarButton
          label={t.topBar.menu}
          icon={prefs.menuOpen ? 'menu_open' : 'menu'}
          onClick={toggleMenu}
          extra={{ 'aria-expanded': String(prefs.menuOpen), 'aria-controls': 'side-menu' }}
        />
        <Link to="/" className="top-bar-logo" aria-label={`${t.app.name} — ${t.dashboard.title}`}>
          <Logo size={120} labelled={false} />
        </Link>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Suspense fallback={null}>
          <TopBarSearch />
        </Suspense>
        <Suspense fallback={null}>
          <RunningTaskIndicator />
        </Suspense>
        <Suspense fallback={null}>
          <UnreadBadge />
        </Suspense>
        <BarButton
          label={t.topBar.fontDown}
          icon="text_decrease"
          onClick={decreaseFontSize}
          disabled={prefs.fontSize === 0}
        />
        <BarButton
          label={t.topBar.fontUp}
          icon="text_increase"
          onClick={increaseFontSize}
          disabled={prefs.fontSize === 2}
        />
        <BarButton
          label={t.topBar.nightMode}
          icon={prefs.nightMode ? 'light_mode' : 'dark_mode'}
          pressed={prefs.nightMode}
          onClick={toggleNightMode}
        />
        <BarButton
          label={t.topBar.fullScreen}
          icon={prefs.fullScreen ? 'fullscreen_exit' : 'fullscreen'}
          pressed={prefs.fullScreen}
          onClick={toggleFullScreen}
        />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            {/* Named by its content so that the visible name is part of the accessible one. */}
            <UnstyledButton className="user-button">
              <Group gap="xs" wrap="nowrap">
                <Avatar size="sm" radius="xl" color="brand" aria-hidden>
                  {initials(user.name)}
                </Avatar>
                <VisuallyHidden>{`${t.topBar.userMenu} `}</VisuallyHidden>
                <Text size="sm" fw={500} className="user-name">
                  {user.name}
                </Text>
                <Icon name="expand_more" size="1.2em" />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {profilePath && (
              <Menu.Item component={Link} to={profilePath} leftSection={<Icon name="person" size="1.2em" />}>
                {t.topBar.profile}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<Icon name="logout" size="1.2em" />}
              onClick={() => void confirmDiscard().then((leave) => leave && signOut())}
            >
              {t.topBar.logout}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
