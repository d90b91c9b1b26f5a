import { Button, Fieldset, Group, Input, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { SubjectAttribute } from '@talkbase/domain/contracts/subjects';
import { configValue } from '@talkbase/domain/fields/component-config';
import {
  findFilterProblem,
  operatorsFor,
  RECORD_ID_ATTRIBUTE,
  valueShapeOf,
  type FilterableAttribute,
} from '@talkbase/domain/filters/filter-rule-shape';
import type { Operator } from '@talkbase/domain/filters/filter-tree';
import { valueKindOf, type ValueKind } from '@talkbase/domain/records/value-kinds';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Icon } from '../../../ui/Icon.tsx';
import type { FieldEditorProps } from '../../types.ts';
import {
  emptyGroup,
  emptyRule,
  fromDraft,
  pathLabel,
  toDraft,
  updateAt,
  type DraftGroup,
  type DraftNode,
  type DraftRule,
  type NodePath,
} from './filter-draft.ts';
import { FilterValueInput } from './FilterValueInput.tsx';
import { useSubjectSchema } from './useSubjectSchema.ts';
import { fieldsStructuredText } from '../../../i18n/fields-structured.ts';

const text = fieldsStructuredText.filterTree;

/** The built-in subject of saved filters; its `assunto` holds the subject a filter is for. */
const SAVED_FILTER_SUBJECT = 'filtro';
const SAVED_FILTER_ABOUT = 'assunto';

/**
 * The subject whose records the tree filters: the attribute's config `subject` when set; in a
 * saved filter (subject `filtro`) the record's `assunto`, as the server reads it when it lists and
 * applies saved filters (server/src/modules/saved-filters); otherwise the record's own subject.
 */
export function filteredSubjectOf(
  props: Pick<FieldEditorProps, 'attribute' | 'subject' | 'valueOf'>,
): string | null {
  const configured = configValue(props.attribute.componentConfigs, 'subject');
  if (typeof configured === 'string' && configured.trim() !== '') return configured.trim();
  if (props.subject.toLowerCase() === SAVED_FILTER_SUBJECT) {
    const about = props.valueOf?.(SAVED_FILTER_ABOUT);
    return typeof about === 'string' && about.trim() !== '' ? about.trim() : null;
  }
  return props.subject;
}

interface Choice {
  value: string;
  label: string;
  attribute: FilterableAttribute;
  /** For references: the attribute's id, to list its options. */
  optionsOf: number | null;
}

function choicesOf(attributes: readonly SubjectAttribute[]): Choice[] {
  const choices: Choice[] = [
    { value: 'id', label: text.recordId, attribute: RECORD_ID_ATTRIBUTE, optionsOf: null },
  ];
  for (const a of attributes) {
    const attribute: FilterableAttribute = {
      identifier: a.identifier,
      id: a.subjectAttributeId,
      kind: valueKindOf(a.componentId),
      isMultipleValues: a.isMultipleValues,
    };
    if (operatorsFor(attribute).length === 0) continue;
    const optionsOf = attribute.kind === 'reference' && a.relatedSubject ? a.subjectAttributeId : null;
    choices.push({ value: a.identifier, label: a.name, attribute, optionsOf });
  }
  return choices;
}

function choiceFor(choices: readonly Choice[], ref: string | number | null): Choice | undefined {
  if (ref === null) return undefined;
  const key = String(ref).toLowerCase();
  return choices.find(
    (c) => c.value === key || (c.attribute.id !== undefined && String(c.attribute.id) === key),
  );
}

interface NodeProps {
  path: NodePath;
  choices: readonly Choice[];
  readOnly: boolean;
  change: (path: NodePath, update: (node: DraftNode) => DraftNode | null) => void;
}

function RuleEditor({ rule, path, choices, readOnly, change }: NodeProps & { rule: DraftRule }) {
  const n = pathLabel(path);
  const choice = choiceFor(choices, rule.attribute);
  const operators = choice ? operatorsFor(choice.attribute) : [];
  const kind: ValueKind = choice?.attribute.kind ?? 'text';
  const set = (patch: Partial<DraftRule>) => {
    change(path, (node) => ({ ...(node as DraftRule), ...patch }));
  };
  return (
    <Group align="flex-start" gap="xs" wrap="wrap" data-rule={n}>
      <Select
        aria-label={text.attribute(n)}
        placeholder={text.attributePlaceholder}
        data={choices.map((c) => ({ value: c.value, label: c.label }))}
        value={choice?.value ?? null}
        onChange={(next) => {
          const nextChoice = choiceFor(choices, next);
          const ops = nextChoice ? operatorsFor(nextChoice.attribute) : [];
          const keep =
            rule.operator !== null && ops.includes(rule.operator) && nextChoice?.attribute.kind === kind;
          set({ attribute: next, operator: keep ? rule.operator : null, value: keep ? rule.value : null });
        }}
        searchable
        readOnly={readOnly}
        allowDeselect={false}
      />
      <Select<Operator>
        aria-label={text.operator(n)}
        placeholder={text.operatorPlaceholder}
        data={operators.map((op) => ({ value: op, label: text.operators[op] }))}
        value={rule.operator}
        onChange={(next) => {
          const sameShape =
            next !== null && rule.operator !== null && valueShapeOf(next) === valueShapeOf(rule.operator);
          set({ operator: next, value: sameShape ? rule.value : null });
        }}
        disabled={!choice}
        readOnly={readOnly}
        allowDeselect={false}
      />
      {choice && rule.operator && (
        <FilterValueInput
          kind={kind}
          attributeId={choice.optionsOf}
          operator={rule.operator}
          value={rule.value}
          onChange={(value) => set({ value })}
          n={n}
          readOnly={readOnly}
        />
      )}
      {!readOnly && (
        <Button
          variant="subtle"
          color="red"
          aria-label={text.removeRule(n)}
          onClick={() => change(path, () => null)}
          px="xs"
        >
          <Icon name="delete" />
        </Button>
      )}
    </Group>
  );
}

function GroupEditor({ group, path, choices, readOnly, change }: NodeProps & { group: DraftGroup }) {
  const n = pathLabel(path);
  const add = (node: DraftNode) => {
    change(path, (g) => ({ ...(g as DraftGroup), rules: [...(g as DraftGroup).rules, node] }));
  };
  return (
    <Fieldset legend={text.group(n)} variant={path.length === 0 ? 'unstyled' : 'default'} p="xs">
      <Stack gap="xs">
        <div role="radiogroup" aria-label={`${text.condition} (${text.group(n)})`}>
          <SegmentedControl
            data={[
              { value: 'E', label: text.and },
              { value: 'OU', label: text.or },
            ]}
            value={group.condition}
            onChange={(condition) =>
              change(path, (g) => ({ ...(g as DraftGroup), condition: condition === 'OU' ? 'OU' : 'E' }))
            }
            readOnly={readOnly}
            size="xs"
          />
        </div>
        {path.length === 0 && group.rules.length === 0 && (
          <Text size="sm" c="dimmed">
            {text.empty}
          </Text>
        )}
        {group.rules.map((node, i) =>
          node.type === 'group' ? (
            <GroupEditor
              key={node.key}
              group={node}
              path={[...path, i]}
              choices={choices}
              readOnly={readOnly}
              change={change}
            />
          ) : (
            <RuleEditor
              key={node.key}
              rule={node}
              path={[...path, i]}
              choices={choices}
              readOnly={readOnly}
              change={change}
            />
          ),
        )}
        {!readOnly && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() => add(emptyRule())}
              leftSection={<Icon name="add" />}
            >
              {text.addRule}
            </Button>
            <Button
              size="xs"
              variant="light"
              onClick={() => add(emptyGroup(true))}
              leftSection={<Icon name="account_tree" />}
            >
              {text.addGroup}
            </Button>
            {path.length > 0 && (
              <Button size="xs" variant="subtle" color="red" onClick={() => change(path, () => null)}>
                {text.removeGroup}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Component 12: the filter-tree editor (filter-tree.ts). Groups joined by E / OU, nested groups,
 * rules on an attribute of the filtered subject with the operators of its kind and the value(s)
 * the operator takes. Only a complete tree is emitted (an empty one as null); meanwhile the
 * missing piece is reported through onInputError.
 */
export function FilterTreeEditor(props: FieldEditorProps) {
  const { value, onChange, onInputError, readOnly, label, id, error, variant, required } = props;
  const subject = filteredSubjectOf(props);
  const schema = useSubjectSchema(subject);
  const choices = useMemo(() => choicesOf(schema.data?.subjectAttributes ?? []), [schema.data]);
  const attributes = useMemo(() => choices.map((c) => c.attribute), [choices]);

  // The draft follows a value changed from outside (another record, a reset), not our own echo.
  const [draft, setDraft] = useState(() => toDraft(value));
  const [seen, setSeen] = useState<unknown>(value);
  const [emitted, setEmitted] = useState<unknown>(value);
  if (!sameJson(seen, value)) {
    setSeen(value);
    if (!sameJson(emitted, value)) {
      setEmitted(value);
      setDraft(toDraft(value));
    }
  }
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const problemOf = (root: DraftGroup): string | undefined => {
    const found = findFilterProblem(fromDraft(root), attributes, { allowEmptyRoot: true });
    if (!found) return undefined;
    return found.code === 'tooLarge' ? found.message : text.problems[found.code];
  };

  // A subject's attributes changing (another `assunto`) may leave rules on attributes it lacks.
  const recheck = useEffectEvent(() => {
    if (draft.rules.length === 0) return;
    const found = problemOf(draft);
    if (found) onInputError?.(found);
  });
  useEffect(() => {
    if (schema.data) recheck();
  }, [schema.data]);

  const change = (path: NodePath, update: (node: DraftNode) => DraftNode | null) => {
    const next = updateAt(draft, path, update);
    setDraft(next);
    const found = problemOf(next);
    setProblem(found);
    onInputError?.(found);
    if (found) return;
    const tree = next.rules.length === 0 ? null : fromDraft(next);
    if (!sameJson(tree, emitted)) {
      setEmitted(tree);
      onChange(tree);
    }
  };

  const cell = variant === 'cell';
  const status = !subject ? (
    <Text size="sm" c="dimmed">
      {text.noSubject}
    </Text>
  ) : schema.isPending ? (
    <Group gap="xs">
      <Loader size="xs" />
      <Text size="sm">{text.loading}</Text>
    </Group>
  ) : schema.isError ? (
    <Text size="sm" c="red">
      {text.loadError}
    </Text>
  ) : null;

  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      label={cell ? undefined : label}
      required={required}
      error={error ?? problem}
      description={cell ? undefined : (props.attribute.description ?? undefined)}
    >
      <div
        id={id}
        role="group"
        aria-label={label}
        aria-describedby={(error ?? problem) ? `${id}-error` : undefined}
      >
        {status ?? (
          <GroupEditor group={draft} path={[]} choices={choices} readOnly={readOnly} change={change} />
        )}
      </div>
    </Input.Wrapper>
  );
}
