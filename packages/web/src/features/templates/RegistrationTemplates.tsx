import { ActionIcon, Badge, Group, Input, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TEMPLATE_SCENARIO, TEMPLATE_TYPE } from '@talkbase/domain/contracts/templates';
import { useState } from 'react';
import { templatesText } from '../../i18n/templates.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { fetchTemplates, templateKeys } from './templates-api.ts';

const text = templatesText.editor;

/** A custom template's registration and edition forms (001 §2.9, §7: scenarioid=2 of the subject). */
export function RegistrationTemplates(props: {
  subjectId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) {
  const q = { scenarioId: TEMPLATE_SCENARIO.form, subjectId: props.subjectId, page: 1, fetch: 1000 };
  const forms = useQuery({
    queryKey: templateKeys.list(q),
    queryFn: ({ signal }) => fetchTemplates(q, signal),
  });
  const [removing, setRemoving] = useState<number | null>(null);
  const all = forms.data?.itens ?? [];
  const nameOf = (id: number) => {
    const f = all.find((x) => x.templateId === id);
    return f ? f.templateName || templatesText.list.unnamed : `#${id}`;
  };
  const kindOf = (id: number) =>
    all.find((x) => x.templateId === id)?.templateType === TEMPLATE_TYPE.edition ? 'edição' : 'cadastro';
  const options = all
    .filter((f) => !props.value.includes(f.templateId))
    .map((f) => ({
      value: String(f.templateId),
      label: `${f.templateName || templatesText.list.unnamed} (${f.templateType === TEMPLATE_TYPE.edition ? 'edição' : 'cadastro'})`,
    }));
  return (
    <Input.Wrapper label={text.registration} error={props.error}>
      <Stack gap="xs" mt={4}>
        {props.value.length > 0 && (
          <Group gap="xs">
            {props.value.map((id) => (
              <Badge
                key={id}
                variant="light"
                size="lg"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={text.removeRegistration(nameOf(id))}
                    onClick={() => setRemoving(id)}
                  >
                    <Icon name="close" size="1.1em" />
                  </ActionIcon>
                }
              >
                {nameOf(id)}{' '}
                <Text span size="xs">
                  ({kindOf(id)})
                </Text>
              </Badge>
            ))}
          </Group>
        )}
        <Select
          aria-label={text.addRegistration}
          placeholder={text.addRegistration}
          data={options}
          value={null}
          onChange={(v) => v && props.onChange([...props.value, Number(v)])}
          disabled={options.length === 0}
          maw={360}
        />
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={text.confirmTitle}

        onClose={() => setRemoving(null)}
        onConfirm={() => {
          props.onChange(props.value.filter((x) => x !== removing));
          setRemoving(null);
        }}
      >
        {text.confirmRemoveRegistration}
      </ConfirmModal>
    </Input.Wrapper>
  );
}
