import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Request factories for the load generator's process (cannon.ts): each takes JSON arguments and
 * answers a function giving the next request. Kept apart from the bench scripts, which run their
 * bench when imported.
 */
export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: string;
}

/** The same request every time. */
export function fixed(args: Request): Promise<() => Request> {
  return Promise.resolve(() => args);
}

/** GET `{prefix}{random id in 1..n}`. */
export function randomId(args: { prefix: string; n: number }): Promise<() => Request> {
  return Promise.resolve(() => ({
    method: 'GET',
    path: `${args.prefix}${1 + Math.floor(Math.random() * args.n)}`,
  }));
}

/** GET `{prefix}{one of ids, at random}`. */
export function randomOf(args: { prefix: string; ids: number[] }): Promise<() => Request> {
  return Promise.resolve(() => ({
    method: 'GET',
    path: `${args.prefix}${String(args.ids[Math.floor(Math.random() * args.ids.length)])}`,
  }));
}

export type Ticket = {
  id: number;
  title: string;
  status: string;
  priority: number;
  customer: string;
  created: string;
  due_date: string;
  description: string;
  amount: number;
};

/** The peer's ticket generator (../shared/peers/gen-tickets.mjs), as Directus's bench uses it. */
export async function peerTickets(): Promise<(id: number) => Ticket> {
  const file = path.resolve(import.meta.dirname, '../../../shared/peers/gen-tickets.mjs');
  if (!fs.existsSync(file))
    throw new Error(`the peer's generator is not at ${file} (../shared beside the repository)`);
  return ((await import(pathToFileURL(file).href)) as { ticket: (id: number) => Ticket }).ticket;
}

/** The `chamado` attributes the records bench creates, in the order of `ticketValues`. */
export const TICKET_ATTRIBUTES = [
  { identifier: 'titulo', name: 'Título', componentId: 1, isOrderable: true, length: 255 },
  { identifier: 'situacao', name: 'Situação', componentId: 1, isOrderable: true },
  { identifier: 'prioridade', name: 'Prioridade', componentId: 3, isOrderable: true },
  { identifier: 'cliente', name: 'Cliente', componentId: 1, isOrderable: true },
  { identifier: 'abertura', name: 'Abertura', componentId: 11, isOrderable: true },
  { identifier: 'prazo', name: 'Prazo', componentId: 32, isOrderable: true },
  { identifier: 'descricao', name: 'Descrição', componentId: 26, length: 4000 },
  { identifier: 'valor', name: 'Valor', componentId: 5 },
];

export const ticketValues = (t: Ticket) => [
  t.title,
  t.status,
  t.priority,
  t.customer,
  Date.parse(t.created),
  t.due_date,
  t.description,
  t.amount,
];

/**
 * A ticket as the bulk loaders write it (setup.ts): its search text as the server would store it
 * (the values' words, accents removed, lower case), then `ticketValues`.
 */
export const ticketRow = (t: Ticket): (string | number | null)[] => [
  `${t.title} ${t.status} ${t.priority} ${t.customer} ${t.description} ${t.amount}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase(),
  ...ticketValues(t),
];

/** POST /api/talk/chamado with the peer's ticket `from`, `from + 1`, … (the peer's create workload). */
export async function createTicket(args: { from: number }): Promise<() => Request> {
  const ticket = await peerTickets();
  let next = args.from;
  return () => {
    const t = ticket(next++);
    const values = ticketValues(t);
    values[4] = t.created;
    return {
      method: 'POST',
      path: '/api/talk/chamado',
      body: JSON.stringify({
        talkValues: TICKET_ATTRIBUTES.map((a, i) => ({
          subjectAttributeIdentifier: a.identifier,
          value: values[i],
        })),
      }),
    };
  };
}
