import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { slaText } from '../../i18n/sla.ts';
import { fetchReport, slaKeys } from './sla-api.ts';

const text = slaText.report;
const MONTHS = [1, 3, 6, 12, 24];

function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${m}/${y}`;
}

/** Compliance per month and per policy (`/config/sla/report`). */
export function SlaReportPage() {
  const [months, setMonths] = useState(6);
  const report = useQuery({
    queryKey: slaKeys.report(months),
    queryFn: ({ signal }) => fetchReport(months, signal),
  });
  return (
    <Stack p="lg" gap="md" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {text.title}
        </Title>
        <Anchor component={Link} to="/config/sla">
          {text.back}
        </Anchor>
      </Group>
      <Select
        label={text.months}
        data={MONTHS.map((n) => ({ value: String(n), label: text.monthsOption(n) }))}
        value={String(months)}
        onChange={(v) => v && setMonths(Number(v))}
        allowDeselect={false}
        maw={240}
      />
      {report.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{slaText.loading}</Text>
        </Group>
      ) : report.isError ? (
        <Stack align="flex-start">
          <Alert color="red" role="alert">
            {slaText.loadError}
          </Alert>
          <Button onClick={() => void report.refetch()}>{slaText.reload}</Button>
        </Stack>
      ) : report.data.rows.length === 0 ? (
        <Text>{text.empty}</Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.month}</Table.Th>
              <Table.Th>{text.policy}</Table.Th>
              <Table.Th>{text.target}</Table.Th>
              <Table.Th ta="right">{text.met}</Table.Th>
              <Table.Th ta="right">{text.breached}</Table.Th>
              <Table.Th ta="right">{text.rate}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.data.rows.map((r) => (
              <Table.Tr key={`${r.month}-${r.policyId}-${r.target}`}>
                <Table.Td>{monthLabel(r.month)}</Table.Td>
                <Table.Td>{r.policyName}</Table.Td>
                <Table.Td>{text.targets[r.target]}</Table.Td>
                <Table.Td ta="right">{r.met}</Table.Td>
                <Table.Td ta="right">{r.breached}</Table.Td>
                <Table.Td ta="right">
                  {Math.round((r.met / Math.max(1, r.met + r.breached)) * 100).toLocaleString('pt-BR')} %
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
