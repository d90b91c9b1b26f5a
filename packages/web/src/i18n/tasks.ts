import { taskMessages } from '@talkbase/domain/tasks/task-messages';

/**
 * Texts of the task area (features/tasks): the active-task scenario, the task actions on a record,
 * the estimates and delay-reason modals and the top bar's running-task indicator. The 002 §8
 * messages come from the domain (shared with the server's answers), verbatim.
 */
export const tasksText = {
  messages: taskMessages,
  title: 'Tarefa ativa',
  loading: 'Carregando a tarefa em execução…',
  loadError: 'Não foi possível carregar a tarefa em execução.',
  retry: 'Tentar novamente',
  empty: 'Nenhuma tarefa em execução no momento.',
  emptyHint: 'Inicie uma tarefa pela sua tela, ou crie uma agora e comece a contar o tempo.',
  timerLabel: 'Tempo trabalhado',
  runningSince: (time: string) => `Em execução desde ${time}`,
  runningBy: (name: string) => `Em execução por ${name}`,
  forecast: 'Previsão de término',
  estimate: 'Duração estimada',
  noValue: '—',
  late: 'Prazo vencido',
  overEstimate: 'Acima da estimativa',
  openTask: (id: number) => `Abrir a tarefa #${String(id)}`,
  actions: {
    label: 'Ações da tarefa',
    start: 'Iniciar',
    resume: 'Retomar',
    pause: 'Pausar',
    finish: 'Finalizar',
  },
  quick: {
    title: 'Nova tarefa',
    subject: 'Assunto',
    createAndStart: 'Criar e iniciar',
    cannotCreate: 'Seu perfil não pode criar tarefas.',
  },
  estimates: {
    title: 'Estimativas da tarefa',
    intro: 'Para iniciar a tarefa, informe a previsão de término e a duração estimada.',
    save: 'Salvar e iniciar',
  },
  reasons: {
    title: 'Motivos de atraso',
    deadline: 'O prazo da tarefa passou.',
    estimate: 'O tempo trabalhado passou da duração estimada.',
    save: 'Salvar e finalizar',
  },
  cancel: 'Cancelar',
  close: 'Fechar',
  required: (name: string) => `O campo ${name} é obrigatório`,
  indicator: (id: number, time: string) => `Tarefa #${String(id)} em execução: ${time}`,
  statusBadge: 'Situação',
};
