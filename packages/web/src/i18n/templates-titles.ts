/** Tab and screen titles of the template screens (001 §2.8–2.9), kept apart so the route registry stays small. */
export const templateTitles = {
  custom: 'Templates de Personalizados',
  default: 'Templates padrão',
  users: 'Templates de Usuários',
  forms: 'Templates de formulário',
  editorEdit: 'Editar template',
  editorNew: 'Criar novo template',
} as const;
