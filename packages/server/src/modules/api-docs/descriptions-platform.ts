/**
 * Descriptions (descriptions.ts) of the calls around the records: the instance, sign-in and
 * sessions, accounts, preferences, the inbox, the digital certificate, the real-time socket, this
 * description and the web app's files.
 */
export const platformDescriptions: Readonly<Record<string, string>> = {
  'GET /api/health':
    'Diz se esta instância e o seu banco de dados respondem: `{status: "ok", version, database: "sqlite" | "postgres"}`. ' +
    'Responde 503 quando o banco não responde. Serve a balanceadores de carga e ao monitoramento.',

  // Sign-in and sessions
  'POST /api/account/login':
    'Entra com `{email, password, keepConnected}` (pessoa) ou `{hash, password}` (conta de integração). ' +
    'Responde `200 {token, user}`, ou `200 {passcodeRequired: true}` quando a conta recebe por e-mail um código ' +
    'de 6 dígitos (válido por 10 minutos, de uso único), a confirmar em `POST /api/account/verifypasscode`. ' +
    'Credenciais erradas: 401 `Usuário ou senha inválidos.`; tentativas demais: 429 com `Retry-After`.',
  'POST /api/account/verifypasscode':
    'Confere o código enviado por e-mail no login: `{email, passcode, keepConnected?}` → `200 {token, user}`. ' +
    'Código errado, vencido ou já usado: 401 `Código de verificação inválido ou expirado.`; tentativas demais: 429.',
  'POST /api/account/refresh':
    'Troca o token da sessão pelo próximo: `{token}` (pode estar vencido, não revogado) → `{authorized: true, token}`. ' +
    'Cada token renova uma única vez; o substituído ainda vale por 30 s (para pedidos em andamento), e apresentar um ' +
    'token mais antigo encerra a sessão. Responde 401 quando a sessão acabou. O aplicativo web renova a cada 8 minutos.',
  'POST /api/account/logout':
    'Encerra a sessão do token enviado: ela é revogada no servidor e nenhum dos seus tokens vale mais. Responde 204, sem corpo.',

  // Accounts
  'GET /api/account':
    'Lista as contas da empresa (pessoas e contas de integração), por nome: `{itens, totalResults, currentPage}`. ' +
    '`ResultsPerPage` vale 10 por padrão e vai até 999.999 (páginas acima de 1.000 contas são transmitidas aos poucos); ' +
    'acima disso, 400 `Tamanho de página acima do máximo…`. `IncludCurrentUser=true` inclui a própria conta, que por ' +
    'padrão fica de fora. `term` (até 25 caracteres) procura no nome, no sobrenome, no nome de exibição, no nome do ' +
    'aplicativo e no e-mail, sem diferenciar maiúsculas. Contas removidas nunca aparecem.',
  'POST /api/account':
    'Cria uma pessoa (`accountType: 1`, com nome, sobrenome, e-mail, telefone e perfil de acesso) ou uma conta de ' +
    'integração (`accountType: 2`, com o nome do aplicativo). Responde `201 {resourceId, accountId}`; uma pessoa criada ' +
    'sem `password` recebe uma senha gerada, e uma conta de integração recebe sempre `hash` (o seu nome de login) e ' +
    '`password`: ambos vêm só nesta resposta, o servidor não guarda a senha, só um resumo criptográfico dela. ' +
    'Recusas: 422 `Esse e-mail já possui cadastro` (`email`), `Nome do Aplicativo já cadastrado` (`appName`), ' +
    '`Esta senha não é segura o suficiente` (`password`) para uma senha fraca.',
  'GET /api/account/{accountId}':
    'Os dados de uma conta (`AccountDetail`): nome, e-mail, perfil de acesso, registros compartilhados, ' +
    'configuração de campos e, na própria conta, a matriz de notificações por canal. ' +
    'O administrador lê qualquer conta da empresa; as demais contas, só a própria (403 para outra). ' +
    'Conta desconhecida ou de outra empresa: 404 `Usuário não encontrado.`.',
  'PUT /api/account/{accountId}':
    'Altera uma conta; campo ausente não muda. O administrador altera qualquer conta da empresa (menos o tipo); ' +
    'cada conta altera o próprio nome, sobrenome, nome de exibição, telefone e foto. `roomId`, `email`, `appName`, ' +
    '`isAdmin`, `sharedTalks` e `attributes` são só do administrador (403 `Somente um administrador pode alterar este campo.`). ' +
    'Troca de senha, só na própria conta: `{currentPassword, newPassword}`; senha atual errada responde 409 ' +
    '`Senha inválida` e nada é salvo, e a troca encerra as outras sessões da conta. Responde o `AccountDetail` salvo.',
  'DELETE /api/account/{accountId}':
    'Remove uma conta: ela não entra mais, as suas sessões terminam na hora (e os seus WebSockets fecham), e o e-mail ' +
    'e o nome do aplicativo ficam livres. O histórico e os arquivos continuam citando a conta. Responde 204; ' +
    '422 `Você não pode excluir o seu próprio usuário.`; 404 para conta desconhecida ou já removida.',
  'GET /api/account/{accountId}/image':
    'A foto de perfil de uma conta da empresa (`image/png` ou `image/jpeg`), que qualquer conta conectada pode ver. ' +
    'O endereço leva a versão da foto, então a resposta pode ficar em cache. Responde 404 quando a conta não tem foto.',
  'PUT /api/account/{accountId}/active':
    'Suspende (`{isActive: false}`) ou reativa (`{isActive: true}`) uma conta e responde o `AccountDetail`. ' +
    'Suspensa, a conta não entra, as suas sessões terminam na hora e os links e códigos pendentes deixam de valer. ' +
    'Recusas: 422 `Você não pode suspender o seu próprio usuário.`; 409 `O último administrador ativo do perfil ' +
    'Administrador não pode ser suspenso.`; 403 para uma conta do perfil Administrador, que só administradores ' +
    'desse perfil alteram.',
  'POST /api/account/password/forgot':
    'Esqueci minha senha: `{email}` → 204, sempre, exista ou não uma conta com o endereço (a resposta não revela ' +
    'nada). Se o e-mail for de uma pessoa ativa, ela recebe um link de redefinição, válido por 1 hora e de uso ' +
    'único. Pedidos demais do mesmo endereço de rede: 429 com `Retry-After`.',
  'POST /api/account/password/reset':
    'Define a nova senha com o token do link enviado por e-mail: `{token, newPassword}` → 204. Todas as sessões da ' +
    'conta terminam. Link inválido, já usado ou vencido: 422 `Este link de redefinição de senha é inválido, já foi ' +
    'usado ou expirou. Peça um novo.`; senha curta (400) ou fraca (422) com `field: newPassword`.',
  'POST /api/account/{accountId}/password/forgot':
    'O administrador envia a uma pessoa da empresa o e-mail com o link de redefinição de senha; responde 204. ' +
    'Recusas: 422 `A redefinição de senha por e-mail é para usuários com e-mail cadastrado.` e `Este usuário está ' +
    'inativo: reative-o antes de enviar a redefinição de senha.`.',
  'POST /api/account/{accountId}/credentials':
    'Gera uma nova senha para uma conta de integração: `{accountId, hash, password}`, com o `hash` de sempre e a ' +
    'senha nova, mostrada só nesta resposta; a antiga e as sessões abertas com ela deixam de valer na hora. ' +
    'Conta que não é de integração: 422 ' +
    '`Somente contas de integração recebem uma nova senha gerada.`.',

  // Two-step sign-in (issue 34 item 4)
  'GET /api/account/twostep':
    'A verificação em duas etapas da própria conta: `{enabled, requiredByCompany, changedAt, email}`. ' +
    '`enabled`: ligada para a conta; `requiredByCompany`: a conta é de administrador e a empresa exige o código ' +
    'dos administradores (`PUT /api/company/security`), então o código é pedido mesmo com `enabled: false`; ' +
    '`changedAt`: quando foi ligada ou desligada pela última vez (ms desde 1970), `null` se nunca; `email`: para onde ' +
    'vão os códigos.',
  'POST /api/account/twostep/start':
    'Primeiro passo para ligar a verificação em duas etapas da própria conta: envia para o e-mail da conta um código ' +
    'de 6 dígitos, válido por 10 minutos e de uso único, e responde 204. Ela só fica ligada depois de ' +
    '`POST /api/account/twostep/confirm` com esse código (um endereço errado não tranca ninguém fora). Um novo pedido ' +
    'invalida o código anterior. Recusas: 422 `A verificação em duas etapas já está ligada.`, contas de integração ' +
    'e contas sem e-mail (422); pedidos demais: 429 com `Retry-After` (o limite por conta do login).',
  'POST /api/account/twostep/confirm':
    'Liga a verificação em duas etapas da própria conta: `{passcode}` (o código de `POST /api/account/twostep/start`) ' +
    '→ `200` com o estado de `GET /api/account/twostep`. Daí em diante, o login responde `{passcodeRequired: true}` ' +
    'e envia um código por e-mail a cada entrada. Código errado, vencido ou já usado: 422 `Código de verificação ' +
    'inválido ou expirado.` (`field: passcode`); a quinta tentativa errada invalida o código; tentativas demais: 429. ' +
    'Os códigos de login e os de confirmação não servem um no lugar do outro.',
  'POST /api/account/twostep/disable':
    'Desliga a verificação em duas etapas da própria conta: `{currentPassword}` → `200` com o estado. A senha atual é ' +
    'pedida para que uma sessão deixada aberta ou um token roubado não bastem para enfraquecer a conta; senha errada: ' +
    '409 `Senha inválida` (`field: currentPassword`), com o mesmo limite de tentativas da troca de senha (429). ' +
    'O dono da conta é avisado por e-mail. Se a empresa exige o código dos administradores, ele continua sendo pedido ' +
    'a uma conta de administrador (`requiredByCompany`).',
  'GET /api/account/{accountId}/twostep':
    'A verificação em duas etapas de uma conta da empresa, para o formulário de usuário (administradores): o mesmo ' +
    'formato de `GET /api/account/twostep`. Conta de outra empresa ou inexistente: 404.',
  'PUT /api/account/{accountId}/twostep':
    'O administrador liga (`{enabled: true}`) ou desliga (`{enabled: false}`) a verificação em duas etapas de outro ' +
    'usuário e recebe o estado; ligada por um administrador, vale a partir do próximo login, sem confirmação (o e-mail ' +
    'da conta é o que o administrador cadastrou), e a pessoa é avisada por e-mail. Recusas: 422 para a própria conta ' +
    '(use `POST /api/account/twostep/...`), contas de integração, contas sem e-mail e contas inativas; 403 para uma ' +
    'conta do perfil Administrador, que só administradores desse perfil alteram.',
  'GET /api/company/security':
    'As regras de entrada da empresa: `{requireTwoStepForAdmins}` (administradores).',
  'PUT /api/company/security':
    'Com `{requireTwoStepForAdmins: true}`, todo administrador da empresa passa a receber por e-mail um código a cada ' +
    'login, mesmo sem ter ligado a verificação em duas etapas na própria conta (o login responde ' +
    '`{passcodeRequired: true}`); `false` volta a pedir o código só de quem a ligou. Responde as regras gravadas. ' +
    'Só administradores do perfil Administrador alteram a regra (ela vale para eles também); os demais: 403 ' +
    '`Somente um administrador do perfil Administrador pode alterar as regras de segurança da empresa.`.',
  'GET /api/account/preferences':
    'O tema, o modo noturno e o tamanho da fonte da própria conta: `{theme, darkMode, fontSize, saved, customerColors}`. ' +
    'Até a primeira gravação, responde o padrão (`#1976d2`, modo diurno, fonte 0, `saved: false`). ' +
    '`customerColors` são as cores que a empresa deu aos seus perfis de acesso.',
  'PUT /api/account/preferences':
    'Guarda a escolha inteira da própria conta: `{theme, darkMode, fontSize, browser?, sequence?}` → as preferências que a conta tem depois. ' +
    '`browser` (o identificador do navegador) e `sequence` (um número que ele aumenta a cada gravação) vêm juntos: uma gravação atrasada ' +
    'do mesmo navegador, com número menor ou igual ao da última, não sobrescreve a mais nova e responde a escolha guardada. ' +
    'Recusas (400, com `field`): `Escolha uma cor de uma das paletas oferecidas.`, ' +
    '`Tamanho de fonte inválido: use 0, 1 ou 2.`, `Informe se o modo noturno está ligado (true ou false).`, ' +
    '`Identificador de navegador inválido: use de 1 a 64 letras, números, _ ou -.`, ' +
    '`Sequência inválida: use um inteiro de 0 a 2147483647.`, `Informe browser e sequence juntos.`.',
  'GET /api/account/preferences/views':
    'A última visão de cada assunto que a própria conta abriu: `{views: [{subject, view, boardBy, calendarBy}]}`, ' +
    '`view` `grid`, `board` ou `calendar`; `boardBy` e `calendarBy` são identificadores de atributo (ou null). ' +
    'Sem nada guardado: `{views: []}` (a lista é o padrão).',
  'PUT /api/account/preferences/views/{subject}':
    'Muda parte da visão guardada de um assunto: `{view?, boardBy?, calendarBy?}` → `{view, boardBy, calendarBy}`; ' +
    'o que não vier fica como estava. Recusas: 400 `Modo de exibição inválido: use grid, board ou calendar.`, ' +
    '`Informe ao menos uma escolha: view, boardBy ou calendarBy.`; 404 `Assunto não encontrado.`.',

  // Inbox and browser notifications
  'POST /api/notifications/list':
    'A caixa de entrada da conta, das notificações mais novas às mais antigas: `{page, fetch (1 a 100, padrão 100), ' +
    'view (1 todas, 2 só as não lidas)}` → `{itens, totalResults, currentPage, unread}`. ' +
    'O registro de uma notificação (`subject`, `talkId`) vem vazio quando a conta não pode lê-lo.',
  'POST /api/notifications/read':
    'Marca como lidas notificações da própria conta: `{id}`, `{ids: [...]}` ou `{all: true}` → `{unread}`. ' +
    'Ids de outras contas são ignorados. Os WebSockets da conta recebem `SendNotification` com o novo total.',
  'GET /api/notifications/unread':
    'Quantas notificações da caixa de entrada a conta ainda não leu: `{unread}`.',
  'GET /api/notifications/vapid':
    'A chave pública VAPID (`{publicKey}`) que o navegador usa como `applicationServerKey` para assinar as ' +
    'notificações do navegador desta instalação.',
  'POST /api/notifications/subscription':
    'Guarda a assinatura de notificações do navegador (o `PushSubscription` em JSON: `{endpoint, keys: {p256dh, auth}}`) ' +
    'para a conta → `{subscribed: true}`. Um endereço já conhecido passa a ser desta conta. Cada conta tem até 10 ' +
    'navegadores: o 11º substitui o mais antigo. Endereços internos (loopback, rede privada, metadados) são recusados: ' +
    '422 `Endereço de inscrição não permitido.`.',
  'DELETE /api/notifications/subscription':
    'Cancela a assinatura de um navegador: `{endpoint}` → `{subscribed: false}`.',

  // Digital certificate
  'GET /api/certificate/status':
    'Se a conta tem uma verificação de certificado digital em vigor (vale 24 horas) e quais assuntos a exigem no seu ' +
    'perfil de acesso: `{valid, user ("nome:cpf" ou null), checkedAt, expiresAt, requireDigitalSignature, checkUrl}`. ' +
    '`checkUrl` é onde o navegador faz a verificação, ou null quando o servidor não tem o endpoint de certificados.',
  'POST /api/certificate/ticket':
    'Emite um tíquete de uso único, válido por 120 s, que liga a verificação do certificado à conta e à sessão: ' +
    '`201 {ticket, checkUrl, expiresIn: 120}`. O navegador abre então `checkUrl?ticket=…` com credenciais. ' +
    'Sem endpoint de certificados configurado: 503 `A verificação de certificado digital não está configurada neste servidor. ' +
    'Entre em contato com o administrador.`.',
  'GET /certificado.aspx':
    'A verificação do certificado digital do cliente (TLS mútuo), na porta própria do endpoint de certificados, ' +
    'fora de `/api`. O navegador apresenta o certificado ICP-Brasil e envia `?ticket=` (de `POST /api/certificate/ticket`). ' +
    'Responde `{valid, user, message, accountLogTypeId}`: 200 quando a verificação rodou (válida ou não; uma válida ' +
    'vale 24 horas para a conta), 401 quando o tíquete falta, venceu, já foi usado ou a sessão acabou, 500 quando o ' +
    'próprio endpoint falhou.',

  // Real time, this description, the web app
  'GET /websocket':
    'Abre a conexão em tempo real (WebSocket). O token vai em `?access_token=` (navegadores não enviam cabeçalhos ' +
    'num WebSocket) ou em `Authorization`; sem sessão válida, 401. O servidor envia mensagens `{event, data}`: ' +
    '`SendTalkUpdates` (registros alterados, só ids), `PublishTalkTag` (tags de um registro), `SendNotification` ' +
    '(caixa de entrada), `SendTalkMessage` (mensagens de um registro) e `MenuChanged`. Cada conta recebe só o que pode ' +
    'ler. Quando a sessão termina, a conexão fecha com o código 4001.',
  'GET /api/openapi.json':
    'Esta descrição OpenAPI 3.1, gerada das definições de rota do servidor: cada rota e método, com a permissão ' +
    '(`x-permission` e `security`), os parâmetros e o corpo (dos mesmos esquemas que validam o pedido) e as respostas ' +
    'de sucesso e de erro. Pública: não traz nenhum segredo.',
  'GET /api/docs':
    'Esta página: a descrição da API para navegar (Swagger UI), servida por este servidor. Para chamar a API daqui, ' +
    'informe o token de `POST /api/account/login` em `Authorize` e use `Try it out`.',
  'GET /api/docs/{file}':
    'Os arquivos da página `/api/docs`: `swagger-ui-bundle.js`, `swagger-ui.css` e `docs-init.js`. Comprimidos com ' +
    'gzip quando o pedido aceita e guardados em cache por um ano (o endereço muda com a versão). Outro nome: 404.',
  'GET /{webAppFile}':
    'Os arquivos do aplicativo web: `index.html` e os recursos da compilação em `/assets/`. Qualquer outro endereço ' +
    'fora de `/api` responde `index.html` (o aplicativo escolhe a página). Os recursos em `/assets/` ficam em cache ' +
    'por um ano; `index.html` é revalidado a cada acesso.',
  'HEAD /{webAppFile}':
    'Os cabeçalhos de um arquivo do aplicativo web (tipo, tamanho, cache), sem o corpo: o mesmo que ' +
    '`GET /{webAppFile}` responderia.',
};
