/**
 * Titles the screens registry (app/screens.ts) gives routes and tabs, apart from each feature's
 * texts: the registry is part of the sign-in screen's code (issue 18), while a feature's texts load
 * with its screen. The features' text objects use these same strings.
 */
export const screenTitles = {
  records: 'Registros',
  roomList: 'Perfis de acesso',
  roomNew: 'Adicionar Novo Perfil de Acesso',
  roomEdit: 'Editar Perfil de Acesso',
  userList: 'Todos os usuários',
  userAdd: 'Adicionar Novo Usuário',
  userEdit: 'Editar usuário',
  profile: 'Informações do usuário',
  menuBuilder: 'Configuração do menu',
  search: 'Resultados da busca',
} as const;
