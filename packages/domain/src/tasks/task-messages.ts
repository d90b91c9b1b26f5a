/**
 * The task area's texts (spec 002 §8), shared by the server's answers and the web screens. Texts
 * marked "spec" are verbatim; "ours" cover what the spec does not show, in the same tone.
 */
export const taskMessages = {
  // Insert.
  insertFailed: 'Tarefa não cadastrada. Tente novamente ou entre em contato com o administrador do sistema.', // spec
  insertedAndStartedReloadFailed:
    'A tarefa foi criada e iniciada, no entanto não foi possível atualizar o componente. Recarregando...', // spec
  recordInserted: 'O registro foi inserido com sucesso!', // spec
  createdNotStarted: 'A tarefa foi criada, no entanto não foi possível iniciá-la.', // spec
  inserted: (id: number) => `Tarefa #${String(id)} inserida com sucesso!`, // spec ('inserida com sucesso!')
  insertedAndStarted: (id: number) => `Tarefa #${String(id)} inserida e iniciada com sucesso!`, // spec

  // Start.
  startFailed: 'Ocorreu um erro ao tentar iniciar a tarefa...', // spec
  started: (id: number) => `Tarefa #${String(id)} iniciada com sucesso!`, // spec ('iniciada com sucesso!')
  estimatesSaved: 'Estimativa(s) atualizada(s) com sucesso! Iniciando tarefa...', // spec
  forecastRequired: 'Informe a previsão de término para iniciar a tarefa.', // ours
  estimateRequired: 'Informe a duração estimada para iniciar a tarefa.', // ours
  anotherRunning: (id: number) =>
    `Você já tem a tarefa #${String(id)} em execução. Pause-a ou finalize-a antes de iniciar outra.`, // ours
  runningElsewhere: (name: string) => `Esta tarefa já está em execução por ${name}.`, // ours

  // Pause.
  paused: (id: number) => `Tarefa #${String(id)} pausada com sucesso!`, // spec
  pauseFailed: (id: number) =>
    `Tarefa #${String(id)} não pausada. Entre em contato com o administrador ou tente novamente.`, // spec

  // Finish.
  finished: 'Registro finalizado com sucesso!', // spec
  finishFailed: (id: number) =>
    `Não foi possível finalizar a tarefa #${String(id)}. Tente novamente ou entre em contato com o administrador.`, // spec
  reasonsSaved: 'Motivo(s) atualizado(s) com sucesso!', // spec
  deadlineReasonRequired: 'O prazo da tarefa passou: informe o motivo de atraso do prazo.', // ours
  estimateReasonRequired: 'A tarefa passou da duração estimada: informe o motivo de atraso da estimativa.', // ours

  // States that refuse an action (ours).
  notAllowed: {
    start: 'A tarefa não pode ser iniciada: ela já está em execução ou foi finalizada.',
    pause: 'A tarefa não pode ser pausada: ela não está em execução.',
    finish: 'A tarefa não pode ser finalizada: ela ainda não foi iniciada ou já foi finalizada.',
  },
  statusChangedByActions:
    'A situação da tarefa muda pelas ações Iniciar, Pausar e Finalizar, não por edição.', // ours
  totalByServer: 'A duração total é contada pelo servidor e não pode ser informada.', // ours
  statusMissing: (name: string) =>
    `A situação "${name}" não está cadastrada no assunto da situação da tarefa.`, // ours
} as const;
