import { on } from './fetch-stub.ts';

/** The readable subjects: one, `chamado`. */
const subjects = [
  { subjectId: 3, subjectIdentifier: 'chamado', subjectName: 'Chamado', icon: null, isBuiltIn: false },
];
const prioridade = {
  subjectAttributeId: 31,
  identifier: 'prioridade',
  subjectAttributeIdentifier: 'prioridade',
  name: 'Prioridade',
  attributeName: 'Prioridade',
  subjectAttributeName: 'Prioridade',
  componentId: 1,
  isRequired: false,
  isEditable: true,
  isNaturalKey: false,
  isMultipleValues: false,
  isOrderable: true,
  isInternal: false,
  length: 50,
  defaultValue: null,
  componentConfigs: {},
  relatedSubject: null,
  tooltip: null,
  description: null,
  icon: null,
  order: 1,
};
const chamado = { ...subjects[0], subjectAttributes: [prioridade] };

/**
 * The subject the automation and tag editor tests work on, for stubFetch: `chamado` (id 3) with one
 * text attribute, `prioridade` (id 31), as GET /api/context/subjects and GET /api/subject/chamado
 * answer it.
 */
export function chamadoRoutes() {
  return [on('GET', '/api/context/subjects', 200, subjects), on('GET', '/api/subject/chamado', 200, chamado)];
}
