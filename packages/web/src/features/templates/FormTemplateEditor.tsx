import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { templatesText } from '../../i18n/templates.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { SortableList, SortableRow } from '../../ui/SortableList.tsx';
import { AvailableFields } from './AvailableFields.tsx';
import { ColumnModal } from './ColumnModal.tsx';
import {
  canIndent,
  canOutdent,
  findPlace,
  indentArea,
  moveAmongSiblings,
  outdentArea,
  placedAttributeIds,
  removeArea,
  updateArea,
} from './form-tree.ts';
import {
  applyColumnEdit,
  COLUMN_ALIAS_MAX,
  newField,
  newGroup,
  type EditorArea,
  type EditorColumn,
  type FieldOption,
} from './template-draft.ts';

const text = templatesText.form;

const areaName = (a: EditorArea) => a.alias || a.attributeName;

/**
 * The editor of a form template (registration 5, edition 6; issue 34 item 2): the subject's fields
 * to add, groups with their legends, the areas ordered by dragging among their siblings and
 * nested into the area above (up to 5 levels), and a live preview of the form they make.
 */
export function FormTemplateEditor(props: {
  /** null while no subject is chosen. */
  fields: FieldOption[] | null;
  emptyHint: string;
  areas: EditorArea[];
  onChange: (areas: EditorArea[]) => void;
  error?: string | undefined;
}) {
  const { areas, onChange } = props;
  const [legend, setLegend] = useState('');
  const [editing, setEditing] = useState<EditorColumn | null>(null);
  const [removing, setRemoving] = useState<EditorArea | null>(null);
  const placed = placedAttributeIds(areas);
  const available = (props.fields ?? []).filter((f) => !placed.has(f.subjectAttributeId));

  const addGroup = () => {
    const name = legend.trim();
    if (!name) return;
    onChange([...areas, newGroup(name)]);
    setLegend('');
  };
  const remove = (a: EditorArea) =>
    a.children.length > 0 ? setRemoving(a) : onChange(removeArea(areas, a.key));

  return (
    <>
      <div className="template-panels">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="form-available-title">
          <Title order={2} size="h4" id="form-available-title" mb="xs">
            {templatesText.editor.available}
          </Title>
          {props.fields === null ? (
            <Text size="sm" c="dimmed">
              {props.emptyHint}
            </Text>
          ) : (
            <AvailableFields fields={available} onAdd={(f) => onChange([...areas, newField(f)])} />
          )}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              addGroup();
            }}
          >
            <Group align="flex-end" mt="md" wrap="nowrap">
              <TextInput
                label={text.newGroupLegend}
                description={text.newGroupHelp}
                value={legend}
                maxLength={COLUMN_ALIAS_MAX}
                onChange={(e) => setLegend(e.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button
                type="submit"
                variant="light"
                disabled={!legend.trim()}
                leftSection={<Icon name="add" />}
              >
                {text.addGroup}
              </Button>
            </Group>
          </form>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="form-structure-title">
          <Title order={2} size="h4" id="form-structure-title" mb="xs">
            {text.structure}
          </Title>
          <Stack gap="xs">
            {props.error && (
              <Alert color="red" variant="light" role="alert" p="xs">
                {props.error}
              </Alert>
            )}
            {areas.length === 0 ? (
              <Text size="sm" c="dimmed">
                {text.empty}
              </Text>
            ) : (
              <>
                <Text size="xs" c="dimmed">
                  {text.help}
                </Text>
                <AreaList
                  list={areas}
                  all={areas}
                  onChange={onChange}
                  onEdit={setEditing}
                  onRemove={remove}
                  label={text.structure}
                />
              </>
            )}
          </Stack>
        </Paper>
      </div>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="form-preview-title">
        <Title order={2} size="h4" id="form-preview-title" mb="xs">
          {text.preview}
        </Title>
        <FormPreview areas={areas} />
      </Paper>
      <ColumnModal
        form
        column={editing}
        onClose={() => setEditing(null)}
        onApply={(edit) => {
          if (editing) onChange(updateArea(areas, editing.key, (a) => applyColumnEdit(a, edit)));
          setEditing(null);
        }}
      />
      <ConfirmModal
        opened={removing !== null}
        title={templatesText.editor.confirmTitle}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onChange(removeArea(areas, removing.key));
          setRemoving(null);
        }}
        confirmLabel={text.removeGroupButton}
      >
        {removing ? text.confirmRemoveGroup(areaName(removing)) : ''}
      </ConfirmModal>
    </>
  );
}

function AreaList(props: {
  list: EditorArea[];
  all: EditorArea[];
  onChange: (areas: EditorArea[]) => void;
  onEdit: (a: EditorColumn) => void;
  onRemove: (a: EditorArea) => void;
  label: string;
}) {
  return (
    <SortableList
      ids={props.list.map((a) => a.key)}
      names={props.list.map(areaName)}
      dragHelp={templatesText.editor.dragHelp}
      onDragEnd={(e) =>
        props.onChange(moveAmongSiblings(props.all, String(e.active.id), e.over ? String(e.over.id) : null))
      }
      className="form-areas"
      label={props.label}
    >
      {props.list.map((a, i) => (
        <AreaRow key={a.key} area={a} index={i} {...props} />
      ))}
    </SortableList>
  );
}

function AreaRow(props: {
  area: EditorArea;
  index: number;
  all: EditorArea[];
  onChange: (areas: EditorArea[]) => void;
  onEdit: (a: EditorColumn) => void;
  onRemove: (a: EditorArea) => void;
}) {
  const { area, all, onChange } = props;
  const name = areaName(area);
  const group = area.subjectAttributeId === null;
  const place = findPlace(all, area.key);
  const above = place && place.index > 0 ? place.siblings[place.index - 1] : undefined;
  return (
    <SortableRow
      id={area.key}
      index={props.index}
      className="form-area"
      dragLabel={templatesText.editor.drag(name)}
      data={{ 'data-area': name, 'data-kind': group ? 'group' : 'field' }}
    >
      <div className="template-field-name">
        {group ? (
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" size="sm" leftSection={<Icon name="segment" />}>
              {text.group}
            </Badge>
            <TextInput
              size="xs"
              aria-label={text.legendOf(name)}
              value={area.alias}
              maxLength={COLUMN_ALIAS_MAX}
              error={area.alias.trim() ? undefined : text.legendMissing}
              onChange={(e) => {
                const alias = e.currentTarget.value;
                onChange(updateArea(all, area.key, (a) => ({ ...a, alias })));
              }}
              style={{ flex: 1 }}
            />
          </Group>
        ) : (
          <>
            <Text size="sm" truncate>
              {name}
            </Text>
            {area.alias && (
              <Text size="xs" c="dimmed" truncate>
                {area.attributeName}
              </Text>
            )}
          </>
        )}
      </div>
      <Group gap={4} wrap="nowrap">
        {!group && area.required && (
          <Badge variant="default" size="sm">
            {text.requiredBadge}
          </Badge>
        )}
        {!group && area.hidden && (
          <Badge variant="default" size="sm">
            {text.hiddenBadge}
          </Badge>
        )}
        {area.extras.length > 0 && (
          <Badge variant="default" size="sm">
            {text.extras(area.extras.length)}
          </Badge>
        )}
        {!group && (
          <ActionIcon
            variant="subtle"
            aria-label={text.edit(name)}
            title={text.edit(name)}
            onClick={() => props.onEdit(area as EditorColumn)}
          >
            <Icon name="edit" />
          </ActionIcon>
        )}
        <ActionIcon
          variant="subtle"
          aria-label={above ? text.indent(name, areaName(above)) : text.indentNone}
          title={above ? text.indent(name, areaName(above)) : text.indentNone}
          disabled={!canIndent(all, area.key)}
          onClick={() => onChange(indentArea(all, area.key))}
        >
          <Icon name="arrow_forward" />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={place?.parent ? text.outdent(name, areaName(place.parent)) : text.outdentNone}
          title={place?.parent ? text.outdent(name, areaName(place.parent)) : text.outdentNone}
          disabled={!canOutdent(all, area.key)}
          onClick={() => onChange(outdentArea(all, area.key))}
        >
          <Icon name="arrow_back" />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={text.remove(name)}
          title={text.remove(name)}
          onClick={() => props.onRemove(area)}
        >
          <Icon name="close" />
        </ActionIcon>
      </Group>
      {area.children.length > 0 && (
        <div className="form-area-children">
          <AreaList
            list={area.children}
            all={all}
            onChange={onChange}
            onEdit={props.onEdit}
            onRemove={props.onRemove}
            label={text.inside(name)}
          />
        </div>
      )}
    </SortableRow>
  );
}

/** The form as a record shows it: groups as legends over their fields, hidden fields left out. */
function FormPreview(props: { areas: EditorArea[] }) {
  if (props.areas.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {text.previewEmpty}
      </Text>
    );
  return (
    <div className="form-preview" data-testid="form-template-preview">
      <PreviewNodes areas={props.areas} />
    </div>
  );
}

function PreviewNodes(props: { areas: EditorArea[] }) {
  return (
    <>
      {props.areas.map((a) => {
        if (a.subjectAttributeId === null)
          return (
            <Fieldset key={a.key} legend={a.alias || text.legendMissing} className="record-area">
              {a.children.length === 0 ? (
                <Text size="xs" c="dimmed">
                  {text.groupEmpty}
                </Text>
              ) : (
                <div className="form-preview-fields">
                  <PreviewNodes areas={a.children} />
                </div>
              )}
            </Fieldset>
          );
        return (
          <div key={a.key} className="form-preview-fields">
            {!a.hidden && (
              <TextInput
                label={areaName(a)}
                required={a.required}
                readOnly
                tabIndex={-1}
                placeholder={a.preselect === null ? undefined : String(a.preselect)}
              />
            )}
            {a.extras.map((x) => (
              <TextInput
                key={x.subjectAttributeId}
                label={x.label || x.attributeName}
                readOnly
                tabIndex={-1}
              />
            ))}
            {a.children.length > 0 && (
              <div className="form-preview-nested">
                <PreviewNodes areas={a.children} />
              </div>
            )}
          </div>
        );
      })}
    </>
  );
}
