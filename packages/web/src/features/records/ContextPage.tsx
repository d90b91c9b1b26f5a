import { Alert, Anchor, Button, Group, Loader, Title } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { Icon } from '../../ui/Icon.tsx';
import { CertificateGate } from '../certificate/CertificateGate.tsx';
import { forgetTab, rememberTab } from '../tabs/tabs-store.ts';
import { contextPath, parseContextRoute, type ContextRoute } from './context-route.ts';
import type { SavedRecord } from './form/RecordForm.tsx';
import { RecordsGrid } from './grid/RecordsGrid.tsx';
import { NoRecordAccess, RecordAccessPending, useRecordAccess } from './RecordAccess.tsx';
import { fetchContext } from './records-api.ts';
import { ViewSwitch } from './views/ViewSwitch.tsx';
import { loadActiveTaskView, loadFormRules, loadTaskRecordBar } from './slots.ts';
import './records.css';
import { recordsText } from '../../i18n/records.ts';

// A record's form and talk view (editors, conversation, ticket rules) load when a record is
// opened, not with the grid (issue 18).
const RecordForm = lazy(() =>
  Promise.all([import('./form/RecordForm.tsx'), loadFormRules()]).then(([m]) => ({ default: m.RecordForm })),
);
const RecordView = lazy(() =>
  Promise.all([import('./view/RecordView.tsx'), loadFormRules()]).then(([m]) => ({ default: m.RecordView })),
);
const TimelineView = lazy(() =>
  import('./timeline/TimelineView.tsx').then((m) => ({ default: m.TimelineView })),
);
// Saved filters (records of `filtro`) have their own form: their subject is a choice, not a field.
const SavedFilterEditor = lazy(() =>
  import('../filters/SavedFilterEditor.tsx').then((m) => ({ default: m.SavedFilterEditor })),
);
const HelpView = lazy(() => import('./help/HelpView.tsx').then((m) => ({ default: m.HelpView })));
const AttachmentsView = lazy(() =>
  import('./attachments/AttachmentsView.tsx').then((m) => ({ default: m.AttachmentsView })),
);
// The task area (features/tasks, through its slot): the active-task scenario and a task record's
// timer and actions.
const ActiveTaskView = lazy(() => loadActiveTaskView().then((view) => ({ default: view })));
const TaskRecordBar = lazy(() => loadTaskRecordBar().then((bar) => ({ default: bar })));
// A record's "Relacionados" (the records of other subjects that point to it), under its views: its
// own chunk (issue 35).
const RelatedRecords = lazy(() =>
  import('./related/RelatedRecords.tsx').then((m) => ({ default: m.RelatedRecords })),
);

// The board and the calendar (issue 38): loaded when chosen, never with the grid.
const BoardView = lazy(() => import('./board/BoardView.tsx').then((m) => ({ default: m.BoardView })));
const CalendarView = lazy(() =>
  import('./calendar/CalendarView.tsx').then((m) => ({ default: m.CalendarView })),
);

// The switch between one record's views (its SegmentedControl is not needed by the grid: issue 18's
// first-load budget).
const RecordViews = lazy(() => import('./RecordViews.tsx').then((m) => ({ default: m.RecordViews })));

const text = recordsText;

/** The views of one saved record: opened by URL, they show the record only to who may read it. */
const RECORD_SCENARIOS: ReadonlySet<string> = new Set(['talk', 'form', 'timeline', 'attachments']);

function pageTitle(route: ContextRoute, subjectName: string): string {
  const suffix = route.isActive ? '' : ` ${text.deactivatedSuffix}`;
  const id = route.talkId ?? 0;
  switch (route.scenario) {
    case 'grid':
      return `${text.tabTitle.grid(subjectName)}${suffix}`;
    case 'help':
      return text.tabTitle.help(subjectName);
    case 'board':
      return `${text.tabTitle.board(subjectName)}${suffix}`;
    case 'calendar':
      return `${text.tabTitle.calendar(subjectName)}${suffix}`;
    case 'activetask':
      return text.scenarios.activetask;
    case 'timeline':
      return text.tabTitle.timeline(subjectName, id);
    case 'attachments':
      return text.tabTitle.attachments(subjectName, id);
    case 'form':
      return id === 0 ? text.tabTitle.newRecord(subjectName) : text.tabTitle.edit(subjectName, id);
    default:
      return id === 0 ? text.tabTitle.newRecord(subjectName) : text.tabTitle.record(subjectName, id);
  }
}

function Scenario({ route, context }: { route: ContextRoute; context: ContextResponse }) {
  const navigate = useNavigate();
  const talkId = route.talkId ?? 0;
  const location = useLocation();
  const afterSave = (saved: SavedRecord) => {
    if (!saved.created) return;
    // After creating outside the grid, go to the new record's route (the Location header); the
    // new-record tab gives way to the record's.
    const here = `${location.pathname}${location.search}`;
    forgetTab(here, here);
    void navigate(saved.location ?? contextPath('talk', route.subject, { talkId: saved.talkId }), {
      replace: true,
    });
  };
  const savedFilter = context.subject.subjectIdentifier.toLowerCase() === 'filtro';
  if (savedFilter && (route.scenario === 'form' || route.scenario === 'talk'))
    return (
      <SavedFilterEditor
        talkId={talkId}
        onSaved={(saved) =>
          afterSave({ ...saved, location: contextPath('form', route.subject, { talkId: saved.talkId }) })
        }
      />
    );
  switch (route.scenario) {
    case 'grid':
      return (
        <RecordsGrid
          key={`${context.subject.subjectIdentifier}:${String(route.isActive)}:${route.templateId ?? 0}:${route.menuId ?? 0}:${route.where ? JSON.stringify(route.where) : ''}`}
          context={context}
          isActive={route.isActive}
          templateId={route.templateId}
          routeFilterIds={route.filterIds}
          routeMenuId={route.menuId}
          routeWhere={route.where}
        />
      );
    case 'form':
      return <RecordForm context={context} talkId={talkId} onSaved={afterSave} />;
    case 'talk':
      return <RecordView context={context} talkId={talkId} onSaved={afterSave} />;
    case 'timeline':
      return talkId > 0 ? <TimelineView context={context} talkId={talkId} /> : null;
    case 'attachments':
      return talkId > 0 ? <AttachmentsView context={context} talkId={talkId} /> : null;
    case 'help':
      return <HelpView context={context} />;
    case 'board':
      return <BoardView context={context} route={route} />;
    case 'calendar':
      return <CalendarView context={context} route={route} />;
    case 'activetask':
      return context.subject.subjectIdentifier === 'tarefa' ? (
        <ActiveTaskView context={context} />
      ) : (
        <Alert color="gray">{text.unknownScenario}</Alert>
      );
    default:
      return <Alert color="gray">{text.unknownScenario}</Alert>;
  }
}

/**
 * /context/{scenario}/{subject}/… (spec 002 §2): a subject that requires a digital certificate
 * (002 §4) opens only after the check.
 */
export function ContextPage() {
  const params = useParams();
  return (
    <CertificateGate subject={params.subject ?? ''}>
      <ContextScreen />
    </CertificateGate>
  );
}

/** Loads the subject's context and shows the scenario. */
function ContextScreen() {
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const route = parseContextRoute(params.scenario ?? '', params.subject ?? '', params['*'] ?? '', search);
  // The board and the calendar show the grid's template (its first fields on cards and entries).
  const scenarioForContext =
    route?.scenario === 'talk' || route?.scenario === 'form'
      ? route.scenario
      : route?.scenario === 'board' || route?.scenario === 'calendar'
        ? 'grid'
        : (route?.scenario ?? 'grid');
  const context = useQuery({
    queryKey: ['context', scenarioForContext, route?.subject, route?.templateId],
    queryFn: ({ signal }) =>
      fetchContext(scenarioForContext, route?.subject ?? '', route?.templateId, signal),
    enabled: route !== undefined,
    staleTime: 30_000,
  });
  // A saved record's views open only once the account may read it (issue 39 item 7).
  const recordId = route?.talkId && RECORD_SCENARIOS.has(route.scenario) ? route.talkId : 0;
  const record = useRecordAccess(route?.subject ?? '', recordId);
  const subjectName = context.data?.subject.subjectName;
  const title = route && subjectName ? pageTitle(route, subjectName) : undefined;
  const path = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · ${t.app.name}`;
    rememberTab({ path, title });
  }, [title, path]);

  if (!route) {
    return (
      <Alert color="gray" m="md" title={text.unknownScenario}>
        <Anchor component={Link} to="/">
          {t.notFound.home}
        </Anchor>
      </Alert>
    );
  }
  if (context.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t.app.loading} />
      </Group>
    );
  }
  if (context.isError) {
    const missing = context.error instanceof ApiError && context.error.status === 404;
    return (
      <Alert
        color={missing ? 'gray' : 'red'}
        m="md"
        role="alert"
        title={missing ? text.subjectNotFound : text.loadError}
      >
        {!missing && (
          <Button variant="light" color="red" mt="sm" onClick={() => void context.refetch()}>
            {text.retry}
          </Button>
        )}
      </Alert>
    );
  }
  const ctx = context.data;
  return (
    <div className="records-page">
      <Group justify="space-between" className="records-page-header" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Icon name={ctx.subject.icon ?? 'description'} size="1.5em" />
          <Title order={1} size="h3">
            {title}
          </Title>
        </Group>
        {route.scenario === 'grid' || route.scenario === 'board' || route.scenario === 'calendar' ? (
          <ViewSwitch route={route} context={ctx} />
        ) : null}
        {record.access === 'ok' && route.talkId ? (
          <Suspense fallback={null}>
            <RecordViews route={route} />
          </Suspense>
        ) : null}
        {record.access === 'ok' && ctx.subject.subjectIdentifier === 'tarefa' && route.talkId ? (
          <Suspense fallback={null}>
            <TaskRecordBar context={ctx} talkId={route.talkId} />
          </Suspense>
        ) : null}
      </Group>
      <Suspense
        fallback={
          <Group justify="center" p="xl">
            <Loader aria-label={t.app.loading} />
          </Group>
        }
      >
        {record.access === 'ok' ? (
          <>
            <Scenario route={route} context={ctx} />
            {/* The record's related records, under each of its views. */}
            {recordId > 0 && (
              <Suspense fallback={null}>
                <RelatedRecords context={ctx} talkId={recordId} />
              </Suspense>
            )}
          </>
        ) : record.access === 'none' ? (
          <NoRecordAccess subject={ctx.subject.subjectIdentifier} />
        ) : (
          <RecordAccessPending access={record.access} retry={record.retry} />
        )}
      </Suspense>
    </div>
  );
}
