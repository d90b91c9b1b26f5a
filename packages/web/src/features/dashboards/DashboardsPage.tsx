import './dashboards.css';
import { Alert, Button, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import type {
  Dashboard,
  DashboardSummary,
  DashboardWidget,
  DashboardWrite,
} from '@talkbase/domain/contracts/dashboards';
import { DASHBOARD_MAX_WIDGETS } from '@talkbase/domain/contracts/dashboards';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { TalkUpdatesEvent } from '@talkbase/domain/contracts/talks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, type ApiErrorItem } from '../../api/client.ts';
import { dashboardsText } from '../../i18n/dashboards.ts';
import { t } from '../../i18n/pt-BR.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { useRealtimeEvent, useRealtimeResync } from '../realtime/useRealtimeEvent.ts';
import { readAgain } from '../realtime/read-again.ts';
import { useSession } from '../session/useSession.ts';
import { forgetTab, rememberTab } from '../tabs/tabs-store.ts';
import {
  aggregateKeys,
  createDashboard,
  dashboardKeys,
  deleteDashboard,
  fetchDashboard,
  fetchDashboards,
  updateDashboard,
} from './dashboards-api.ts';
import { DashboardFormModal, type DashboardSettings } from './DashboardFormModal.tsx';
import { WidgetCard } from './WidgetCard.tsx';
import { WidgetFormModal } from './WidgetFormModal.tsx';
import { newWidgetKey } from './widget-model.ts';

const text = dashboardsText;

const errorsOf = (error: unknown): ApiErrorItem[] =>
  error instanceof ApiError ? error.errors : error instanceof Error ? [{ message: error.message }] : [];

/** What a PUT sends: the dashboard as it is, with the changes made. */
function writeOf(d: Dashboard, change: Partial<DashboardWrite> = {}): DashboardWrite {
  // The version seen: a dashboard changed meanwhile (another session) answers 409, not lost work.
  return {
    name: d.name,
    roomIds: d.roomIds,
    isHome: d.isHome,
    widgets: d.widgets,
    version: d.version,
    ...change,
  };
}

/** The dashboard shown when the address names none: the home one, else the first. */
function defaultDashboard(list: readonly DashboardSummary[]): DashboardSummary | undefined {
  return list.find((d) => d.isHome) ?? list[0];
}

function DashboardPicker({ list, value }: { list: readonly DashboardSummary[]; value: number | undefined }) {
  const navigate = useNavigate();
  const personal = list.filter((d) => d.roomIds.length === 0);
  const company = list.filter((d) => d.roomIds.length > 0);
  const item = (d: DashboardSummary) => ({
    value: String(d.dashboardId),
    label: d.isHome ? `${d.name} (${text.home})` : d.name,
  });
  return (
    <Select
      label={text.picker}
      placeholder={text.pickerPlaceholder}
      data={[
        ...(personal.length > 0 ? [{ group: text.personal, items: personal.map(item) }] : []),
        ...(company.length > 0 ? [{ group: text.company, items: company.map(item) }] : []),
      ]}
      value={value === undefined ? null : String(value)}
      onChange={(v) => v && void navigate(`/dashboard/${v}`)}
      allowDeselect={false}
      searchable
      w={280}
    />
  );
}

const widgetDefaults = (widgets: readonly DashboardWidget[]): DashboardWidget => ({
  key: newWidgetKey(widgets),
  title: '',
  kind: 'bar',
  subject: '',
  filterId: null,
  filterJson: null,
  groupBy: [],
  measure: { fn: 'count' },
  width: 4,
  height: 3,
});

/** One dashboard: its widgets, and (when the account may change it) the edit mode. */
function DashboardView({ dashboardId, canPublish }: { dashboardId: number; canPublish: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [widgetForm, setWidgetForm] = useState<{ widget: DashboardWidget; isNew: boolean } | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [removing, setRemoving] = useState<DashboardWidget | null>(null);
  const [removingDashboard, setRemovingDashboard] = useState(false);
  const query = useQuery({
    queryKey: dashboardKeys.one(dashboardId),
    queryFn: ({ signal }) => fetchDashboard(dashboardId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const dashboard = query.data;

  const save = useMutation({
    mutationFn: (write: DashboardWrite) => updateDashboard(dashboardId, write),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: async (error) => {
      // Changed elsewhere since it was loaded: show the stored one; the user's change is to make again.
      if (error instanceof ApiError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteDashboard(dashboardId),
    onSuccess: async () => {
      notify({ title: text.removed(dashboard?.name ?? '') });
      setRemovingDashboard(false);
      queryClient.removeQueries({ queryKey: dashboardKeys.one(dashboardId) });
      forgetTab(`/dashboard/${dashboardId}`, '/dashboard');
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.list });
      void navigate('/dashboard', { replace: true });
    },
    onError: (error) => {
      setRemovingDashboard(false);
      notify({ kind: 'alert', title: error.message });
    },
  });
  const saveWidgets = (widgets: DashboardWidget[], done?: () => void) => {
    if (!dashboard) return;
    save.mutate(writeOf(dashboard, { widgets }), {
      onSuccess: () => done?.(),
      onError: (error) => notify({ kind: 'alert', title: error.message }),
    });
  };

  if (query.isPending)
    return (
      <Stack gap="md" aria-busy="true" aria-label={text.loading}>
        <Skeleton height={28} width={240} />
        <div className="dashboard-grid">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} style={{ gridColumn: 'span 4', gridRow: 'span 3' }} />
          ))}
        </div>
      </Stack>
    );
  if (query.isError || !dashboard) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{missing ? text.notFound : text.loadError}</Text>
          {missing ? (
            <Button size="compact-sm" variant="default" onClick={() => void navigate('/dashboard')}>
              {text.backToList}
            </Button>
          ) : (
            <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
              {text.reload}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }

  const inEdit = editing && dashboard.canEdit;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">
          <Title order={2} size="h3">
            {dashboard.name}
          </Title>
          {(dashboard.isHome || dashboard.roomIds.length > 0) && (
            <Text size="sm" c="dimmed">
              {[dashboard.isHome ? text.home : null, dashboard.roomIds.length > 0 ? text.companyOne : null]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Group>
        {dashboard.canEdit && (
          <Group gap="xs">
            {inEdit && (
              <>
                <Button
                  leftSection={<Icon name="add" size="1.1em" />}
                  onClick={() => setWidgetForm({ widget: widgetDefaults(dashboard.widgets), isNew: true })}
                  disabled={dashboard.widgets.length >= DASHBOARD_MAX_WIDGETS}
                >
                  {text.addWidget}
                </Button>
                <Button
                  variant="default"
                  leftSection={<Icon name="settings" size="1.1em" />}
                  onClick={() => {
                    save.reset();
                    setSettingsOpen(true);
                  }}
                >
                  {text.settings}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<Icon name="delete" size="1.1em" />}
                  onClick={() => setRemovingDashboard(true)}
                >
                  {text.remove}
                </Button>
              </>
            )}
            <Button
              variant={inEdit ? 'filled' : 'default'}
              leftSection={<Icon name={inEdit ? 'check' : 'edit'} size="1.1em" />}
              onClick={() => setEditing((v) => !v)}
              aria-pressed={inEdit}
            >
              {inEdit ? text.doneEditing : text.edit}
            </Button>
          </Group>
        )}
      </Group>
      {dashboard.widgets.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <Icon name="monitoring" size="2.5em" />
          <Text fw={600}>{text.noWidgets}</Text>
          {dashboard.canEdit && (
            <Text size="sm" c="dimmed">
              {inEdit ? text.noWidgetsEditHint : `${text.edit} → ${text.addWidget}`}
            </Text>
          )}
        </Stack>
      ) : (
        <div className="dashboard-grid">
          {dashboard.widgets.map((widget) => (
            <WidgetCard
              key={widget.key}
              widget={widget}
              editing={inEdit}
              onEdit={() => setWidgetForm({ widget, isNew: false })}
              onRemove={() => setRemoving(widget)}
            />
          ))}
        </div>
      )}
      <WidgetFormModal
        opened={widgetForm !== null}
        initial={widgetForm?.widget ?? widgetDefaults(dashboard.widgets)}
        isNew={widgetForm?.isNew ?? true}
        onClose={() => setWidgetForm(null)}
        onSave={(widget) => {
          const widgets = widgetForm?.isNew
            ? [...dashboard.widgets, widget]
            : dashboard.widgets.map((w) => (w.key === widget.key ? widget : w));
          saveWidgets(widgets, () => setWidgetForm(null));
        }}
      />
      <DashboardFormModal
        opened={settingsOpen}
        title={text.dashboardForm.titleEdit}
        initial={{ name: dashboard.name, isHome: dashboard.isHome, roomIds: dashboard.roomIds }}
        canPublish={canPublish}
        saving={save.isPending}
        errors={errorsOf(save.error)}
        onClose={() => setSettingsOpen(false)}
        onSave={(settings: DashboardSettings) =>
          save.mutate(writeOf(dashboard, settings), {
            onSuccess: () => {
              setSettingsOpen(false);
              notify({ title: text.saved });
            },
          })
        }
      />
      <ConfirmModal
        opened={removing !== null}
        title={removing ? text.widget.remove(removing.title) : undefined}
        danger
        busy={save.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          saveWidgets(
            dashboard.widgets.filter((w) => w.key !== removing.key),
            () => setRemoving(null),
          );
        }}
      >
        {removing ? text.widget.confirmRemove(removing.title) : ''}
      </ConfirmModal>
      <ConfirmModal
        opened={removingDashboard}
        title={text.remove}
        danger
        busy={remove.isPending}
        onClose={() => setRemovingDashboard(false)}
        onConfirm={() => remove.mutate()}
      >
        {text.confirmRemove(dashboard.name)}
      </ConfirmModal>
    </Stack>
  );
}

/**
 * 'Painéis' (issue 38 item 4): the user's home dashboard (or the first they may see), a picker of
 * the others, 'Novo painel', and the chosen one's widgets. Widgets refresh when records of their
 * subject change (the realtime stream) and when the dashboard is saved.
 */
export function DashboardsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const canPublish = session?.user.isAdmin === true;
  const [creating, setCreating] = useState(false);
  const list = useQuery({ queryKey: dashboardKeys.list, queryFn: ({ signal }) => fetchDashboards(signal) });
  const create = useMutation({
    mutationFn: (settings: DashboardSettings) => createDashboard({ ...settings, widgets: [] }),
    onSuccess: async (dashboardId) => {
      setCreating(false);
      notify({ title: text.saved });
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      void navigate(`/dashboard/${dashboardId}`);
    },
  });

  // Records of a subject changed (anyone's write): that subject's widgets count again.
  useRealtimeEvent(realtimeEvents.talkUpdates, (data) => {
    const subject = (data as Partial<TalkUpdatesEvent>).subject;
    if (typeof subject === 'string')
      void readAgain(queryClient, { queryKey: aggregateKeys.subject(subject) });
  });

  // A dashboard was created, changed or removed (here or in another session): lists and views reload.
  useRealtimeEvent(realtimeEvents.dashboardChanged, () => {
    void readAgain(queryClient, { queryKey: dashboardKeys.all });
  });

  // The connection (re)opened: whatever changed before it was not pushed, so everything counts again.
  useRealtimeResync(
    () => {
      void readAgain(queryClient, { queryKey: aggregateKeys.all }, { queryKey: dashboardKeys.all });
    },
    { firstOpen: true },
  );

  const routeId =
    params.dashboardId && /^\d{1,10}$/.test(params.dashboardId) ? Number(params.dashboardId) : undefined;
  const badRoute = params.dashboardId !== undefined && routeId === undefined;
  const shown = routeId ?? (list.data ? defaultDashboard(list.data)?.dashboardId : undefined);
  // /dashboard names the home (or first) dashboard by its own address: the tab and the picker follow it.
  useEffect(() => {
    if (params.dashboardId === undefined && shown !== undefined)
      void navigate(`/dashboard/${shown}`, { replace: true });
  }, [params.dashboardId, shown, navigate]);

  // The screen names its own tab (screens.ts ownTitle): one tab per dashboard, by its name; bare
  // /dashboard only while it is not about to become one.
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const shownName = list.data?.find((d) => d.dashboardId === shown)?.name;
  // A dashboard not (or no longer) in the list keeps the tab it had: no tab named after nothing.
  const waiting =
    params.dashboardId === undefined ? list.isPending || shown !== undefined : shownName === undefined;
  const tabTitle = shownName && routeId !== undefined ? text.tabTitle(shownName) : text.title;
  useEffect(() => {
    if (waiting) return;
    document.title = `${tabTitle} · ${t.app.name}`;
    rememberTab({ path: here, title: tabTitle });
  }, [here, tabTitle, waiting]);

  return (
    <Stack gap="md" p="md" className="dashboards-page">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          {text.title}
        </Title>
        <Group gap="sm" align="flex-end">
          {list.data && list.data.length > 0 && <DashboardPicker list={list.data} value={shown} />}
          <Button
            leftSection={<Icon name="add" size="1.1em" />}
            onClick={() => {
              create.reset();
              setCreating(true);
            }}
          >
            {text.newDashboard}
          </Button>
        </Group>
      </Group>
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{text.listError}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void list.refetch()}>
              {text.reload}
            </Button>
          </Stack>
        </Alert>
      )}
      {badRoute ? (
        <Alert color="yellow" variant="light" role="alert">
          {text.notFound}
        </Alert>
      ) : shown !== undefined ? (
        <DashboardView key={shown} dashboardId={shown} canPublish={canPublish} />
      ) : list.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={text.loading}>
          <Skeleton height={28} width={240} />
          <div className="dashboard-grid">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} style={{ gridColumn: 'span 4', gridRow: 'span 3' }} />
            ))}
          </div>
        </Stack>
      ) : list.data ? (
        <Stack align="center" gap={4} py="xl">
          <Icon name="monitoring" size="2.5em" />
          <Text fw={600}>{text.none}</Text>
          <Text size="sm" c="dimmed">
            {text.noneHint}
          </Text>
        </Stack>
      ) : null}
      <DashboardFormModal
        opened={creating}
        title={text.dashboardForm.titleNew}
        initial={{ name: '', isHome: (list.data ?? []).length === 0, roomIds: [] }}
        canPublish={canPublish}
        saving={create.isPending}
        errors={errorsOf(create.error)}
        onClose={() => setCreating(false)}
        onSave={(settings) => create.mutate(settings)}
      />
    </Stack>
  );
}
