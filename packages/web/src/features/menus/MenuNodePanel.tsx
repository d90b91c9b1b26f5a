import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MENU_NAME_MAX, type Scenario } from '@talkbase/domain/contracts/menus';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { useState } from 'react';
import { menusText } from '../../i18n/menus.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { IconPickerModal } from './IconPickerModal.tsx';
import type { MenuDraftNode, MenuField } from './menu-draft.ts';
import { useSavedFilters } from '../filters/useSavedFilters.ts';
import { fetchMenuTemplates, menuKeys } from './menus-api.ts';

type Patch = Partial<Omit<MenuDraftNode, 'key' | 'children'>>;

/** The edit panel of the selected node (001 §2.13): name, scenario, subject, template, filters, icon. */
export function MenuNodePanel(props: {
  node: MenuDraftNode;
  problems: Map<MenuField, string> | undefined;
  scenarios: Scenario[];
  subjects: Subject[];
  onChange: (patch: Patch) => void;
}) {
  const { node } = props;
  const isParent = node.children.length > 0;
  const [picking, setPicking] = useState(false);
  const [confirmIcon, setConfirmIcon] = useState(false);
  const [removingFilter, setRemovingFilter] = useState<number | null>(null);
  const subject = isParent ? null : node.subject;
  const templates = useQuery({
    queryKey: menuKeys.templates(subject ?? ''),
    queryFn: ({ signal }) => fetchMenuTemplates(subject ?? '', signal),
    enabled: subject !== null,
    staleTime: 60_000,
  });
  const filters = useSavedFilters(subject);
  const problem = (field: MenuField) => props.problems?.get(field);
  const templateOptions = (templates.data ?? []).map((t) => ({
    value: String(t.templateId),
    label: t.templateName || 'Template sem nome',
  }));
  const filterOptions = (filters.data ?? []).map((f) => ({ value: String(f.filterId), label: f.filterName }));
  const optionsFailed = templates.isError || filters.isError;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="menu-panel-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="menu-panel-title">
          {menusText.panel}
        </Title>
        <TextInput
          label={menusText.name}
          required
          maxLength={MENU_NAME_MAX}
          value={node.name}
          onChange={(e) => props.onChange({ name: e.currentTarget.value })}
          error={problem('Name')}
        />
        {isParent ? (
          <Text size="sm">{menusText.parentHint}</Text>
        ) : (
          <>
            <Select
              label={menusText.scenario}
              required
              data={props.scenarios.map((s) => ({ value: s.scenarioIdentifier, label: s.scenarioName }))}
              value={node.scenario}
              onChange={(scenario) => props.onChange({ scenario })}
              error={problem('Scenario')}
              allowDeselect={false}
            />
            <Select
              label={menusText.subject}
              required
              searchable
              data={props.subjects.map((s) => ({ value: s.subjectIdentifier, label: s.subjectName }))}
              value={node.subject}
              // A new subject has other templates and filters (001 §4 Menu).
              onChange={(next) =>
                next !== node.subject && props.onChange({ subject: next, templateId: null, filters: [] })
              }
              error={problem('Subject')}
              nothingFoundMessage="—"
            />
            {optionsFailed && (
              <Alert color="red" role="alert">
                <Group gap="xs">
                  {menusText.optionsError}
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => {
                      void templates.refetch();
                      void filters.refetch();
                    }}
                  >
                    {menusText.reload}
                  </Button>
                </Group>
              </Alert>
            )}
            <Select
              label={menusText.template}
              placeholder={
                subject && templates.isSuccess && templateOptions.length === 0
                  ? menusText.noTemplates
                  : menusText.templatePlaceholder
              }
              clearable
              clearButtonProps={{ 'aria-label': menusText.clearTemplate }}
              disabled={!subject || templates.isPending}
              data={templateOptions}
              value={node.templateId ? String(node.templateId) : null}
              onChange={(v) => props.onChange({ templateId: v ? Number(v) : null })}
              error={problem('TemplateId')}
            />
            <fieldset className="menu-filters">
              <legend>{menusText.filters}</legend>
              <Stack gap="xs">
                {node.filters.length === 0 && <Text size="sm">{menusText.noFilters}</Text>}
                {node.filters.map((filterId, index) => (
                  <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
                    <Select
                      style={{ flex: 1 }}
                      label={menusText.filter(index + 1)}
                      placeholder={menusText.filterPlaceholder}
                      searchable
                      disabled={!subject || filters.isPending}
                      data={filterOptions.filter(
                        (o) => o.value === String(filterId) || !node.filters.includes(Number(o.value)),
                      )}
                      value={filterId ? String(filterId) : null}
                      onChange={(v) =>
                        props.onChange({
                          filters: node.filters.map((f, i) => (i === index ? (v ? Number(v) : null) : f)),
                        })
                      }
                      error={filterId ? undefined : problem('Filters')}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={menusText.removeFilter(index + 1)}
                      onClick={() => setRemovingFilter(index)}
                    >
                      <Icon name="delete" size="1.25rem" />
                    </ActionIcon>
                  </Group>
                ))}
                {problem('Filters') && node.filters.every(Boolean) && (
                  <Text size="sm" className="menu-field-error" role="alert">
                    {problem('Filters')}
                  </Text>
                )}
                <Button
                  variant="default"
                  size="compact-sm"
                  leftSection={<Icon name="filter_alt" size="1rem" />}
                  disabled={!subject}
                  onClick={() => props.onChange({ filters: [...node.filters, null] })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {menusText.addFilter}
                </Button>
              </Stack>
            </fieldset>
          </>
        )}
        <div>
          <Text size="sm" fw={500} id="menu-icon-label">
            {menusText.icon}
          </Text>
          <Group gap="xs" mt={4}>
            <span className="menu-icon-preview" aria-labelledby="menu-icon-label">
              {node.icon ? <Icon name={node.icon} size="1.75rem" /> : null}
              <Text size="sm">{node.icon ?? menusText.noIcon}</Text>
            </span>
            <Button variant="default" size="compact-sm" onClick={() => setPicking(true)}>
              {menusText.chooseIcon}
            </Button>
            {node.icon && (
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => setConfirmIcon(true)}>
                {menusText.removeIcon}
              </Button>
            )}
          </Group>
        </div>
      </Stack>
      <IconPickerModal
        opened={picking}
        current={node.icon}
        onClose={() => setPicking(false)}
        onPick={(icon) => {
          props.onChange({ icon });
          setPicking(false);
        }}
      />
      <ConfirmModal
        opened={confirmIcon}
        title={menusText.removeIcon}
        danger
        onClose={() => setConfirmIcon(false)}
        onConfirm={() => {
          props.onChange({ icon: null });
          setConfirmIcon(false);
        }}
      >
        {menusText.confirmRemoveIcon}
      </ConfirmModal>
      <ConfirmModal
        opened={removingFilter !== null}
        title={menusText.removeFilter((removingFilter ?? 0) + 1)}
        danger
        onClose={() => setRemovingFilter(null)}
        onConfirm={() => {
          props.onChange({ filters: node.filters.filter((_, i) => i !== removingFilter) });
          setRemovingFilter(null);
        }}
      >
        {menusText.confirmRemoveFilter}
      </ConfirmModal>
    </Paper>
  );
}
