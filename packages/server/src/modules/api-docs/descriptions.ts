import { platformDescriptions } from './descriptions-platform.ts';
import { recordDescriptions } from './descriptions-records.ts';
import { settingsDescriptions } from './descriptions-settings.ts';

/** The document's own description (`info.description`), at the top of /api/docs. */
export const documentIntroduction = [
  'Toda rota que o servidor registra está aqui, gerada das suas definições: a permissão (`x-permission`), os ' +
    'parâmetros, o corpo e as respostas, dos mesmos esquemas que validam cada pedido.',
  'Chamadas autenticadas enviam `Authorization: Bearer <token>`, com o token de `POST /api/account/login` ' +
    '(pessoa: e-mail e senha; conta de integração: hash e senha). Erros têm sempre o formato ' +
    '`{ "errors": [ { "message": "…", "field": "…" } ] }`, com a mensagem em português, pronta para mostrar.',
  'Vocabulário dos caminhos: `subject` é o assunto (um tipo de registro, com os seus atributos), identificado pelo ' +
    'seu identificador; `talk` é o registro; `room`, o perfil de acesso; `job`, a automação; `template`, as colunas ' +
    'de uma grade ou os campos de um formulário. Listas respondem `{itens, totalResults, currentPage}`, paginadas ' +
    'por `page` e `fetch` (a de contas, por `CurrentPage` e `ResultsPerPage`).',
].join('\n\n');

/**
 * The description of each call in /api/docs and /api/openapi.json, in Portuguese (issue 39): what
 * the call does, what it answers, who may make it and the refusals an integrator meets, in the
 * product's words (registro, assunto, perfil de acesso). The schemas beside it are generated; these
 * texts are written here, one per operation, and a test fails for an operation without one.
 * Keys are `METHOD /path` as in summaries.ts (parameters in braces, their names free).
 */
export const operationDescriptions: Readonly<Record<string, string>> = {
  ...platformDescriptions,
  ...recordDescriptions,
  ...settingsDescriptions,
};
