import { vi } from 'vitest';

export interface StubbedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Responder = (call: StubbedCall) => { status: number; body?: unknown } | undefined;

/**
 * Replaces the network at the fetch level: each call is recorded and answered by the first
 * responder that knows it; anything unexpected answers 404 in the API's error format.
 */
export function stubFetch(...responders: Responder[]) {
  const calls: StubbedCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const headers = new Headers(init?.headers);
    const call: StubbedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    const answer = responders.reduce<ReturnType<Responder>>((found, r) => found ?? r(call), undefined) ?? {
      status: 404,
      body: { errors: [{ message: 'Recurso não encontrado.' }] },
    };
    const text = answer.body === undefined ? null : JSON.stringify(answer.body);
    return Promise.resolve(
      new Response(text, { status: answer.status, headers: { 'content-type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Answers one method and path with a fixed status and body. */
export function on(method: string, path: string, status: number, body?: unknown): Responder {
  return (call) => (call.method === method && call.path === path ? { status, body } : undefined);
}
