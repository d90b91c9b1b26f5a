import { cnpjCheckDigits, formatCnpj } from '@talkbase/domain/fields/identification';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { RoomsService } from '../rooms/rooms.service.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import type { TalksService } from '../records/records.service.ts';
import type { DashboardsService } from '../dashboards/dashboards.service.ts';
import { seedDemoDashboard } from '../dashboards/demo-dashboard.ts';
import { DEMO_SUBJECTS } from './demo-schema.ts';
import { customerTicketPermissions, DEMO_TICKET_STATUSES, demoTicketStage } from '../tickets/demo-tickets.ts';
import { subjectInputSchema } from '@talkbase/domain/contracts/subjects';

/** Demo accounts, listed in the README; they exist only when the demo workspace is seeded. */
export const DEMO_USERS = {
  agent: { email: 'atendente@talkbase.local', password: 'Atendente-Demo-2026' },
  customer: { email: 'cliente@talkbase.local', password: 'Cliente-Demo-2026' },
} as const;

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Heitor',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sofia',
  'Tiago',
];
const LAST = [
  'Silva',
  'Souza',
  'Oliveira',
  'Santos',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ribeiro',
  'Almeida',
  'Gomes',
];
const COMPANY = [
  'Alfa',
  'Horizonte',
  'Ipê',
  'Jequitibá',
  'Aurora',
  'Cerrado',
  'Pantanal',
  'Atlântica',
  'Serra Azul',
  'Rio Doce',
  'Mantiqueira',
  'Guaraná',
  'Boa Vista',
  'Sol Nascente',
  'Vale Verde',
  'Cruzeiro',
  'Farol',
  'Maré Alta',
  'Ponte Nova',
  'Itapuã',
];
const KIND = ['Comércio', 'Transportes', 'Indústria', 'Serviços', 'Logística', 'Alimentos'];
const CITIES: [string, string][] = [
  ['São Paulo', 'SP'],
  ['Rio de Janeiro', 'RJ'],
  ['Belo Horizonte', 'MG'],
  ['Curitiba', 'PR'],
  ['Porto Alegre', 'RS'],
  ['Recife', 'PE'],
  ['Salvador', 'BA'],
  ['Fortaleza', 'CE'],
  ['Goiânia', 'GO'],
  ['Manaus', 'AM'],
];
const PROBLEMS = [
  'Erro ao emitir nota fiscal',
  'Sistema lento no fechamento',
  'Impressora fiscal não responde',
  'Falha na integração bancária',
  'Relatório de vendas divergente',
  'Usuário sem acesso ao módulo',
  'Backup não concluído',
  'Boleto com vencimento errado',
  'Estoque negativo após inventário',
  'Certificado digital expirado',
  'Lentidão na consulta de pedidos',
  'Erro ao importar XML',
  'Cadastro de cliente duplicado',
  'Falha ao sincronizar aplicativo',
];
const TASKS = [
  'Analisar log do servidor',
  'Reproduzir o erro em homologação',
  'Atualizar versão do sistema',
  'Contatar o cliente',
  'Corrigir cadastro',
  'Revisar configuração fiscal',
  'Gerar novo certificado',
  'Documentar solução',
];

/** Deterministic pseudo-random numbers, so every demo workspace is the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function cnpj(n: number): string {
  const base = `${String(10_000_000 + n * 7919)
    .padStart(8, '0')
    .slice(0, 8)}0001`;
  return formatCnpj(base + cnpjCheckDigits(base));
}

export interface DemoDeps {
  subjects: SubjectsService;
  talks: TalksService;
  rooms: RoomsService;
  accounts: AccountsService;
  /** The "Suporte" dashboard (modules/dashboards/demo-dashboard.ts). */
  dashboards?: DashboardsService;
  log: FastifyBaseLogger;
}

/**
 * The demo workspace (SEED=demo, first start only): subjects, a few hundred realistic records, a
 * support room with an ordinary user, and a customer user in room 1196. Written through the same
 * services as the API, so every rule applies to it.
 */
export async function seedDemo(deps: DemoDeps, admin: AuthContext): Promise<void> {
  const { subjects, talks, rooms, accounts } = deps;
  const companyId = admin.companyId;
  const ids = new Map<string, number>();
  for (const s of DEMO_SUBJECTS) {
    // Through the same schema as the API, so aliases ('Identificacao') and defaults apply.
    const created = await subjects.create(companyId, subjectInputSchema.parse(s));
    ids.set(s.identifier, created.id);
  }
  const add = async (subject: string, values: Record<string, unknown>) =>
    (
      await talks.create(admin, subject, {
        talkValues: Object.entries(values).map(([k, value]) => ({ subjectAttributeIdentifier: k, value })),
      })
    ).resourceId;
  const many = async (subject: string, names: string[]) => {
    const out: number[] = [];
    for (const nome of names) out.push(await add(subject, { nome }));
    return out;
  };

  const random = rng(2026);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  const status = await many('situacao', [...DEMO_TICKET_STATUSES]);
  // A new ticket starts 'Aberto' (customers may not choose its status).
  await subjects.updateAttribute(companyId, 'chamado', 'situacao', { defaultValue: String(status[0]) });
  const priority = await many('prioridade', ['Baixa', 'Média', 'Alta', 'Urgente']);
  const types = await many('tipochamado', ['Dúvida', 'Erro', 'Melhoria', 'Proposta comercial']);
  const taskStatus = await many('statustarefa', [
    'Aguardando Execução',
    'Em Execução',
    'Pausada',
    'Finalizada',
  ]);
  const software = await many('software', [
    'ERP Talkbase',
    'PDV Loja',
    'App Vendas',
    'Portal do Cliente',
    'BI Gerencial',
  ]);
  const categories: { id: number; software: number }[] = [];
  for (const [i, nome] of [
    'Fiscal',
    'Financeiro',
    'Estoque',
    'Acesso',
    'Integrações',
    'Relatórios',
    'Cadastros',
    'Infraestrutura',
    'Mobile',
    'Vendas',
  ].entries()) {
    const sw = software[i % software.length] ?? 0;
    categories.push({ id: await add('categoria', { nome, software: sw }), software: sw });
  }
  const subcategories: { id: number; category: number }[] = [];
  for (const [i, nome] of [
    'NF-e',
    'NFC-e',
    'Boletos',
    'Conciliação',
    'Inventário',
    'Senhas',
    'Permissões',
    'API',
    'XML',
    'Vendas diárias',
    'Clientes',
    'Produtos',
    'Servidor',
    'Backup',
    'Android',
    'iOS',
    'Pedidos',
    'Comissões',
    'Metas',
    'Devoluções',
  ].entries()) {
    const cat = categories[i % categories.length]?.id ?? 0;
    subcategories.push({ id: await add('subcategoria', { nome, categoria: cat }), category: cat });
  }

  const clients: number[] = [];
  for (let i = 0; i < 40; i++) {
    const [city, uf] = pick(CITIES);
    const name = `${COMPANY[i % COMPANY.length] ?? 'Alfa'} ${KIND[i % KIND.length] ?? 'Comércio'} Ltda`;
    clients.push(
      await add('cliente', {
        nome: name,
        cnpj: cnpj(i + 1),
        telefone: `(${11 + (i % 80)}) 9${String(8000_0000 + i * 7331).slice(0, 4)}-${String(1000 + i * 37).slice(-4)}`,
        email: `contato${i + 1}@${(COMPANY[i % COMPANY.length] ?? 'alfa').toLowerCase().replace(/[^a-z]/g, '')}.com.br`,
        cidade: city,
        uf,
      }),
    );
  }

  const day = 86_400_000;
  const now = Date.now();
  const tickets: number[] = [];
  for (let i = 0; i < 300; i++) {
    const sub = pick(subcategories);
    const cat = categories.find((c) => c.id === sub.category) ?? categories[0];
    const opened = now - Math.floor(random() * 120) * day - Math.floor(random() * day);
    const situacao = pick(status);
    tickets.push(
      await add('chamado', {
        titulo: `${pick(PROBLEMS)} ${i % 7 === 0 ? 'na filial' : 'no módulo'} ${1 + (i % 9)}`,
        cliente: pick(clients),
        solicitante: `${pick(FIRST)} ${pick(LAST)}`,
        situacao,
        prioridade: pick(priority),
        tipo: pick(types),
        software: cat?.software,
        categoria: cat?.id,
        subcategoria: sub.id,
        descricao:
          'Cliente relata o problema desde a última atualização. Evidências anexadas pelo atendimento.',
        abertura: new Date(opened).toISOString(),
        previsaochamado: new Date(opened + 10 * day).toISOString().slice(0, 10),
        // What the status's rules ask for (000 §5).
        ...demoTicketStage(DEMO_TICKET_STATUSES[status.indexOf(situacao)] ?? '', i, now),
      }),
    );
  }
  for (let i = 0; i < 100; i++) {
    const start = now - Math.floor(random() * 30) * day;
    await add('tarefa', {
      assunto: pick(TASKS),
      // A task starts waiting: only the task calls move its status (modules/tasks).
      statustarefa: taskStatus[0],
      chamado: pick(tickets),
      previsaodeinicio: new Date(start).toISOString(),
      previsaodetermino: new Date(start + 2 * day).toISOString(),
      duracaoestimada: `0${1 + (i % 8)}:00:00`,
    });
  }

  // Saved filters (002 §7 GET /Filter/{subject}) for the tickets' grid.
  const saved: [string, Record<string, unknown>][] = [
    ['Prioridade urgente', { attribute: 'prioridade', operator: 'equal', value: priority[3] ?? 0 }],
    ['Abertos', { attribute: 'situacao', operator: 'equal', value: status[0] ?? 0 }],
  ];
  for (const [nome, rule] of saved) {
    await add('filtro', { nome, assunto: 'chamado', filtro: { condition: 'E', rules: [rule] } });
  }

  // A support room that works tickets and tasks, and the customer room that opens and follows tickets.
  ids.set('filtro', (await subjects.load(companyId, 'filtro')).id);
  const subjectId = (identifier: string) => ids.get(identifier) ?? 0;
  const readOnly = [
    'situacao',
    'prioridade',
    'tipochamado',
    'statustarefa',
    'software',
    'categoria',
    'subcategoria',
    'cliente',
  ];
  const support = await rooms.create(companyId, {
    roomName: 'Atendimento',
    displayName: 'Suporte',
    color: '#1f6f8b',
    permissions: {
      subjects: [
        {
          resourceId: subjectId('chamado'),
          actions: ['read', 'create', 'update', 'deactivate'],
          permissions: [],
        },
        {
          resourceId: subjectId('tarefa'),
          actions: ['read', 'create', 'update', 'deactivate'],
          permissions: [],
        },
        ...readOnly.map((s) => ({ resourceId: subjectId(s), actions: ['read' as const], permissions: [] })),
        { resourceId: subjectId('filtro'), actions: ['read' as const], permissions: [] },
      ],
      menus: [],
    },
    sharedTalks: [],
    requireDigitalSignature: [],
    roomFilters: [],
    connectedRooms: [],
    roomNotifications: [],
  });
  await rooms.update(companyId, 1196, {
    roomName: 'Clientes',
    displayName: 'Clientes',
    color: '#2b7a3d',
    permissions: {
      subjects: [
        // A customer sees its own company's tickets only.
        {
          resourceId: subjectId('chamado'),
          actions: ['read', 'create', 'update'],
          permissions: customerTicketPermissions(await subjects.load(companyId, 'chamado')),
          filter: { attribute: 'cliente', operator: 'equal', value: clients[0] ?? 0 },
        },
        ...['situacao', 'prioridade', 'tipochamado', 'software', 'categoria', 'subcategoria', 'cliente'].map(
          (s) => ({ resourceId: subjectId(s), actions: ['read' as const], permissions: [] }),
        ),
      ],
      menus: [],
    },
    // …and of the clients, its own company only.
    sharedTalks: [{ subjectIdentifier: 'cliente', name: 'Minha empresa', talks: [{ id: clients[0] ?? 0 }] }],
    requireDigitalSignature: [],
    roomFilters: [],
    connectedRooms: [],
    roomNotifications: [],
  });
  if (deps.dashboards) {
    await seedDemoDashboard(deps.dashboards, admin, {
      roomIds: [support, 1196],
      statuses: DEMO_TICKET_STATUSES.map((name, i) => ({ name, id: status[i] ?? 0 })),
    });
  }
  await accounts.create(admin, {
    accountType: 1,
    roomId: support,
    firstName: 'Ana',
    lastName: 'Atendente',
    displayName: 'Ana',
    phoneNumber: '(11) 3333-4444',
    email: DEMO_USERS.agent.email,
    isAdmin: false,
    password: DEMO_USERS.agent.password,
  });
  await accounts.create(admin, {
    accountType: 1,
    roomId: 1196,
    firstName: 'Carlos',
    lastName: 'Cliente',
    displayName: 'Carlos',
    phoneNumber: '(21) 98888-7777',
    email: DEMO_USERS.customer.email,
    isAdmin: false,
    password: DEMO_USERS.customer.password,
  });
  deps.log.info(
    `Área de demonstração criada: ${String(tickets.length)} chamados, ${String(clients.length)} clientes; usuários ${DEMO_USERS.agent.email} e ${DEMO_USERS.customer.email}`,
  );
}
