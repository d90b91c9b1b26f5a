import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type {
  ContextResponse,
  ContextScenario,
  ContextSubjectAttribute,
} from '@talkbase/domain/contracts/contexts';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { DATES } from './dates.ts';
import { DEFAULT_THEME } from '@talkbase/domain/themes/palettes';
import { buildTheme } from '../ui/theme.ts';

const { theme } = buildTheme(DEFAULT_THEME);
import type { FieldEditor, FieldEditorProps } from './types.ts';

/** A context attribute (002 §3) with everything an editor reads; override what the test needs. */
export function contextAttribute(over: Partial<ContextSubjectAttribute> = {}): ContextSubjectAttribute {
  const identifier = over.identifier ?? 'campo';
  const name = over.name ?? 'Campo';
  return {
    subjectAttributeId: 101,
    identifier,
    subjectAttributeIdentifier: identifier,
    name,
    attributeName: name,
    subjectAttributeName: name,
    componentId: 1,
    isRequired: false,
    isEditable: true,
    isNaturalKey: false,
    isMultipleValues: false,
    isOrderable: false,
    isInternal: false,
    length: null,
    defaultValue: null,
    componentConfigs: {},
    relatedSubject: null,
    tooltip: null,
    description: null,
    icon: null,
    order: 1,
    actions: { create: true, update: true, delete: true },
    preSelect: null,
    ...over,
  };
}

/** A context answer (GET /api/context/web/…) for the subject 'pedido' with these attributes. */
export function contextResponse(
  attributes: ContextSubjectAttribute[],
  over: { scenario?: ContextScenario; actions?: Partial<ContextResponse['subject']['actions']> } = {},
): ContextResponse {
  return {
    contextId: 'ctx',
    scenario: over.scenario ?? 'form',
    subject: {
      subjectId: 3,
      subjectName: 'Pedido',
      subjectIdentifier: 'pedido',
      icon: null,
      isBuiltIn: false,
      subjectAttributes: attributes,
      actions: { Read: true, Create: true, Update: true, Delete: true, Deactivate: true, ...over.actions },
    },
    relatedSubjects: [],
    subjectsThatReferThis: [],
    template: null,
  };
}

export function TestProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} env="test">
        <DatesProvider settings={DATES}>{children}</DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

export interface EditorHarness {
  /** Every value the editor emitted, in order. */
  changes: unknown[];
  /** The last message reported through onInputError (undefined when none or cleared). */
  inputError: () => string | undefined;
}

/**
 * Renders an editor as a screen would: the value lives in state and follows onChange, so the test
 * sees what the user would. Returns the emitted values and the last input error.
 */
export function renderEditor(
  Editor: FieldEditor,
  props: Partial<FieldEditorProps> & { attribute: ContextSubjectAttribute },
) {
  const changes: unknown[] = [];
  let lastInputError: string | undefined;
  function Controlled() {
    const [value, setValue] = useState<unknown>(props.value ?? null);
    return (
      <Editor
        label={props.attribute.name}
        id={`field-${props.attribute.identifier}`}
        readOnly={false}
        required={props.attribute.isRequired}
        subject="campos"
        talkId={0}
        {...props}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
          props.onChange?.(next);
        }}
        onInputError={(message) => {
          lastInputError = message;
          props.onInputError?.(message);
        }}
      />
    );
  }
  const view = render(
    <TestProviders>
      <Controlled />
    </TestProviders>,
  );
  const harness: EditorHarness = { changes, inputError: () => lastInputError };
  return { ...view, ...harness };
}
