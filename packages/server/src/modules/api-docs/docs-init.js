/* global window, document, MutationObserver, Node, CSSStyleSheet */
// Starts the API viewer of /api/docs. An external file, because the Content-Security-Policy
// allows no inline script (http/security-headers.ts). Loaded only by that page.

// Swagger UI's own words in Portuguese (issue 39). Swagger UI has no translations option, and its
// components write their labels inline ("Parameters", "Try it out"…), so a plugin could only
// replace whole components. Instead, each text node and placeholder/title/aria-label of the
// viewer whose whole text is one of Swagger UI's English labels is replaced, as it is rendered
// (it renders again on every expand, try-it-out and answer). Never the description's content:
// paths, names, schemas, examples and our descriptions (Markdown) are left as they are.

/** Swagger UI's labels, exactly as it writes them (trimmed). */
const WORDS = new Map([
  // An operation
  ['Parameters', 'Parâmetros'],
  ['No parameters', 'Sem parâmetros'],
  ['Name', 'Nome'],
  ['Description', 'Descrição'],
  ['Try it out', 'Experimentar'],
  ['Cancel', 'Cancelar'],
  ['Reset', 'Restaurar'],
  ['Execute', 'Executar'],
  ['Clear', 'Limpar'],
  ['Request body', 'Corpo da requisição'],
  ['Responses', 'Respostas'],
  ['Code', 'Código'],
  ['Links', 'Links'],
  ['No links', 'Sem links'],
  ['Media type', 'Tipo de mídia'],
  ['Example Value', 'Exemplo'],
  ['Edit Value', 'Editar valor'],
  ['Edit', 'Editar'],
  ['Schema', 'Esquema'],
  ['Model', 'Modelo'],
  ['Example Description', 'Descrição do exemplo'],
  ['Examples', 'Exemplos'],
  ['Examples:', 'Exemplos:'],
  ['[Modified value]', '[Valor alterado]'],
  ['Callbacks', 'Callbacks'],
  ['No callbacks', 'Sem callbacks'],
  ['Send empty value', 'Enviar valor vazio'],
  ['Headers:', 'Cabeçalhos:'],
  ['Type', 'Tipo'],
  ['Extensions', 'Extensões'],
  ['Field', 'Campo'],
  ['Value', 'Valor'],
  ['Warning: Deprecated', 'Aviso: obsoleta'],
  ['Deprecated:', 'Obsoleto:'],
  ['Find more details', 'Mais detalhes'],
  ['Servers', 'Servidores'],
  ['Server variables', 'Variáveis do servidor'],
  ['Computed URL:', 'URL resultante:'],
  // Checks before a call
  [
    'Please correct the following validation errors and try again.',
    'Corrija os erros abaixo e tente de novo.',
  ],
  ['Required field is not provided', 'Campo obrigatório não preenchido'],
  ['Required property not found', 'Propriedade obrigatória ausente'],
  ['Parameter string value must be valid JSON', 'O valor deve ser um JSON válido'],
  ['Value must be a number', 'O valor deve ser um número'],
  ['Value must be an integer', 'O valor deve ser um número inteiro'],
  ['Value must be a file', 'O valor deve ser um arquivo'],
  ['Value must be a boolean', 'O valor deve ser true ou false'],
  ['Value must be a string', 'O valor deve ser um texto'],
  ['Value must be a DateTime', 'O valor deve ser uma data e hora'],
  ['Value must be a Guid', 'O valor deve ser um GUID'],
  ['No duplicates allowed.', 'Valores repetidos não são permitidos.'],
  ['Error: your browser does not support FormData', 'Erro: o navegador não oferece FormData'],
  // The answer to a call
  ['Curl', 'Comando cURL'],
  ['Request URL', 'URL da requisição'],
  ['Server response', 'Resposta do servidor'],
  ['Details', 'Detalhes'],
  ['Undocumented', 'Não documentada'],
  ['Response body', 'Corpo da resposta'],
  ['Response headers', 'Cabeçalhos da resposta'],
  ['Request duration', 'Duração da requisição'],
  ['Download', 'Baixar'],
  ['Download file', 'Baixar o arquivo'],
  ['Snippets', 'Trechos'],
  [
    'Unrecognized response type; displaying content as text.',
    'Tipo de resposta desconhecido; o conteúdo é mostrado como texto.',
  ],
  [
    'Unrecognized response type; unable to display.',
    'Tipo de resposta desconhecido; não é possível mostrá-lo.',
  ],
  [
    'Download headers detected but your browser does not support downloading binary via XHR (Blob).',
    'A resposta é um arquivo, mas o navegador não permite baixá-lo por XHR (Blob).',
  ],
  // Authorization
  ['Authorize', 'Autorizar'],
  ['Authorized', 'Autorizado'],
  ['Available authorizations', 'Autorizações disponíveis'],
  ['Logout', 'Sair'],
  ['Close', 'Fechar'],
  ['Value:', 'Valor:'],
  ['Username:', 'Usuário:'],
  ['Password:', 'Senha:'],
  ['Name:', 'Nome:'],
  ['In:', 'Em:'],
  ['Basic authorization', 'Autorização Basic'],
  ['HTTP authentication: unsupported scheme', 'Autenticação HTTP: esquema não suportado'],
  ['Unknown security definition type', 'Tipo de autorização desconhecido'],
  ['Flow:', 'Fluxo:'],
  ['Scopes:', 'Escopos:'],
  ['select all', 'marcar todos'],
  ['select none', 'desmarcar todos'],
  ['Authorization URL:', 'URL de autorização:'],
  ['Token URL:', 'URL do token:'],
  ['OpenID Connect URL:', 'URL do OpenID Connect:'],
  ['Client credentials location:', 'Credenciais do cliente em:'],
  ['Authorization header', 'Cabeçalho Authorization'],
  ['Apply credentials', 'Aplicar credenciais'],
  ['Apply given OAuth2 credentials', 'Aplicar as credenciais OAuth2'],
  ['Remove authorization', 'Remover autorização'],
  ['authorization button locked', 'autorização aplicada'],
  ['authorization button unlocked', 'autorização não aplicada'],
  ['auth-bearer-value', 'Token (Bearer)'],
  ['auth-basic-username', 'Usuário'],
  ['auth-basic-password', 'Senha'],
  // The page
  ['Schemas', 'Esquemas'],
  ['Models', 'Modelos'],
  ['Terms of service', 'Termos de serviço'],
  ['Skip to operations', 'Pular para as operações'],
  ['Filter by tag or path', 'Filtrar por tag ou caminho'],
  ['Expand all', 'Expandir tudo'],
  ['Collapse all', 'Recolher tudo'],
  ['Expand operation', 'Expandir'],
  ['Collapse operation', 'Recolher'],
  ['Copy path to clipboard', 'Copiar o caminho'],
  ['Copy code to clipboard', 'Copiar o código'],
  ['Copy cURL command to clipboard', 'Copiar o comando cURL'],
  ['Copy request snippet to clipboard', 'Copiar o trecho da requisição'],
  ['Media Type', 'Tipo de mídia'],
  ['Request content type', 'Tipo de conteúdo da requisição'],
  ['Response content type', 'Tipo de conteúdo da resposta'],
  ['Parameter content type', 'Tipo de conteúdo do parâmetro'],
  ['No operations defined in spec!', 'A descrição não tem operações.'],
  ['Failed to load API definition.', 'Não foi possível carregar a descrição da API.'],
  ['No API definition provided.', 'Nenhuma descrição da API informada.'],
  ['Unable to render this definition', 'Não é possível mostrar esta descrição'],
  ['Errors', 'Erros'],
  ['Fetch error', 'Erro ao buscar'],
  ['Hide', 'Ocultar'],
  ['Show', 'Mostrar'],
]);

/** Words Swagger UI uses in one place only, too short to replace anywhere else. */
const SCOPED = [
  {
    // "Controls <code>Accept</code> header."
    within: '.response-control-media-type__accept-message',
    words: new Map([
      ['Controls', 'Define o cabeçalho'],
      ['header.', '.'],
    ]),
  },
  {
    // A parameter's "<i>Default value</i> : 1" (Swagger UI's Markdown around our description).
    within: '.parameters-col_description i',
    words: new Map([
      ['Available values', 'Valores possíveis'],
      ['Default value', 'Valor padrão'],
      ['Example', 'Exemplo'],
    ]),
  },
  {
    within: '.json-schema-2020-12-keyword__name',
    words: new Map([
      ['Additional properties', 'Propriedades adicionais'],
      ['All of', 'Todos os seguintes'],
      ['Any of', 'Qualquer um dos seguintes'],
      ['One of', 'Exatamente um dos seguintes'],
      ['Not', 'Não'],
      ['If', 'Se'],
      ['Then', 'Então'],
      ['Else', 'Senão'],
      ['Items', 'Itens'],
      ['Prefix items', 'Itens iniciais'],
      ['Contains', 'Contém'],
      ['Property names', 'Nomes das propriedades'],
      ['Dependent schemas', 'Esquemas dependentes'],
      ['Dependencies', 'Dependências'],
      ['Unevaluated items', 'Itens não avaliados'],
      ['Unevaluated properties', 'Propriedades não avaliadas'],
      ['Content schema', 'Esquema do conteúdo'],
      ['Required when defined', 'Obrigatória quando definida'],
      ['Discriminator', 'Discriminador'],
      ['External documentation', 'Documentação externa'],
      ['Extension Keywords', 'Extensões'],
    ]),
  },
  {
    within: '.json-schema-2020-12__attribute',
    words: new Map([
      ['allowed', 'permitidas'],
      ['forbidden', 'proibidas'],
      ['deprecated', 'obsoleto'],
      ['read-only', 'somente leitura'],
      ['write-only', 'somente escrita'],
      ['empty array', 'lista vazia'],
      ['empty object', 'objeto vazio'],
    ]),
  },
  {
    // A keyword's own name ("Example", "Enum"); the names inside its value are content.
    within: '.json-schema-2020-12-json-viewer__name',
    unless: '.json-schema-2020-12-json-viewer__children',
    words: new Map([
      ['Example', 'Exemplo'],
      ['Examples', 'Exemplos'],
      ['Enum', 'Valores possíveis'],
      ['Const', 'Valor fixo'],
      ['Default', 'Padrão'],
    ]),
  },
];

const plural = (n, one, many) => (n === '1' ? one : many);
const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);

/** Swagger UI's messages with a number or a name in them. */
const MESSAGES = [
  [/^Value must be less than or equal to (.+)$/, (m) => `O valor deve ser menor ou igual a ${m[1]}`],
  [/^Value must be greater than or equal to (.+)$/, (m) => `O valor deve ser maior ou igual a ${m[1]}`],
  [
    /^Value must be no longer than (\d+) characters?$/,
    (m) => `O valor deve ter no máximo ${m[1]} ${plural(m[1], 'caractere', 'caracteres')}`,
  ],
  [
    /^Value must be at least (\d+) characters?$/,
    (m) => `O valor deve ter ao menos ${m[1]} ${plural(m[1], 'caractere', 'caracteres')}`,
  ],
  [
    /^Array must contain at least (\d+) items?$/,
    (m) => `A lista deve ter ao menos ${m[1]} ${plural(m[1], 'item', 'itens')}`,
  ],
  [
    /^Array must not contain more then (\d+) items?$/,
    (m) => `A lista deve ter no máximo ${m[1]} ${plural(m[1], 'item', 'itens')}`,
  ],
  [/^Value must follow pattern (.+)$/, (m) => `O valor deve seguir o padrão ${m[1]}`],
  [
    // The list above Execute: "For 'accountId': Required field is not provided."
    /^For '(.+?)'(?: at path '(.+)')?: (.+)\.$/,
    (m) => `Em '${m[1]}'${m[2] ? ` (em '${m[2]}')` : ''}: ${lowerFirst(message(m[3]) ?? m[3])}.`,
  ],
];

/** A schema's constraints ("[1, 150] characters", "≤ 200 items"). */
const CONSTRAINTS = [
  [/^(.+) characters$/, (m) => `${m[1]} caracteres`],
  [/^(.+) unique items$/, (m) => `${m[1]} itens únicos`],
  [/^(.+) contained items$/, (m) => `${m[1]} itens contidos`],
  [/^(.+) items$/, (m) => `${m[1]} itens`],
  [/^(.+) properties$/, (m) => `${m[1]} propriedades`],
  [/^unique$/, () => 'itens únicos'],
  [/^matches (.+)$/, (m) => `segue o padrão ${m[1]}`],
  [/^multiple of (.+)$/, (m) => `múltiplo de ${m[1]}`],
  [/^media type: (.+)$/, (m) => `tipo de mídia: ${m[1]}`],
  [/^encoding: (.+)$/, (m) => `codificação: ${m[1]}`],
];

/** What Swagger UI shows from the description itself: never translated. */
const CONTENT = [
  'code',
  'pre',
  'textarea',
  'option',
  '.microlight',
  '.markdown',
  '.renderedMarkdown',
  '.opblock-summary-path',
  '.opblock-summary-description',
  '.opblock-tag .nostyle',
  '.parameters-col_name .parameter__name',
  '.parameter__type',
  '.parameter__in',
  '.json-schema-2020-12__title',
  '.json-schema-2020-12-json-viewer__value',
  '.json-schema-2020-12-keyword__value',
  '.info .title',
].join(',');

function byPattern(patterns, text) {
  for (const [pattern, to] of patterns) {
    const m = pattern.exec(text);
    if (m) return to(m);
  }
  return undefined;
}

function message(text) {
  return WORDS.get(text) ?? byPattern(MESSAGES, text);
}

/** The Portuguese for a label of Swagger UI shown in `element`, or undefined. */
function translation(text, element) {
  for (const scope of SCOPED) {
    if (element.closest(scope.within) && !(scope.unless && element.closest(scope.unless))) {
      const word = scope.words.get(text);
      if (word !== undefined) return word;
    }
  }
  if (element.closest('.json-schema-2020-12__constraint')) return byPattern(CONSTRAINTS, text);
  if (element.closest(CONTENT)) return undefined;
  return message(text);
}

function translateText(node) {
  const raw = node.nodeValue ?? '';
  const text = raw.trim();
  const element = node.parentElement;
  if (!text || !element) return;
  const word = translation(text, element);
  if (word === undefined || word === text) return;
  const start = raw.indexOf(text);
  // "Controls <code>Accept</code> header." → "Define o cabeçalho Accept.": no space before a full stop.
  const before = /^[.,:;]/.test(word) ? '' : raw.slice(0, start);
  node.nodeValue = before + word + raw.slice(start + text.length);
}

const ATTRIBUTES = ['placeholder', 'title', 'aria-label'];

function translateAttributes(element) {
  for (const name of ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (!value) continue;
    const word = element.closest(CONTENT) ? undefined : message(value.trim());
    if (word !== undefined && word !== value) element.setAttribute(name, word);
  }
}

function translateTree(node) {
  if (node.nodeType === Node.TEXT_NODE) {
    translateText(node);
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return;
  translateAttributes(node);
  const walker = document.createTreeWalker(node, 5 /* SHOW_ELEMENT | SHOW_TEXT */);
  for (let next = walker.nextNode(); next; next = walker.nextNode()) {
    if (next.nodeType === Node.TEXT_NODE) translateText(next);
    else translateAttributes(next);
  }
}

/** Translates the viewer now and whenever it renders something again. */
function translateViewer(root) {
  translateTree(root);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') record.addedNodes.forEach(translateTree);
      else if (record.type === 'characterData') translateText(record.target);
      else translateAttributes(record.target);
    }
  }).observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ATTRIBUTES,
  });
}

// Two labels come from Swagger UI's stylesheet (`content:`), not from its markup.
const labels = new CSSStyleSheet();
labels.replaceSync(
  '.swagger-ui .parameter__name.required:after { content: "obrigatório"; }\n' +
    '.swagger-ui .loading-container .loading:after { content: "carregando"; }',
);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, labels];

const root = document.getElementById('swagger-ui');
if (root) translateViewer(root);

window.ui = window.SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // Nothing leaves the server: no online validator badge.
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  persistAuthorization: false,
});
