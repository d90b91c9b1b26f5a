/**
 * Descriptions (descriptions.ts) of the calls on subjects and their records: the subjects'
 * structure, the records, their options, contexts, files, conversations, tasks, CSV and search.
 */

/** What every call on a subject's records checks first (said once, appended to each). */
const GATE = 'Assunto que exige certificado digital, sem verificação em vigor: 403.';
const READ = `Assunto que o perfil de acesso não lê: 404. ${GATE}`;
const ACCESS = `Assunto que o perfil de acesso não lê: 404; ação que ele não tem sobre o assunto: 403. ${GATE}`;

export const recordDescriptions: Readonly<Record<string, string>> = {
  // Subjects (the record types) and their attributes
  'GET /api/subject':
    'Lista os assuntos da empresa com os seus atributos: `{itens, totalResults, currentPage}` (`fetch` até 1.000; ' +
    'acima, 400). `term` procura parte do nome ou do identificador. Para quem não é administrador, só os ' +
    'assuntos que o perfil de acesso lê, sem os atributos que ele não pode ver.',
  'POST /api/subject':
    'Cria um assunto com `{identifier, name, icon?, attributes?}` numa só transação; responde `201` com o assunto. ' +
    'O identificador tem letras minúsculas, dígitos e `_`. O assunto ganha um template padrão de grade, e os perfis ' +
    'de acesso de administradores recebem todas as ações sobre ele. Identificador já usado ou assunto relacionado ' +
    'inexistente: 422.',
  'GET /api/subject/related/other/{subject}':
    'Os atributos de outros assuntos que apontam para este: `[{subjectAttributeId, subjectAttributeIdentifier, ' +
    'attributeName, isMultipleValues, relatedSubject}]`. Para quem não é administrador, só os de assuntos e ' +
    'atributos que o perfil de acesso lê.',
  'GET /api/subject/{subject}':
    'Um assunto (pelo identificador, sem diferenciar maiúsculas) com os seus atributos na ordem definida. Para quem ' +
    'não é administrador, 404 quando o perfil de acesso não lê o assunto, e sem os atributos que ele não pode ver.',
  'PUT /api/subject/{subject}':
    'Altera o nome ou o ícone de um assunto: `{name?, icon?}`; campo ausente não muda. Responde o assunto salvo.',
  'DELETE /api/subject/{subject}':
    'Remove um assunto com os seus registros, arquivos e templates (veja antes `GET /api/subject/{subject}/usage`). ' +
    'Responde 204; 422 quando atributos de outros assuntos apontam para ele, ou para o assunto interno `filtro`.',
  'GET /api/subject/{subject}/usage':
    'O que se perde ao remover o assunto: `{records, files}`, os registros (ativos ou não) e os arquivos guardados.',
  'GET /api/subject/{subject}/attribute/{attribute}/usage':
    'O que se perde ao remover o atributo: `{records, files}`, os registros com valor nele e os seus arquivos.',
  'PUT /api/subject/{subject}/attribute-order':
    'Define a ordem dos atributos: `{attributes: [identificador]}`, cada atributo uma vez, na nova ordem. ' +
    'Responde o assunto; 422 `Informe todos os atributos do assunto, cada um uma vez, na nova ordem.`.',
  'POST /api/subject/{subject}/attribute':
    'Acrescenta um atributo ao assunto (`identifier`, `name`, `componentId` e as suas regras: obrigatório, editável, ' +
    'chave natural, ordenável, tamanho, valor padrão, assunto relacionado…). Responde `201` com o assunto.',
  'PUT /api/subject/{subject}/attribute/{attribute}':
    'Altera um atributo; campo ausente não muda, e `identifier` e `isMultipleValues` não mudam. Quando os registros ' +
    'não aceitam a mudança (valores repetidos numa nova chave natural, registros sem valor num atributo que fica ' +
    'obrigatório, textos maiores que o novo tamanho, valores que o novo tipo perderia), responde 409 ' +
    '`{errors, talkIds}` citando os primeiros registros, e nada é aplicado. Responde o assunto salvo.',
  'DELETE /api/subject/{subject}/attribute/{attribute}':
    'Remove um atributo com os seus valores e arquivos, e tira-o dos templates. Responde o assunto sem ele.',
  'GET /api/subject/schema/export':
    'Exporta a estrutura da empresa num documento JSON (`format: "talkbase-schema"`): os assuntos com os seus ' +
    'atributos e os templates (menos os de usuário), tudo por identificador, para copiar noutra empresa ou instalação.',
  'POST /api/subject/schema/import':
    'Importa um documento de `GET /api/subject/schema/export` (até 16 MiB): cria os assuntos, atributos e templates que ' +
    'a empresa não tem e nunca altera nem remove nada; o que já existe volta em `skipped` com o motivo. ' +
    'Tudo numa transação: qualquer erro deixa a empresa como estava e responde todos os erros (400 para um documento ' +
    'fora do formato, 422 para uma referência que não existe), cada `field` um caminho no documento.',

  // Records
  'POST /api/talk/filter/{subject}':
    'Uma página de registros do assunto: `{itens, totalResults, currentPage}`. O corpo escolhe ativos ou inativos ' +
    '(`isActive`), a página (`fetch` padrão 50, até 10.000; acima, 400), uma árvore de filtro (`filterJson`), ' +
    'filtros salvos (`filterIds`), tags (`tagIds`), registros ligados a outro (`talkParent`), a ordem (`order`) e a ' +
    'busca rápida (`term`). Só entram os registros que a conta pode ler (filtro e delimitações do perfil de acesso, ' +
    'registros compartilhados com a conta), sem os atributos que ela não vê; `totalResults` conta os mesmos ' +
    'registros. Filtro inválido: 400 `Filtro inválido: …`; filtro salvo que a conta não lê: 400 ' +
    '`Filtro salvo não encontrado.`. ' +
    READ,
  'GET /api/talk/{subject}/{talkId}':
    'Um registro (`Talk`): os valores dos atributos que a conta pode ler, as tags, os anexos, a versão e quem o ' +
    'criou e alterou. Registro fora das linhas que a conta vê: 404, como um inexistente. ' +
    READ,
  'PUT /api/talk/{subject}/{talkId}':
    'Altera um registro: `{version, talkValues, templateId?}`; só os atributos enviados mudam. `version` é a versão ' +
    'lida: se outra pessoa alterou o registro depois, 409 e nada é salvo. Atributo que o perfil de acesso não pode ' +
    'alterar: 403 citando o campo; regras de campo e do assunto: 400 ou 422 com `field`. Responde o registro salvo. ' +
    ACCESS,
  'GET /api/talk/{subject}/{talkId}/timeline':
    'O histórico do registro, do mais novo ao mais antigo: `{itens: [{at, action, accountName, attributeName, ' +
    'oldValue, newValue, …}], currentPage}`. Mudanças de atributos que a conta não pode ler ficam de fora. ' +
    READ,
  'POST /api/talk/{subject}':
    'Cria um registro: `{talkValues: [{subjectAttributeId` ou `subjectAttributeIdentifier, value}], templateId?}` → ' +
    '`201 {resourceId}` com `Location`. Os valores seguem a forma do tipo do atributo (datas `AAAA-MM-DD`, ' +
    'referências pelo id do registro relacionado…). Erros por campo: 400; chave natural repetida ' +
    '(`… já está sendo usado`) ou registro relacionado inexistente: 422. ' +
    ACCESS,
  'DELETE /api/talk/{subject}':
    'Exclui registros do assunto: `{subject, talkIds}` → `{deleted}`. Quando outros registros apontam para eles, ' +
    'nada é excluído e a resposta é 422 `{errors, relatedTalks}`, com os registros que apontam. ' +
    ACCESS,
  'GET /api/talk/{subject}':
    'As opções de registros do assunto para escolha (editor de delimitações): `{itens: [{id, name}], totalResults, ' +
    'currentPage, error: null}`, 50 registros ativos por página que a conta pode ler, por nome. `term` procura cada ' +
    'palavra no início das palavras do registro, sem acentos nem maiúsculas; outras chaves `identificador=valor` ' +
    'guardam os registros com aquele valor no atributo. Assunto que o perfil de acesso não lê: 404.',
  'POST /api/talk/{subject}/many':
    'Cria de 1 a 200 registros numa só transação: `{talks: [{talkValues, templateId}]}` (ou a lista) → ' +
    '`201 {resourceIds}` na ordem enviada. Ou todos são criados, ou nenhum; o `field` de um erro cita o item ' +
    '(`talks.{i}.{atributo}`). ' +
    ACCESS,
  'PUT /api/talk/{subject}/many':
    'Altera de 1 a 200 registros numa só transação: `{talks: [{talkId, version, talkValues}]}` (ou a lista) → ' +
    '`{resourceIds}`. Ou todos mudam, ou nenhum; uma `version` desatualizada responde 409 com `field: talks.{i}`. ' +
    ACCESS,
  'POST /api/talk/batchDeactivate/{subject}':
    'Desativa registros: `{talkIds}` → `{changed}`, quantos mudaram. Precisa da ação de ativar e desativar do ' +
    'assunto; um id que a conta não vê: 404; registros de `filtro` nunca são desativados (422). ' +
    ACCESS,
  'POST /api/talk/batchActivate/{subject}':
    'Ativa de novo registros desativados: `{talkIds}` → `{changed}`, quantos mudaram. Precisa da ação de ativar e ' +
    'desativar do assunto; um id que a conta não vê: 404; `filtro` não tem essa ação (422). ' +
    ACCESS,
  'GET /api/SubjectAttribute/related/{attributeId}':
    'As opções de um atributo que aponta para outro assunto: `{itens: [{id, name}], totalResults, currentPage}`, ' +
    '50 registros por página do assunto relacionado que a conta pode ler. `term` procura cada palavra; outras chaves ' +
    '`identificador=valor` filtram. Atributo que a conta não pode ler: 404.',
  'GET /api/Filter/{subject}':
    'Os filtros salvos do assunto (registros ativos de `filtro`), por nome: `{itens: [{filterId, filterName}], ' +
    'totalResults, currentPage}`; `fetch` padrão 1.000, até 10.000 (acima, 400).',
  'GET /api/availability/{subject}/{attributeId}':
    'Os horários livres de um atributo de janela de horário: `[{id, date, hours: [{horario, janelas}]}]`, para ' +
    '`days` dias (1 a 31, padrão 7) a partir de `from` (padrão: hoje, no fuso da empresa). `janelas` é quantas vagas ' +
    'restam no horário; `talkId`, o registro em edição, não ocupa vaga. Horários já começados ficam de fora; dias ' +
    'fechados vêm com `hours: []`. Assunto que o perfil de acesso não lê, ou atributo que não é janela de horário ' +
    'dele: 404; `from` ou `days` malformados: 400.',

  // Contexts: what a screen of records needs
  'GET /api/context/subjects':
    'Os assuntos que o perfil de acesso da conta pode ler, por nome: `[{subjectId, subjectIdentifier, subjectName, ' +
    'icon, isBuiltIn}]` (a lista Registros do menu lateral).',
  'GET /api/context/web/{scenario}/{subject}':
    'O contexto de uma tela de registros: `{contextId, scenario, subject, relatedSubjects, subjectsThatReferThis, ' +
    'template}`, com as ações da conta sobre o assunto e cada atributo. O template é o pedido em `templateId` (se a ' +
    'conta puder usá-lo), senão o template de usuário da conta, senão o padrão da empresa. `scenario` é um de ' +
    '`grid form talk timeline help attachments activetask talkmodal` (outro: 400). Assunto que o perfil de acesso ' +
    'não lê: 404.',
  'GET /api/context/{contextId}/template':
    'O template de um contexto: `{contextId, template}`. `templateid` pede outro template do assunto; `IsNewTalk` pede ' +
    'o formulário de inclusão (`true`) ou de edição (`false`). Contexto de outra conta ou empresa, forjado, ou cujo ' +
    'assunto o perfil de acesso não lê mais: 404 `Contexto não encontrado.`.',
  'GET /api/scenario/all':
    'Os cenários de tela de registros: `[{scenarioId, scenarioName, scenarioIdentifier}]` (grade, formulário, ' +
    'conversa, histórico…).',

  // Files of file attributes
  'POST /api/value/file/{subject}/{talkId}/{attributeId}':
    'Envia arquivos para um atributo de arquivos do registro: `multipart/form-data`, ou JSON `{files: [{name, data ' +
    '(base64), deleted?}]}` (itens com `data` são guardados, itens guardados com `deleted: true` são removidos). ' +
    'Até 20 arquivos por chamada, só com as extensões aceitas e conteúdo que confere com a extensão. Responde ' +
    '`201 {files, ignored, removed}` quando algum arquivo foi guardado, 200 quando nenhum. Precisa poder alterar o ' +
    'assunto e o atributo, e o registro não pode ser somente leitura. ' +
    ACCESS,
  'GET /api/value/file/{subject}/{talkId}/{attributeId}':
    'Baixa o arquivo do atributo, ou um zip com todos quando há mais de um. Sem arquivos, ou atributo que a conta ' +
    'não pode ler: 404. ' +
    READ,
  'GET /api/value/file/{subject}/{talkId}/{attributeId}/{fileId}':
    'Baixa um arquivo do atributo, com o seu nome em `Content-Disposition`. Atributo que a conta não pode ler: 404. ' +
    READ,
  'DELETE /api/value/file/{subject}/{talkId}/{attributeId}/{fileId}':
    'Remove um arquivo do atributo (o histórico do registro guarda a remoção). Precisa da ação de limpar o atributo. ' +
    'Responde 204. ' +
    ACCESS,
  'GET /api/value/filegenerate/{subject}/{talkId}/{attributeId}':
    'O arquivo sob demanda de um atributo do tipo 34, gerado a cada chamada e nunca guardado. Quando o registro ' +
    'indica um modelo de relatório (atributo do tipo 20) e, opcionalmente, um filtro salvo (tipo 16), responde o ' +
    'relatório em .xlsx: uma linha por registro do assunto do modelo que o filtro seleciona e a conta pode ler, as ' +
    'colunas do modelo (nome, largura, cores) e só os valores que a conta pode ler; modelo inexistente ou fora do ' +
    'alcance da conta: 422. Sem modelo: um CSV com os valores do registro que a conta pode ler. Atributo de outro ' +
    'tipo: 422. ' +
    READ,
  'POST /api/Presentation/GetIconByFileTypeQuery':
    'O ícone de cada tipo de arquivo: `{FileTypes: [...]}` → `{message: [{fileType, icon: {iconIdentifier}}]}`.',

  // Conversations of a record
  'GET /api/talk/{subject}/{talkId}/messages':
    'As mensagens da conversa do registro, das mais novas às mais antigas: `{itens, totalResults, currentPage, ' +
    'conversationId, lastReadMessageId}`; `fetch` padrão 30, até 200. Só as mensagens que a conta pode ver: uma ' +
    'mensagem com `visibleTo` é só do autor e das contas citadas. Registro que a conta não lê: 404.',
  'POST /api/talk/{subject}/{talkId}/messages':
    'Envia uma mensagem na conversa do registro: `{text, visibleTo?: [accountId]}` → `201 {messageId, conversationId}`. ' +
    'Quem lê o registro pode escrever. Recusas: 400 `Digite uma mensagem.`, `A mensagem pode ter no máximo 4.000 ' +
    'caracteres.`, `Escolha no máximo 50 pessoas.`; 422 `Uma das pessoas escolhidas não pode receber esta mensagem.`.',
  'GET /api/talk/{subject}/{talkId}/messages/unread':
    'Quantas mensagens da conversa a conta ainda não leu (das que ela vê, escritas por outros): `{conversationId, ' +
    'unread, lastMessageId}`.',
  'POST /api/talk/{subject}/{talkId}/messages/read':
    'Marca a conversa como lida até `messageId` (padrão: a mensagem mais nova que a conta vê) e responde a nova ' +
    'contagem `{conversationId, unread, lastMessageId}`. A marca nunca volta atrás.',
  'POST /api/talk/messages/unread':
    'As mensagens não lidas de vários registros de um assunto (uma página da grade): `{subject, talkIds}` (1 a 200) → ' +
    '`{itens: [{talkId, conversationId, unread, lastMessageId}]}`, na ordem pedida. Registros que a conta não lê ficam ' +
    'de fora; assunto que o perfil de acesso não lê: 404.',
  'GET /api/talk/{subject}/{talkId}/messages/participants':
    'As contas que a conta pode escolher em `visibleTo` numa mensagem deste registro: `[{accountId, name}]` ' +
    '(o campo "Visível para").',

  // Tasks and their timer
  'GET /api/Talk/Task/InProgress':
    'A tarefa que a conta está executando: `{message: TaskInfo}`, ou `{message: null}` quando não há nenhuma (ou a ' +
    'conta não lê tarefas).',
  'POST /api/talk/filter/tarefa':
    'Uma página de tarefas, com o mesmo corpo de `POST /api/talk/filter/{subject}` → `{items, itens, totalResults, ' +
    'currentPage}`. Precisa poder ler o assunto `tarefa`.',
  'GET /api/talk/tarefa/{talkId}':
    'Uma tarefa: o registro com `task`, o seu cronômetro (estado, tempo acumulado, quem a executa, hora do servidor) ' +
    'e as ações possíveis. Tarefa que a conta não vê: 404.',
  'POST /api/talk/tarefa':
    'Cria uma tarefa (o corpo de um registro) e, com `start: true`, inicia o seu cronômetro: `201 {resourceId, message}`. ' +
    'Quando foi criada mas não pôde iniciar, `201` com `started: false` e os motivos em `errors`. Precisa poder ' +
    'incluir registros de `tarefa`.',
  'POST /api/talk/tarefa/iniciar':
    'Inicia ou retoma o cronômetro de uma tarefa: `{talkId}` → `{talkId, message, task}`. Cada conta executa uma ' +
    'tarefa por vez: com outra em execução, 409. Sem previsão de término ou duração estimada, 422 com os campos que ' +
    'faltam. Precisa poder alterar tarefas.',
  'POST /api/talk/tarefa/pausar':
    'Pausa o cronômetro de uma tarefa em execução: `{talkId}` → `{talkId, message, task}`; o tempo trabalhado é ' +
    'somado pelo servidor. Tarefa que não está em execução: 422.',
  'POST /api/talk/tarefa/finalizar':
    'Finaliza uma tarefa em execução ou pausada: `{talkId}` → `{talkId, message, task}`. Com o prazo vencido ou a ' +
    'duração estimada ultrapassada, 422 pedindo o motivo do atraso (a tarefa continua); grave o motivo com ' +
    '`PUT /api/talk/tarefa/{id}` e finalize de novo.',

  // CSV export and import
  'POST /api/talk/export/{subject}':
    'Exporta em CSV (pt-BR: `;` como separador, UTF-8 com BOM) os mesmos registros que a chamada de filtro ' +
    'responderia, transmitido aos poucos. O corpo é o da chamada de filtro, sem página, mais `columns` (`template`: ' +
    'as colunas da grade; `all`: todos os atributos que a conta pode ler) e `systemColumns` (as colunas Criado em, ' +
    'Criado por, Alterado em e Alterado por). Com a coluna de id, o arquivo volta como alteração na importação. ' +
    'Atributo que a conta não lê nunca vira coluna. ' +
    READ,
  'POST /api/talk/import/{subject}':
    'Importa um CSV (`multipart/form-data`: `file`, `mapping` das colunas para atributos, `mode` `all` (tudo ou nada) ' +
    'ou `skip` (ignora as linhas com erro), `dryRun`). Cada linha é conferida como uma inclusão; linhas com a coluna ' +
    '`ID` alteram esses registros, na versão da coluna "Versão do registro". Com `dryRun`, responde a prévia (colunas, ' +
    'primeiras linhas, erros e contagens); sem, `202 {importId}` e a importação segue em segundo plano. Limites: ' +
    '50 MB, 200.000 linhas e 1.000 colunas (413); duas importações da conta em andamento: 429. Precisa poder incluir ' +
    'ou alterar registros do assunto; clientes (perfil de acesso 1196) não importam (403).',
  'GET /api/talk/import/{importId}':
    'O andamento e o resultado de uma importação: `{status: running | done | failed, total, done, imported, skipped, ' +
    'failed, errorCount, message, …}`. O parâmetro do caminho é o `importId` que a importação respondeu. Só a conta ' +
    'que importou ou um administrador a veem (outra: 404 `Importação não encontrada.`).',
  'GET /api/talk/import/{importId}/errors':
    'O relatório de erros de uma importação em CSV (`Linha;Coluna;Valor;Mensagem`, até 10.000 erros). Só a conta que ' +
    'importou ou um administrador.',

  // Global search
  'GET /api/search':
    'Busca um termo (`q`, até 200 caracteres; as 10 primeiras palavras) em todos os assuntos que a conta pode ler: ' +
    '`{itens: [{talkId, subject, subjectName, talkValues}], totalResults, currentPage}`, agrupados por assunto. ' +
    'Cada palavra deve começar uma palavra de um atributo de texto ou número, sem acentos nem maiúsculas; só registros ' +
    'ativos e atributos que a conta pode ler. `subj` limita a um assunto, `subj_attr` a um atributo, `attr` aos ' +
    'atributos de um identificador; `fetch` padrão 10, até 500.',

  // Aggregates and dashboards (issue 38)
  'POST /api/talk/aggregate/{subject}':
    'Contagens, somas, médias, mínimos e máximos dos registros do assunto, agrupados por até 2 campos: ' +
    '`{groups: [{keys, labels, values}], total, truncated}`. Os filtros (`filterIds`, `menuId`, `filterJson`, `tagIds`, ' +
    '`term`, `isActive`) valem o mesmo que em `POST /api/talk/filter/{subject}`: a contagem é igual ao `totalResults` ' +
    'da grade. `groupBy: [{attribute, bucket?}]`: seleção (id do registro, rotulado com o nome), sim/não, conta ' +
    '(`created_by`), número, texto, data ou data e hora (primeiro dia do `bucket` `day`, `week` (de segunda) ou ' +
    '`month`, no fuso da empresa); sem valor forma o grupo `(vazio)`. `measures`: `count`, e `sum`/`avg`/`min`/`max` ' +
    'de um campo numérico; `ageDays` mede a idade em dias desde a criação, `ageDays.{campo}` desde uma data e hora do ' +
    'registro. Até 1.000 grupos (`truncated`); `top` devolve os N grupos de maior medida. Só entram os registros que ' +
    'a conta pode ler; campo que a conta não lê: 400 `Campo desconhecido ou sem acesso: …`; campo que não se agrupa ' +
    'nem se soma: 400.',
  'GET /api/dashboard':
    'Cada painel que a conta vê: os seus (um deles a sua página inicial) e os da empresa publicados para o seu perfil ' +
    'de acesso (administradores veem todos os da empresa).',
  'POST /api/dashboard':
    'Cria um painel. Sem `roomIds`, um painel pessoal; com perfis de acesso, um painel da empresa (somente ' +
    'administradores: 403). Cada indicador é conferido como a conta que salva o pediria: assunto, filtro salvo, ' +
    'árvore de filtro, agrupamento e medida que a conta não lê ou que não existem dão 422 com `field` ' +
    '`widgets.{i}.…` e a mensagem `Indicador "{título}": …`. `isHome` faz dele a página inicial, no lugar da anterior.',
  'GET /api/dashboard/{dashboardId}':
    'Um painel com os seus indicadores; cada indicador se responde com `POST /api/talk/aggregate/{subject}` pela ' +
    'conta que olha o painel. Painel pessoal de outra pessoa, ou da empresa sem o perfil da conta: 404.',
  'PUT /api/dashboard/{dashboardId}':
    'Altera um painel: o dono, ou administradores no painel da empresa (403 para os demais). `version` diferente ' +
    'da atual: 409. As mesmas conferências da criação.',
  'DELETE /api/dashboard/{dashboardId}': 'Exclui um painel: o dono, ou administradores no painel da empresa.',
};
