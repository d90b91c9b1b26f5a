import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';

/** A field editor used outside a record (filter tree 12, schedule 18): the attribute only labels it. */
export function standaloneAttribute(label: string, componentId = 12): ContextSubjectAttribute {
  return {
    subjectAttributeId: 0,
    identifier: 'filtro',
    subjectAttributeIdentifier: 'filtro',
    name: label,
    attributeName: label,
    subjectAttributeName: label,
    componentId,
    isRequired: true,
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
  };
}
