import { Group, NumberInput, Select, TagsInput, TextInput } from '@mantine/core';
import { DateInput, DatePickerInput, DateTimePicker } from '@mantine/dates';
import { MAX_RELATIVE_DAYS, valueShapeOf } from '@talkbase/domain/filters/filter-rule-shape';
import type { Operator } from '@talkbase/domain/filters/filter-tree';
import type { ValueKind } from '@talkbase/domain/records/value-kinds';
import dayjs from 'dayjs';
import { PtBrDates } from '../../dates.ts';
import { RelatedSelect } from './RelatedSelect.tsx';
import { fieldsStructuredText } from '../../../i18n/fields-structured.ts';

const text = fieldsStructuredText.filterTree;

export interface FilterValueInputProps {
  kind: ValueKind;
  /** For references: the attribute whose options are offered. */
  attributeId: number | null;
  operator: Operator;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The rule's number in the tree, for the inputs' accessible names. */
  n: string;
  readOnly: boolean;
}

const numberOrNull = (v: string | number): number | null => (v === '' ? null : Number(v));

interface SingleProps {
  kind: ValueKind;
  attributeId: number | null;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  readOnly: boolean;
}

/** One value, in the input its kind calls for, emitted in canonical form (docs/api.md "Talks"). */
function SingleValue({ kind, attributeId, value, onChange, label, readOnly }: SingleProps) {
  switch (kind) {
    case 'integer':
    case 'decimal':
      return (
        <NumberInput
          aria-label={label}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(numberOrNull(v))}
          allowDecimal={kind === 'decimal'}
          decimalSeparator=","
          readOnly={readOnly}
        />
      );
    case 'boolean':
      return (
        <Select
          aria-label={label}
          data={[
            { value: 'true', label: text.yes },
            { value: 'false', label: text.no },
          ]}
          value={typeof value === 'boolean' ? String(value) : null}
          onChange={(v) => onChange(v === null ? null : v === 'true')}
          readOnly={readOnly}
        />
      );
    case 'date':
      return (
        <DateInput
          aria-label={label}
          valueFormat="DD/MM/YYYY"
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          readOnly={readOnly}
        />
      );
    case 'datetime':
      return (
        <DateTimePicker
          aria-label={label}
          valueFormat="DD/MM/YYYY HH:mm"
          value={typeof value === 'string' ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null}
          onChange={(v) => onChange(v === null ? null : dayjs(v).toISOString())}
          readOnly={readOnly}
        />
      );
    case 'reference':
      return attributeId === null ? (
        <NumberInput
          aria-label={label}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(numberOrNull(v))}
          allowDecimal={false}
          min={1}
          readOnly={readOnly}
        />
      ) : (
        <RelatedSelect
          attributeId={attributeId}
          ariaLabel={label}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
          readOnly={readOnly}
        />
      );
    default:
      return (
        <TextInput
          aria-label={label}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
          readOnly={readOnly}
        />
      );
  }
}

/** A list of values (in / not in). */
function ListValue({ kind, attributeId, value, onChange, label, readOnly }: SingleProps) {
  const list: unknown[] = Array.isArray(value) ? (value as unknown[]) : [];
  if (kind === 'reference' && attributeId !== null) {
    return (
      <RelatedSelect
        multiple
        attributeId={attributeId}
        ariaLabel={label}
        value={list.filter((v): v is number => typeof v === 'number')}
        onChange={onChange}
        readOnly={readOnly}
      />
    );
  }
  if (kind === 'date') {
    return (
      <DatePickerInput
        type="multiple"
        aria-label={label}
        valueFormat="DD/MM/YYYY"
        value={list.filter((v): v is string => typeof v === 'string')}
        onChange={(v) => onChange(v)}
        readOnly={readOnly}
      />
    );
  }
  const numeric = kind === 'integer' || kind === 'decimal' || kind === 'reference';
  return (
    <TagsInput
      aria-label={label}
      placeholder={text.valuesPlaceholder}
      value={list.map(String)}
      onChange={(items) => {
        if (!numeric) {
          onChange(items);
          return;
        }
        const numbers = items.map((item) => Number(item.replace(',', '.')));
        onChange(numbers.filter((n) => (kind === 'decimal' ? Number.isFinite(n) : Number.isInteger(n))));
      }}
      readOnly={readOnly}
    />
  );
}

/** The value part of a rule: none, one, a pair (between), a list (in) or a number of days. */
export function FilterValueInput(props: FilterValueInputProps) {
  return (
    <PtBrDates>
      <RuleValue {...props} />
    </PtBrDates>
  );
}

function RuleValue({ kind, attributeId, operator, value, onChange, n, readOnly }: FilterValueInputProps) {
  const common = { kind, attributeId, readOnly };
  switch (valueShapeOf(operator)) {
    case 'none':
      return null;
    case 'days':
      return (
        <NumberInput
          aria-label={text.days(n)}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(numberOrNull(v))}
          allowDecimal={false}
          allowNegative={false}
          min={0}
          max={MAX_RELATIVE_DAYS}
          readOnly={readOnly}
        />
      );
    case 'one':
      return <SingleValue {...common} value={value} onChange={onChange} label={text.value(n)} />;
    case 'two': {
      const pair: unknown[] = Array.isArray(value) ? (value as unknown[]) : [null, null];
      const set = (i: 0 | 1) => (v: unknown) => {
        const next: unknown[] = [pair[0] ?? null, pair[1] ?? null];
        next[i] = v;
        onChange(next);
      };
      return (
        <Group gap="xs" wrap="nowrap">
          <SingleValue {...common} value={pair[0]} onChange={set(0)} label={text.valueFrom(n)} />
          <SingleValue {...common} value={pair[1]} onChange={set(1)} label={text.valueTo(n)} />
        </Group>
      );
    }
    case 'list':
      return <ListValue {...common} value={value} onChange={onChange} label={text.values(n)} />;
  }
}
