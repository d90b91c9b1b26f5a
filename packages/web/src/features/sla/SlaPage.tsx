import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SlaCalendar, SlaPolicy } from '@talkbase/domain/contracts/sla';
import { ApiError } from '../../api/client.ts';
import { slaText } from '../../i18n/sla.ts';
import { notify } from '../notices/notices-store.ts';
import { RowRemoveButton } from '../settings-list/ListButtons.tsx';
import {
  deleteCalendar,
  deletePolicy,
  fetchCalendars,
  fetchChoices,
  fetchPolicies,
  saveCalendar,
  savePolicy,
  slaKeys,
} from './sla-api.ts';
import {
  holidaysText,
  parseHolidays,
  parseRanges,
  prioritiesOf,
  priorityFilter,
  rangesText,
} from './sla-forms.ts';

const text = slaText;

function errorText(err: unknown): string {
  if (err instanceof ApiError && err.errors.length > 0) return err.errors.map((e) => e.message).join(' ');
  return text.saveError;
}

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const all = intl.supportedValuesOf?.('timeZone') ?? [];
  return [...new Set(['America/Sao_Paulo', 'UTC', ...all])];
}

/** Service levels (issue 37 item 3, `/config/sla`): calendars and policies. */
export function SlaPage() {
  const calendars = useQuery({
    queryKey: slaKeys.calendars,
    queryFn: ({ signal }) => fetchCalendars(signal),
  });
  const policies = useQuery({ queryKey: slaKeys.policies, queryFn: ({ signal }) => fetchPolicies(signal) });
  const [calendar, setCalendar] = useState<SlaCalendar | 'new' | null>(null);
  const [policy, setPolicy] = useState<SlaPolicy | 'new' | null>(null);
  const client = useQueryClient();
  const removal = useMutation({
    mutationFn: (what: { kind: 'calendar' | 'policy'; id: number }) =>
      what.kind === 'calendar' ? deleteCalendar(what.id) : deletePolicy(what.id),
    onSuccess: () => {
      notify({ kind: 'success', title: text.removed });
      void client.invalidateQueries({ queryKey: slaKeys.all });
    },
    onError: (err) => notify({ kind: 'error', title: errorText(err) }),
  });
  const remove = (kind: 'calendar' | 'policy', id: number) => {
    if (window.confirm(text.confirmRemove)) removal.mutate({ kind, id });
  };

  if (calendars.isPending || policies.isPending)
    return (
      <Group p="lg" gap="sm" role="status">
        <Loader size="sm" />
        <Text>{text.loading}</Text>
      </Group>
    );
  if (calendars.isError || policies.isError)
    return (
      <Stack p="lg" align="flex-start">
        <Alert color="red" role="alert">
          {text.loadError}
        </Alert>
        <Button onClick={() => void Promise.all([calendars.refetch(), policies.refetch()])}>
          {text.reload}
        </Button>
      </Stack>
    );
  const calendarList = calendars.data.itens;
  const policyList = policies.data.itens;
  const calendarName = new Map(calendarList.map((c) => [c.calendarId, c.name]));

  return (
    <Stack p="lg" gap="lg" maw={960}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {text.title}
          </Title>
          <Text size="sm">{text.intro}</Text>
        </Stack>
        <Anchor component={Link} to="/config/sla/report">
          {text.reportLink}
        </Anchor>
      </Group>

      <section aria-labelledby="sla-policies">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h3" id="sla-policies">
            {text.policies.title}
          </Title>
          {calendarList.length > 0 && <Button onClick={() => setPolicy('new')}>{text.policies.add}</Button>}
        </Group>
        {policyList.length === 0 ? (
          <Text size="sm">
            {calendarList.length === 0 ? text.policies.needCalendar : text.policies.empty}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
            {policyList.map((p) => (
              <Paper key={p.policyId} withBorder p="sm" component="li">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>
                        {p.position}. {p.name}
                      </Text>
                      <Text size="sm">({p.active ? text.policies.active : text.policies.inactive})</Text>
                    </Group>
                    <Text size="sm">
                      {text.policies.targets(p.firstResponseMinutes, p.resolutionMinutes)} ·{' '}
                      {calendarName.get(p.calendarId) ?? ''}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setPolicy(p)}
                      aria-label={text.edit(p.name)}
                    >
                      {text.edit('')}
                    </Button>
                    <RowRemoveButton
                      label={text.remove(p.name)}
                      onClick={() => remove('policy', p.policyId)}
                    />
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </section>

      <section aria-labelledby="sla-calendars">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h3" id="sla-calendars">
            {text.calendars.title}
          </Title>
          <Button variant="default" onClick={() => setCalendar('new')}>
            {text.calendars.add}
          </Button>
        </Group>
        {calendarList.length === 0 ? (
          <Text size="sm">{text.calendars.empty}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
            {calendarList.map((c) => (
              <Paper key={c.calendarId} withBorder p="sm" component="li">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={600}>{c.name}</Text>
                    <Text size="sm">
                      {c.timeZone} ·{' '}
                      {text.calendars.summary(c.week.filter((d) => d.length > 0).length, c.holidays.length)}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setCalendar(c)}
                      aria-label={text.edit(c.name)}
                    >
                      {text.edit('')}
                    </Button>
                    <RowRemoveButton
                      label={text.remove(c.name)}
                      onClick={() => remove('calendar', c.calendarId)}
                    />
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </section>

      {calendar !== null && <CalendarModal calendar={calendar} onClose={() => setCalendar(null)} />}
      {policy !== null && (
        <PolicyModal
          policy={policy}
          calendars={calendarList}
          nextPosition={policyList.reduce((m, p) => Math.max(m, p.position + 1), 1)}
          onClose={() => setPolicy(null)}
        />
      )}
    </Stack>
  );
}

function CalendarModal({ calendar, onClose }: { calendar: SlaCalendar | 'new'; onClose: () => void }) {
  const start = calendar === 'new' ? null : calendar;
  const [name, setName] = useState(start?.name ?? '');
  const [timeZone, setTimeZone] = useState(start?.timeZone ?? 'America/Sao_Paulo');
  const [days, setDays] = useState<string[]>(
    start
      ? start.week.map((d) => rangesText(d))
      : ['', '08:00-18:00', '08:00-18:00', '08:00-18:00', '08:00-18:00', '08:00-18:00', ''],
  );
  const [national, setNational] = useState(start?.nationalHolidays ?? true);
  const [holidays, setHolidays] = useState(holidaysText(start?.holidays ?? []));
  const [problem, setProblem] = useState<string | null>(null);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: () => {
      const week = days.map((d) => parseRanges(d));
      const badDay = week.findIndex((d) => d === undefined);
      if (badDay >= 0) throw new Error(text.calendars.badRanges(text.weekdays[badDay] ?? ''));
      const parsed = parseHolidays(holidays);
      if ('bad' in parsed) throw new Error(text.calendars.badHoliday(parsed.bad));
      return saveCalendar(start?.calendarId ?? null, {
        name,
        timeZone,
        week: week as [number, number][][],
        nationalHolidays: national,
        holidays: parsed.dates,
        ...(start ? { version: start.version } : {}),
      });
    },
    onSuccess: () => {
      notify({ kind: 'success', title: text.saved });
      void client.invalidateQueries({ queryKey: slaKeys.all });
      onClose();
    },
    onError: (err) => setProblem(err instanceof ApiError ? errorText(err) : err.message),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': text.close }}
      title={start ? text.edit(start.name) : text.calendars.add}
      size="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setProblem(null);
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={text.calendars.name}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            data-autofocus
            maxLength={100}
          />
          <Select
            label={text.calendars.timeZone}
            data={zones()}
            value={timeZone}
            onChange={(v) => v && setTimeZone(v)}
            searchable
            allowDeselect={false}
          />
          <Text size="sm" fw={500}>
            {text.calendars.hours}
          </Text>
          <Text size="xs">{text.calendars.hoursHint}</Text>
          {text.weekdays.map((day, i) => (
            <TextInput
              key={day}
              label={day}
              value={days[i] ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setDays((all) => all.map((d, j) => (j === i ? v : d)));
              }}
              placeholder="08:00-12:00, 13:00-18:00"
            />
          ))}
          <Checkbox
            label={text.calendars.national}
            checked={national}
            onChange={(e) => setNational(e.currentTarget.checked)}
          />
          <Textarea
            label={text.calendars.holidays}
            description={text.calendars.holidaysHint}
            value={holidays}
            onChange={(e) => setHolidays(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {text.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PolicyModal(props: {
  policy: SlaPolicy | 'new';
  calendars: SlaCalendar[];
  nextPosition: number;
  onClose: () => void;
}) {
  const start = props.policy === 'new' ? null : props.policy;
  const statuses = useQuery({
    queryKey: slaKeys.choices('situacao'),
    queryFn: ({ signal }) => fetchChoices('situacao', signal),
  });
  const priorities = useQuery({
    queryKey: slaKeys.choices('prioridade'),
    queryFn: ({ signal }) => fetchChoices('prioridade', signal),
  });
  const [name, setName] = useState(start?.name ?? '');
  const [position, setPosition] = useState<number | string>(start?.position ?? props.nextPosition);
  const [active, setActive] = useState(start?.active ?? true);
  const [calendarId, setCalendarId] = useState<string | null>(
    String(start?.calendarId ?? props.calendars[0]?.calendarId ?? ''),
  );
  const custom = start ? prioritiesOf(start.filter) === null : false;
  const [chosen, setChosen] = useState<string[]>((start && prioritiesOf(start.filter)) ?? []);
  const [first, setFirst] = useState<number | string>(start?.firstResponseMinutes ?? '');
  const [resolution, setResolution] = useState<number | string>(start?.resolutionMinutes ?? '');
  const [pause, setPause] = useState<string[]>((start?.pauseStatuses ?? []).map(String));
  const [done, setDone] = useState<string[]>((start?.doneStatuses ?? []).map(String));
  const [problem, setProblem] = useState<string | null>(null);
  const client = useQueryClient();
  const target = (v: number | string) => (v === '' ? null : Number(v));
  const save = useMutation({
    mutationFn: () =>
      savePolicy(start?.policyId ?? null, {
        name,
        position: Number(position) || 0,
        active,
        calendarId: Number(calendarId),
        filter: custom && start ? start.filter : priorityFilter(chosen),
        firstResponseMinutes: target(first),
        resolutionMinutes: target(resolution),
        pauseStatuses: pause.map(Number),
        doneStatuses: done.map(Number),
        ...(start ? { version: start.version } : {}),
      }),
    onSuccess: () => {
      notify({ kind: 'success', title: text.saved });
      void client.invalidateQueries({ queryKey: slaKeys.all });
      props.onClose();
    },
    onError: (err) => setProblem(errorText(err)),
  });
  const choicesFailed = statuses.isError || priorities.isError;
  return (
    <Modal
      opened
      onClose={props.onClose}
      closeButtonProps={{ 'aria-label': text.close }}
      title={start ? text.edit(start.name) : text.policies.add}
      size="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setProblem(null);
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={text.policies.name}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            data-autofocus
            maxLength={100}
          />
          <Group grow>
            <NumberInput
              label={text.policies.position}
              value={position}
              onChange={setPosition}
              min={0}
              max={10000}
              allowDecimal={false}
            />
            <Select
              label={text.policies.calendar}
              data={props.calendars.map((c) => ({ value: String(c.calendarId), label: c.name }))}
              value={calendarId}
              onChange={setCalendarId}
              allowDeselect={false}
            />
          </Group>
          <Switch
            label={text.policies.active}
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          {choicesFailed && (
            <Alert color="red" role="alert">
              {text.loadError}
            </Alert>
          )}
          {custom ? (
            <Text size="sm">{text.policies.customFilter}</Text>
          ) : (
            <MultiSelect
              label={text.policies.priorities}
              description={text.policies.prioritiesHint}
              data={priorities.data ?? []}
              value={chosen}
              onChange={setChosen}
              disabled={priorities.isPending}
              clearable
            />
          )}
          <Group grow>
            <NumberInput
              label={text.policies.firstResponse}
              description={text.policies.targetHint}
              value={first}
              onChange={setFirst}
              min={1}
              max={525600}
              allowDecimal={false}
            />
            <NumberInput
              label={text.policies.resolution}
              description={text.policies.targetHint}
              value={resolution}
              onChange={setResolution}
              min={1}
              max={525600}
              allowDecimal={false}
            />
          </Group>
          <MultiSelect
            label={text.policies.pauseStatuses}
            data={statuses.data ?? []}
            value={pause}
            onChange={setPause}
            disabled={statuses.isPending}
            clearable
          />
          <MultiSelect
            label={text.policies.doneStatuses}
            data={statuses.data ?? []}
            value={done}
            onChange={setDone}
            disabled={statuses.isPending}
            clearable
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {text.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
