/**
 * Descriptions (descriptions.ts) of the settings calls: templates, access profiles (rooms), the
 * company menu, report models, tags, automations and their runs, notifications and channels.
 */

/** Tags and automations are for administrators of access profile 1 only (spec 000 §6). */
const ROOM_1 = 'Somente administradores do perfil de acesso 1; os demais recebem 403.';

export const settingsDescriptions: Readonly<Record<string, string>> = {
  // Templates of grids and forms
  'GET /api/template':
    'Lista os templates da empresa, por nome: `{itens, totalResults, currentPage}`. Filtros: `scenarioId`, ' +
    '`templatetype` (2 usuário, 3 padrão da empresa, 5 formulário de inclusão, 6 formulário de edição, 7 ' +
    'personalizado), `subjectId` (id ou identificador do assunto), `accountId` e `term` (até 25 caracteres, no nome do ' +
    'template ou do assunto). Sem `templatetype`, os templates de usuário ficam de fora. `fetch` padrão 10, até 10.000.',
  'POST /api/template':
    'Cria um template de grade ou de formulário para um assunto, com as suas áreas (colunas ou campos, grupos, ' +
    'largura, ordem, obrigatório, oculto…). Responde `201` com o template e `Location`. Recusas: 400 por campo (nome, ' +
    'assunto, template base, áreas); 422 `O campo escolhido não pertence ao assunto do template.`, `Este assunto já ' +
    'possui um template padrão.`, `Este usuário já possui um template para este assunto.`, entre outras.',
  'DELETE /api/template':
    'Exclui templates: `{templateIds}` → `{deleted}` (ids de outra empresa contam como inexistentes). ' +
    'O template padrão de um assunto não sai: 422 `O template padrão de um assunto não pode ser removido.`.',
  'GET /api/template/accounts/{id}':
    'As pessoas que ainda podem ganhar um template de usuário derivado do template base `{id}`: as ativas sem template ' +
    'de usuário no assunto dele, mais `accountId` (o dono do template em edição). Responde `{itens: [{accountId, ' +
    'displayName}], totalResults, currentPage}`; 404 quando `{id}` não é um template base da empresa.',
  'GET /api/template/{id}':
    'Um template com as suas áreas, configurações e templates relacionados; 404 `Template não encontrado.`.',
  'PUT /api/template/{id}':
    'Substitui o nome, as áreas e os templates relacionados de um template. Com `version` (a lida), uma alteração ' +
    'feita por outra pessoa responde 409. O assunto, o tipo e, num template de usuário, a base e a pessoa não mudam ' +
    '(422). Responde o template salvo.',

  // Access profiles (rooms)
  'GET /api/Room':
    'Lista os perfis de acesso da empresa, por nome: `{itens: [{roomId, roomName, displayName, color}], ' +
    'totalResults, currentPage}`; `fetch` padrão 100, até 1.000; `term` procura parte do nome.',
  'POST /api/Room':
    'Cria um perfil de acesso: nome, cor, ações sobre cada assunto e atributo, filtros e delimitações de registros, ' +
    'menus, perfis conectados, notificações e assuntos que exigem certificado digital. Responde `201 {resourceId, ' +
    'roomId}` com `Location`. Referência desconhecida: 422 citando o campo (`Assunto não encontrado.`, ' +
    '`Menu não encontrado.`…).',
  'GET /api/room/action':
    'As ações que se podem dar a um perfil de acesso: sobre assuntos (Visualizar, Inserir, Alterar, Excluir, ' +
    'Ativar/Desativar), sobre atributos (Preencher, Alterar, Limpar, Visualizar) e sobre menus (Visualizar).',
  'GET /api/room/resource':
    'O que se pode dar a um perfil de acesso: o menu da empresa em árvore (`Menus`) e cada assunto com os seus ' +
    'atributos (`Subjects`), para as matrizes do formulário.',
  'GET /api/room/notification':
    'As notificações da empresa com os canais que ela tem ligados: `[{notificationId, notificationName, ' +
    'notificationChannels: [{channelId, isRequired}]}]`, para a matriz de notificações do perfil de acesso.',
  'GET /api/room/{roomId}':
    'Um perfil de acesso com as suas permissões: ações por assunto e por atributo, filtros, delimitações ' +
    '(`sharedTalks`), menus, perfis conectados, notificações e `version`. 404 `Perfil de acesso não encontrado.`.',
  'PUT /api/room/{roomId}':
    'Substitui um perfil de acesso inteiro (o mesmo corpo da criação) e responde o perfil salvo. Com `version` (a ' +
    'lida), uma alteração feita por outra pessoa responde 409 `Este perfil de acesso foi alterado por outra pessoa. ' +
    'Recarregue a página para ver as alterações.`; sem ela, vale a última gravação.',
  'DELETE /api/room/{roomId}':
    'Remove um perfil de acesso; responde 204. Recusas: 422 `Este perfil de acesso faz parte do sistema e não pode ser ' +
    'excluído.` (perfis 1 e 1196) e `Há usuários neste perfil de acesso; mova-os antes de excluí-lo.`.',

  // The company menu
  'GET /api/presentation/menu/all':
    'O menu que o perfil de acesso da conta vê: `{Menus: [nó], configured, companyId}`. O perfil 1 vê tudo; os ' +
    'demais, os itens que receberam (com todos os de cima), folhas só de assuntos que leem. `{Menus: []}` quando a ' +
    'empresa não tem menu. Com `?scope=company`, só para administradores (403 para os demais), o menu inteiro da ' +
    'empresa, para editá-lo.',
  'GET /api/presentation/menu/readers':
    'Os perfis de acesso (menos o 1) e os assuntos que cada um lê: `[{roomId, roomName, subjectIds}]`, para escolher ' +
    'quem vê os novos itens do menu.',
  'GET /api/presentation/menu/{menuId}':
    'Um item do menu, como em `GET /api/presentation/menu/all`; 404 `Menu não encontrado.` quando o perfil de acesso ' +
    'não o vê ou ele não existe.',
  'PUT /api/presentation/menu/{menuId}':
    'Substitui o menu da empresa; o parâmetro do caminho é o `companyId` das respostas do menu (outra empresa: 403). ' +
    'Corpo `{Menus: [nó]}` ou a lista: itens com `Id` o mantêm, itens sem `Id` são criados (vistos só pelo perfil 1 ' +
    'até serem dados a outros, por exemplo com `Rooms: [roomId]`), itens ausentes são removidos. Responde o menu com ' +
    'todos os ids; as sessões abertas recebem `MenuChanged`. Recusas: 400 por campo (nome, cenário, assunto, até 5 ' +
    'níveis e 500 itens); 422 para assunto, template, filtro ou perfil de acesso desconhecido.',

  // Report models
  'GET /api/report/model/list':
    'Lista os modelos de relatório cujo assunto principal o perfil de acesso lê, por nome: `{itens: [{templateId, ' +
    'templateName, subjectIdentifier}], totalResults, currentPage}`; `fetch` padrão e máximo 1.000; `term` procura ' +
    'no nome.',
  'GET /api/report/model/{templateId}':
    'Um modelo de relatório: assunto principal, assuntos relacionados e colunas. 404 `Modelo de relatório não ' +
    'encontrado.`, também quando o perfil de acesso não lê o assunto principal.',
  'PUT /api/report/model/{templateId}':
    'Altera um modelo de relatório. Com `version` (a lida), uma alteração feita por outra pessoa responde 409. ' +
    'As regras são as da criação. Responde o modelo salvo.',
  'POST /api/report/model':
    'Cria um modelo de relatório: nome, assuntos (o principal primeiro), relacionamentos entre eles e colunas, cada ' +
    'uma com valores como `${assunto.atributo}`. Responde `201` com o modelo e `Location`. Recusas: 400 `Digite um ' +
    'nome`, `Adicione pelo menos uma coluna`…; 422 `O relacionamento escolhido não liga esses assuntos.`, ' +
    '`O atributo ${s.a} não pertence aos assuntos do modelo.`.',
  'DELETE /api/report/model':
    'Exclui modelos de relatório: `{TemplateIds}` (ou `templateIds`) → `{deleted}`; ids de outra empresa contam como ' +
    'inexistentes.',

  // Tags
  // Service levels (SLA): calendars, policies, the tickets' clocks and the compliance report
  'GET /api/sla/calendar':
    'Lista os calendários de atendimento da empresa, por nome: fuso horário, faixas de horário de cada dia da ' +
    'semana (minutos do dia, domingo primeiro), feriados nacionais sim ou não e feriados próprios.',
  'POST /api/sla/calendar':
    'Cria um calendário de atendimento. Responde `201` com o calendário. Recusas: 400 por campo (fuso desconhecido, ' +
    'faixas sobrepostas ou fora de 00:00–24:00, datas inválidas, semana sem nenhuma faixa); 422 acima de 50 calendários.',
  'PUT /api/sla/calendar/{id}':
    'Altera um calendário, com a versão que a pessoa viu: 409 se outra pessoa o alterou antes; 404 se não existe. ' +
    'Os prazos dos chamados passam a usá-lo na próxima mudança de cada um.',
  'DELETE /api/sla/calendar/{id}':
    'Exclui um calendário. Responde 204; 409 `Calendário em uso por uma política…` enquanto uma política o usa.',
  'GET /api/sla/policy':
    'Lista as políticas de SLA na ordem de avaliação: a primeira ativa cujo filtro o chamado atende é a que vale.',
  'POST /api/sla/policy':
    'Cria uma política: filtro sobre os chamados (prioridade, cliente, tipo…), metas de primeira resposta e de ' +
    'resolução em minutos úteis, situações que pausam o prazo e situações que encerram o chamado. Responde `201`; ' +
    '422 para um calendário que não existe ou um filtro que não vale para os chamados.',
  'PUT /api/sla/policy/{id}':
    'Altera uma política, com a versão que a pessoa viu: 409 se outra pessoa a alterou antes; 404 se não existe.',
  'DELETE /api/sla/policy/{id}':
    'Exclui uma política e os prazos que ela deu aos chamados; os chamados abertos passam à próxima política ' +
    'que os alcance. Responde 204.',
  'GET /api/sla/active':
    'Se a grade do assunto mostra a coluna de SLA: `active` é verdadeiro para o assunto dos chamados quando a ' +
    'empresa tem uma política ativa, falso para os outros assuntos. Qualquer conta que leia o assunto pode perguntar.',
  'GET /api/sla/state':
    'Os prazos de SLA dos chamados de uma página da grade (até 200 ids): situação de cada meta (contando, pausado, ' +
    'cumprido, violado), minutos úteis usados e vencimento. Somente os chamados que a conta pode ler aparecem, pelo ' +
    'mesmo recorte da grade.',
  'GET /api/sla/report':
    'Cumprimento de SLA por mês (no fuso da empresa) e por política: prazos cumpridos e violados de cada meta, nos ' +
    'últimos `months` meses (1 a 24).',
  'GET /api/tag':
    'Lista as tags da empresa, por nome: `{itens: [{tagId, tagName, tagColor}], totalResults, currentPage}`; `fetch` ' +
    'padrão 10, até 500; `term` (até 50 caracteres) procura parte do nome, sem acentos nem maiúsculas. ' +
    ROOM_1,
  'POST /api/tag':
    'Cria uma tag: `{tagName (até 50), tagColor (#rrggbb), tagFilters (1 a 20 filtros, cada um sobre um assunto)}` → ' +
    '`201 {tagId}`. Os registros que atendem a um dos filtros passam a levar a tag; os já existentes são reavaliados ' +
    'em segundo plano (veja o andamento). Filtro inválido ou atributo de outro assunto: 422. ' +
    ROOM_1,
  'GET /api/tag/options':
    'Os nomes e as cores das tags da empresa, sem os filtros, para o filtro de tags da grade: a mesma página de ' +
    '`GET /api/tag`, para qualquer conta conectada.',
  'GET /api/tag/{tagId}': 'Uma tag com os seus filtros; 404 `Tag não encontrada.`. ' + ROOM_1,
  'PUT /api/tag/{tagId}':
    'Altera uma tag. Quando os filtros mudam, os registros existentes dos assuntos antigos e novos são reavaliados ' +
    'em segundo plano; mudar só o nome ou a cor não reavalia nada. Responde a tag salva. ' +
    ROOM_1,
  'DELETE /api/tag/{tagId}': 'Remove uma tag; os registros a perdem na hora. Responde 204. ' + ROOM_1,
  'GET /api/tag/{tagId}/progress':
    'O andamento da última reavaliação dos registros existentes pela tag: `{state: pending | running | done, ' +
    'processed, total, startedAt, finishedAt}`. ' +
    ROOM_1,

  // E-mail channels
  'GET /api/email/channel':
    'Lista os canais de e-mail da empresa, por nome: `{itens, totalResults, currentPage}`; `fetch` padrão 25, até ' +
    '100. Cada canal é um endereço cujos e-mails abrem registros de um assunto e entram nas suas conversas. ' +
    ROOM_1,
  'POST /api/email/channel':
    'Cria um canal: `{name, address, subject (padrão chamado), defaults: [{subjectAttributeIdentifier, value}], ' +
    'unknownSender (create ou refuse), active, inbound (smtp)}` → `201` com o canal. Endereço já usado: 409; assunto ' +
    'inexistente ou atributo padrão que o assunto não tem: 422. ' +
    ROOM_1,
  'GET /api/email/channel/{channelId}':
    'Um canal de e-mail; 404 `Canal de e-mail não encontrado.`. ' + ROOM_1,
  'PUT /api/email/channel/{channelId}':
    'Altera um canal, com a `version` lida: versão velha responde 409 (outra pessoa alterou o canal). ' +
    ROOM_1,
  'DELETE /api/email/channel/{channelId}':
    'Remove um canal; e-mails para o seu endereço passam a ser recusados. Responde 204. ' + ROOM_1,
  'GET /api/email/talk/{subject}/{talkId}':
    'Se o registro pode ser respondido por e-mail: `{canReply, channelAddress, requester, reason}` (um canal ativo ' +
    'alimenta o assunto e há um solicitante com e-mail). Quem lê o registro; senão 404.',
  'POST /api/email/talk/{subject}/{talkId}/reply':
    'Publica a mensagem `{text}` na conversa do registro e a envia por e-mail ao solicitante, do endereço do canal, ' +
    'com o assunto `[#id] título` e os cabeçalhos que mantêm a troca unida no programa de e-mail do cliente. ' +
    'Responde `201 {messageId, ' +
    'conversationId}`; sem canal ou sem solicitante: 422.',

  // Automations
  'GET /api/job':
    'Lista as automações da empresa, por nome: `{itens: [{jobId, name, eventTypes, updatedAt}], totalResults, ' +
    'currentPage}`; `fetch` 10, 25, 50 ou 100 (padrão 10; outro valor: 400); `term` procura parte do nome. ' +
    ROOM_1,
  'POST /api/job':
    'Cria uma automação: eventos ("Quando acontecer...": inclusão, edição, exclusão, agendamento, mensagem…, cada um ' +
    'com o seu filtro) e ações ("Então faça...": e-mail, valor, tag, notificação, requisição HTTP…). Responde ' +
    '`201 {jobId}`. Passos incompletos, filtros inválidos e referências desconhecidas (assunto, atributo, tag, ' +
    'notificação, automação, conta): 400, cada erro com o caminho do campo (`events.0.steps.0.filter`). Uma ação ' +
    'de integração (SitaIntegration, ComprovanteCarregamento, ExtratoDesova, ExtratoAvaria, ComprovanteAverbacao) ' +
    'sem executor registrado nesta instalação: 422 `Esta ação de integração não está disponível nesta ' +
    'instalação.` (`works.0.steps.0.workStepType`); o mesmo vale para `PUT /api/job/{jobId}`. ' +
    ROOM_1,
  'GET /api/job/actions':
    'As ações de integração que esta instalação executa: `{integrationKinds: [...]}`, as que têm um executor ' +
    'registrado no servidor. A especificação só dá o nome das cinco, sem descrevê-las: sem executor, nenhuma é ' +
    'aceita em uma automação. ' +
    ROOM_1,
  'GET /api/job/{jobId}':
    'Uma automação com os seus eventos, ações e todos os ids; 404 `Automação não encontrada.` (também a de outra ' +
    'empresa). ' +
    ROOM_1,
  'PUT /api/job/{jobId}':
    'Substitui uma automação; os ids de eventos e passos desta automação se mantêm, os passos ausentes são ' +
    'removidos. As regras são as da criação. Responde a automação salva. ' +
    ROOM_1,
  'DELETE /api/job/{jobId}':
    'Remove uma automação; as suas execuções ficam como histórico. Responde 204. ' + ROOM_1,
  'POST /api/job/{jobId}/run':
    'Executa a automação, em segundo plano e em lotes, sobre todos os registros existentes que atendem ao filtro do ' +
    'seu primeiro evento: `202 {runId}`. Não vale para um evento de exclusão (422). 404 `Automação não encontrada.`. ' +
    ROOM_1,
  'GET /api/job/{jobId}/runs':
    'As execuções de uma automação, das mais novas às mais antigas: `{itens, totalResults, currentPage}`; `fetch` ' +
    '10, 25, 50 ou 100 (padrão 10). ' +
    ROOM_1,
  'GET /api/job/runs':
    'As execuções de todas as automações da empresa, das mais novas às mais antigas (a tela Execuções): `{itens, ' +
    'totalResults, currentPage}`. `status` (`pending`, `running`, `succeeded`, `failed`, `cancelled`) e `jobId` ' +
    'filtram; `fetch` 10, 25, 50 ou 100 (padrão 10). ' +
    ROOM_1,
  'GET /api/job/run/{runId}':
    'Uma execução: o que a disparou, o registro, a situação e cada passo (situação, erro, tentativas, o que fez e ' +
    'quanto tempo levou). 404 `Execução não encontrada.`. ' +
    ROOM_1,
  'POST /api/job/run/{runId}/retry':
    'Executa de novo uma execução que falhou ou foi cancelada, desde o primeiro passo, e responde a execução, ' +
    'pendente outra vez. Em outra situação: 409. ' +
    ROOM_1,
  'POST /api/job/run/{runId}/resume':
    'Retoma uma execução que falhou ou foi cancelada a partir do passo que parou; os passos feitos não se repetem. ' +
    'Responde a execução, pendente outra vez; em outra situação: 409. ' +
    ROOM_1,
  'POST /api/job/run/{runId}/cancel':
    'Cancela uma execução: uma pendente para na hora; uma em andamento, entre um passo (ou lote) e o próximo. ' +
    'Responde a execução; já terminada: 409. ' +
    ROOM_1,
  'GET /api/job/engine':
    'Se as automações da empresa estão pausadas: `{paused, pausedAt, pausedBy}` (quando e por qual conta). ' +
    ROOM_1,
  'POST /api/job/pause':
    'Pausa as automações da empresa: nenhuma execução começa ou continua (a em andamento para no próximo passo ou ' +
    'lote e volta a pendente). Eventos e agendamentos seguem criando execuções pendentes, então nada se perde. ' +
    'Responde `{paused: true, pausedAt, pausedBy}`. ' +
    ROOM_1,
  'POST /api/job/resume':
    'Retoma as automações da empresa: as execuções pendentes continuam de onde pararam. Responde ' +
    '`{paused: false, pausedAt: null, pausedBy: null}`. ' +
    ROOM_1,

  // Notifications and channels
  'GET /api/notification':
    'Lista as notificações da empresa, por nome, com os seus canais: `{itens, totalResults, currentPage}`; `fetch` ' +
    '1 a 500 (padrão 10); `NotificationName` (até 25 caracteres) procura parte do nome.',
  'POST /api/notification':
    'Cria uma notificação: nome, descrição, assunto (opcional), título e mensagem com variáveis `${…}` e canais ' +
    '(1 Aplicação, 2 E-mail, 3 Notificação do navegador; ao menos um). Responde `201` com a notificação. Recusas: 400 ' +
    '`Campo obrigatório.`, `Por favor, selecione pelo menos um canal.`; 422 `Canal desconhecido.`, ' +
    '`Assunto não encontrado.`.',
  'DELETE /api/notification':
    'Exclui notificações: `{notificationId}` (um id ou uma lista) ou `{notificationIds}` → `{deleted}`. Todas ou ' +
    'nenhuma: uma desconhecida responde 404, uma usada por automação 422 `Existem automações associadas à esta ' +
    'notificação!`; sem ids, 400 `Selecione pelo menos uma notificação.`.',
  'GET /api/notification/variables':
    'As variáveis que o título e a mensagem podem usar, para o seletor `${`: `[{variable, label, group}]`, com as da ' +
    'conta (`User.Email`, `User.Name`), `IdentificadorConversa`, os atributos do assunto `subjectId` e os dos assuntos ' +
    'relacionados (`cliente.nome`).',
  'GET /api/notification/links':
    'O endereço público (`PUBLIC_URL`) para onde apontam os links dos registros nos e-mails: `{publicUrl}`, ou ' +
    '`{publicUrl: null}` quando o servidor não o tem — então os e-mails só nomeiam o registro, sem link.',
  'GET /api/notification/{notificationId}':
    'Uma notificação com os seus canais; 404 `Notificação não encontrada.`.',
  'PUT /api/notification/{notificationId}':
    'Altera uma notificação (os canais são substituídos). As regras são as da criação. Responde a notificação salva.',
  'POST /api/notification/{notificationId}/send':
    'Envia uma notificação às contas escolhidas: `{accountIds (1 a 1.000), talkId?}` → `{notificationId, recipients, ' +
    'inApp, email, push}`, as entregas feitas por canal (as do navegador seguem em segundo plano). Cada conta recebe ' +
    'os canais da notificação ligados na empresa, menos os que desligou no próprio perfil (os obrigatórios, ' +
    'sempre). Somente administradores e contas de integração (os demais: 403). ' +
    'Recusas, sem enviar nada: 422 `Destinatário não encontrado.`, `Registro não encontrado.` (registro que quem envia ' +
    'não lê).',
  'GET /api/company/channels':
    'Os canais de notificação da empresa e se cada um está ligado: `[{channelId, channelDescription, isEnable, ' +
    'companyChannelId}]`. Os três começam ligados.',
  'PUT /api/company/channel/{channelId}':
    'Liga ou desliga um canal de notificação da empresa: corpo vazio inverte, `{isEnable}` define. Responde o canal; ' +
    '404 `Canal não encontrado.`.',
};
