import { configsOf, type HttpRequestConfig } from '@talkbase/domain/contracts/jobs';
import { type HttpStepDetail } from '@talkbase/domain/contracts/job-runs';
import {
  networkFailureText,
  OutboundBlockedError,
  OutboundError,
  OutboundResponseTooLargeError,
  type OutboundClient,
} from '../../../../outbound/outbound-client.ts';
import {
  PermanentActionError,
  RetryableActionError,
  type ActionContext,
  type ActionHandler,
} from '../types.ts';
import { safeUrl, withDetail } from '../detail.ts';
import { OUTBOUND_RETRY, onceByKey } from './once.ts';
import { accountOf, loadRecord, templateValues } from './record.ts';
import { renderTemplate } from './render.ts';

/** Headers the request may not set: the client owns framing and routing. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
  'expect',
]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Retried: the target may heal (server error, overload, timeout). Everything else 4xx is final. */
const RETRYABLE_STATUS = new Set([408, 425, 429]);

/**
 * HttpRequest: method, URL, headers and body template, sent through the one guarded outbound
 * client. Variables are substituted from the whitelist: percent-encoded in the URL, header-escaped
 * in header values, JSON-escaped in a JSON body, as typed in any other body.
 */
export function httpRequestHandler(deps: { outbound: OutboundClient }): ActionHandler {
  return {
    kind: 'HttpRequest',
    retry: OUTBOUND_RETRY,
    async run(ctx, step) {
      const configs = configsOf(step, 'HttpRequest');
      if (configs.length === 0) throw new PermanentActionError('Configure a requisição HTTP.');
      // What the run history shows: each call's method, address (without secrets) and status.
      const detail: HttpStepDetail = { requests: [] };
      try {
        for (const [i, c] of configs.entries()) {
          const entry: HttpStepDetail['requests'][number] = {
            method: c.method,
            url: safeUrl(c.url.trim()),
            status: null,
          };
          detail.requests.push(entry);
          const sent = await onceByKey(ctx, `${ctx.idempotencyKey}:http:${i}`, () =>
            requestOne(ctx, deps.outbound, c, entry),
          );
          if (!sent) entry.alreadyDone = true;
        }
      } catch (err) {
        throw err instanceof Error ? withDetail(err, detail) : err;
      }
      return detail;
    },
  };
}

/** Sends one configuration's request; `entry` gets the address sent to and the status answered. */
async function requestOne(
  ctx: ActionContext,
  outbound: OutboundClient,
  c: HttpRequestConfig,
  entry: HttpStepDetail['requests'][number],
): Promise<void> {
  if (!c.url.trim()) throw new PermanentActionError('Informe o endereço da requisição.');
  const record = await loadRecord(ctx);
  const templates = [c.url, c.body, ...c.headers.map((h) => h.value)];
  const vars = await templateValues(ctx, record, templates, await accountOf(ctx, ctx.trigger.accountId));
  const headers: Record<string, string> = {};
  for (const h of c.headers) {
    const name = h.name.trim();
    if (!name) continue;
    if (!TOKEN.test(name) || RESERVED_HEADERS.has(name.toLowerCase()))
      throw new PermanentActionError(`Cabeçalho não permitido: ${name}`);
    headers[name.toLowerCase()] = renderTemplate(h.value, vars, 'header');
  }
  const json = /[/+]json\b/i.test(headers['content-type'] ?? '');
  const hasBody = c.method !== 'GET' && c.body !== '';
  const body = hasBody ? renderTemplate(c.body, vars, json ? 'json' : 'none') : undefined;
  if (hasBody && !headers['content-type']) headers['content-type'] = 'text/plain; charset=utf-8';
  const url = renderTemplate(c.url.trim(), vars, 'url');
  entry.url = safeUrl(url);
  headers['idempotency-key'] ??= ctx.idempotencyKey;

  let status: number;
  try {
    const res = await outbound.request({
      method: c.method,
      url,
      headers,
      ...(body !== undefined ? { body } : {}),
      signal: ctx.signal,
    });
    status = res.status;
    entry.status = status;
  } catch (err) {
    if (err instanceof OutboundBlockedError)
      throw new PermanentActionError(`Requisição recusada: ${err.message}`, { cause: err });
    if (err instanceof OutboundResponseTooLargeError)
      throw new PermanentActionError('A resposta passou do tamanho máximo.', { cause: err });
    // The client's own failures are worded for people; the step's deadline (or a cancelled run)
    // ends the request with the platform's English AbortError.
    const why =
      err instanceof OutboundError
        ? err.message
        : ctx.signal.aborted
          ? 'Tempo esgotado'
          : networkFailureText(err);
    throw new RetryableActionError(`Falha na requisição: ${why}`, { cause: err });
  }
  if (status >= 500 || RETRYABLE_STATUS.has(status))
    throw new RetryableActionError(`O destino respondeu ${status}; nova tentativa agendada.`);
  if (status >= 400) throw new PermanentActionError(`O destino respondeu ${status}.`);
}
