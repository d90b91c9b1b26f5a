import { fieldsText } from './fields.ts';
import { fieldsDesignersText } from './fields-designers.ts';
import { fieldsStructuredText } from './fields-structured.ts';
import { recordsText } from './records.ts';
import { recordsViewsText } from './records-views.ts';
import { usersText } from './users.ts';

/**
 * Every text the web app shows, in pt-BR. Texts quoted in the spec are used verbatim (accents
 * included); the rest follow the same tone.
 */
export const t = {
  app: {
    name: 'Talkbase',
    loading: 'Carregando…',
    skipToContent: 'Ir para o conteúdo',
  },
  signIn: {
    title: 'Entrar no Talkbase',
    subtitle: 'Acesse com seu e-mail e senha.',
    email: 'E-mail',
    password: 'Senha',
    keepConnected: 'Manter conectado',
    submit: 'Entrar',
    emailRequired: 'Informe o e-mail',
    passwordRequired: 'Informe a senha',
    passcodeTitle: 'Verificação em duas etapas',
    passcodeHint: 'Enviamos um código de 6 dígitos para o seu e-mail. Digite-o abaixo para continuar.',
    passcode: 'Código de verificação',
    passcodeInvalid: 'O código deve ter 6 dígitos',
    passcodeSubmit: 'Verificar',
    back: 'Voltar',
    unreachable: 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
  },
  session: {
    lost: 'Você não possui mais acesso ao sistema. Por favor, realize o login novamente.',
  },
  topBar: {
    label: 'Barra superior',
    menu: 'Abrir ou fechar o menu (Alt+J)',
    fullScreen: 'Tela cheia (Alt+H)',
    nightMode: 'Modo noturno (Alt+G)',
    fontUp: 'Aumentar o tamanho da fonte',
    fontDown: 'Diminuir o tamanho da fonte',
    userMenu: 'Menu do usuário',
    profile: 'Meu perfil',
    logout: 'Sair',
  },
  sideMenu: {
    label: 'Menu principal',
    companyMenu: 'Menu',
    settings: 'Configurações',
    sections: {
      users: 'Usuários',
      appearance: 'Cores e Acessibilidade',
      system: 'Sistema',
      templates: 'Templates',
      notifications: 'Notificações',
    },
    items: {
      config_users_list: 'Todos os usuários',
      config_users_add: 'Adicionar usuário',
      config_access_profile_list: 'Perfis de acesso',
      config_theme: 'Temas',
      config_dark_mode: 'Modo noturno',
      config_system: 'Situação do sistema',
      automation_list: 'Automações',
      menu: 'Menu',
      tags_list: 'Tags',
      template_list_default: 'Templates padrão',
      template_list_custom: 'Templates personalizados',
      template_list_users: 'Templates de usuários',
      notification_list: 'Notificações',
      channels: 'Canais',
    },
  },
  tabs: {
    label: 'Abas abertas',
    close: (title: string) => `Fechar a aba ${title}`,
  },
  dashboard: {
    title: 'Início',
  },
  notFound: {
    title: 'Página não encontrada',
    text: 'O endereço que você tentou acessar não existe ou foi removido.',
    home: 'Voltar para o início',
  },
  system: {
    title: 'Situação do sistema',
    server: 'Servidor',
    status: 'Situação',
    ok: 'Em funcionamento',
    version: 'Versão',
    database: 'Banco de dados',
    loadError: 'Ocorreu um erro no carregamento da página. Por favor, tente novamente.',
    reload: 'Tentar novamente',
  },
  theme: {
    title: 'Temas',
    colors: 'Cor do tema',
    colorsHint: 'A cor escolhida é usada em botões, links e destaques.',
    color: (name: string) => `Cor ${name}`,
    nightMode: 'Modo noturno',
    nightModeHint: 'Cores escuras, mais confortáveis em ambientes com pouca luz.',
    fontSize: 'Tamanho da fonte',
    fontSizes: ['Normal', 'Grande', 'Maior'] as const,
    shortcuts: 'Atalhos de teclado',
  },
  darkMode: {
    title: 'Modo noturno',
  },
  shortcuts: {
    nightMode: 'Alternar o modo noturno',
    fullScreen: 'Alternar a tela cheia',
    menu: 'Abrir ou fechar o menu',
  },
  connection: {
    offline: 'Ops! Parece que você não tem uma conexão com a internet ativa no momento...',
    online: 'Que legal, sua conexão está ativa novamente!',
  },
  notices: {
    region: 'Notificações',
    defaultTitle: 'Notificação',
    close: 'Fechar notificação',
  },
  realtime: {
    reconnecting: 'Tentando reconexão com servidor em tempo real',
    restored: 'Conexão com servidor em tempo real reestabelecida',
    lost: 'Conexão com servidor em tempo real perdida',
    startFailed: 'Erro ao tentar iniciar a conexão com o servidor de tempo real',
    reloadAdvice: 'Recarregue a página para voltar a receber atualizações.',
    reload: 'Recarregar a página',
  },
  routeError: {
    text: 'Ocorreu um erro no carregamento da página. Por favor, tente novamente.',
    reload: 'Recarregar a página',
  },
  confirm: {
    confirm: 'Confirmar',
    cancel: 'Cancelar',
    ok: 'OK',
    close: 'Fechar',
  },
  errors: {
    generic: 'Ocorreu um erro inesperado. Por favor, tente novamente.',
  },
  /** The records screens (features/records), in their own file. */
  records: recordsText,
  /** The field editors (src/fields), in their own file. */
  fields: fieldsText,
  fieldsStructured: fieldsStructuredText,
  fieldsDesigners: fieldsDesignersText,
  recordsViews: recordsViewsText,
  /** Users, integration accounts and the own profile (features/users, features/profile). */
  users: usersText,
} as const;
