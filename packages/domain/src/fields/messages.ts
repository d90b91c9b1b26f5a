/**
 * Every user-visible text of the field rules, in one place. The texts marked "spec" are copied
 * verbatim from spec 002 §5 and §9 (accents, punctuation and the original's typos included: the
 * product's users and integrations know them). The texts marked "ours" cover cases the spec does
 * not show; they follow the spec's wording style ('{name} deve conter …').
 *
 * Placeholders are `{key}` and are filled by `formatMessage` in one pass, so a value that itself
 * contains braces is never substituted again.
 */
export const fieldMessages = {
  // Generic (ours, except the footer).
  required: 'O campo {name} é obrigatório', // ours
  invalidValue: 'O valor informado em {name} é inválido', // ours
  formInvalid: 'Preencha todos os dados corretamente antes de continuar', // spec

  // Text, components 1 and 26.
  textMinChars: '{name} deve conter pelo menos {n} caracteres', // spec
  textMinWords: '{name} deve conter pelo menos {n} palavras', // spec
  textMaxLength: '{name} deve conter no máximo {n} caracteres', // ours

  // CNPJ/CPF ('Identificacao'), component 2.
  identificationInvalid: 'O número do CNPJ/CPF/identificação informado é inválido', // spec
  identificationInUse: '{name} já está sendo usado', // spec
  identificationExists: 'já existe', // spec
  identificationChecking: 'Verificando...', // spec

  // Number, component 3.
  numberDigitsOnly: '{name} deve conter apenas números', // ours
  numberOutOfRange: '{name} deve estar entre {min} e {max}', // ours

  // Money and measurement, components 5, 23, 24 and 25.
  decimalInvalid: '{name} deve ser um número', // ours
  decimalPrecision: '{name} deve conter no máximo {n} casas decimais', // ours

  // Phone, licence plate, e-mail.
  phoneInvalid: 'O número de telefone informado em {name} é inválido', // ours
  plateInvalid: 'A placa informada em {name} é inválida', // ours
  emailInvalid: 'O e-mail {value} é inválido', // ours
  emailEntryRequired: 'Preencha todos os e-mails de {name}', // ours
  emailAtLeastOne: 'Informe pelo menos um e-mail em {name}', // ours

  // Time and duration, component 19.
  durationInvalid: 'Duração inválida', // spec
  durationExceedsPeriod:
    'A duração não pode ser maior do que o período entre a previsão de início e a previsão de término', // spec

  // Date (32) and date-time (11).
  dateInvalid: 'A data informada em {name} é inválida', // ours
  dateTimeInvalid: 'A data/hora informada em {name} é inválida', // ours
  dateNotBeforeNow: 'A data/hora digitada não pode ser menor que data/hora atual: {now}', // spec
  dateNotAfterLimit: 'A data/hora digitada não pode ser maior que {limit}', // spec
  dateNotBeforeLimit: 'A data/hora digitada não pode ser menor que {limit}', // spec
  dateNationalHoliday: 'A data digitada não pode ser feriado nacional', // spec
  dateWeekend: 'A data digitada não pode ser final de semana', // spec
  dateSpecific: 'A data digitada não pode ser a especificada', // spec

  // Yes/no/empty (10) and switch (27).
  booleanYes: 'Sim', // spec
  booleanNo: 'Não', // spec
  booleanEmpty: '', // ours: the empty option shows no text

  // Selects, components 4, 14, 16 and 20.
  selectRequired: 'É obrigatório selecionar um item da lista.', // spec
  selectNoResultsFor: 'Nenhum resultado encontrado para {term}', // spec ('...' is the search term)
  selectNoItems: 'Nenhum item para ser exibido', // spec
  selectNothingFound: 'Nenhum item encontrado', // spec
  selectDisabledItem: 'Este item não pode ser selecionado.', // spec

  // Schedule, component 18.
  scheduleWeekdayRequired: 'Selecione no mínimo um dia da semana', // spec
  scheduleMonthDayRequired: 'Selecione no mínimo um dia do mês', // spec
  scheduleMonthDayWarning:
    'Atenção! Em caso dos mês não possuir um dia que foi selecionado esse agendamento não será disparado.', // spec
  scheduleInvalid: 'O agendamento informado em {name} é inválido', // ours
  scheduleWeekly: 'Semanal', // ours
  scheduleMonthly: 'Mensal', // ours
  schedulePeriodSpecificTime: 'Horário especifico', // spec (sic)
  schedulePeriodInterval: 'Intervalo de tempo', // spec
  scheduleHour: 'Hora', // spec
  scheduleHours: 'Horas', // ours (plural of the spec's label)
  scheduleMinute: 'Minuto', // spec
  scheduleMinutes: 'Minutos', // ours (plural of the spec's label)

  // Files, components 22 and 34, and image upload.
  fileInvalidExtension:
    'O upload desse arquivo não será realizado, pois a extensão é inválida. Envie arquivos {list}.', // spec
  fileRequired: 'Selecione um arquivo', // spec
  fileTooMany: 'Selecione no máximo {n} arquivos por vez', // ours
  fileRemoveConfirm: 'Deseja realmente remover esse arquivo?', // spec
  imageUnsupported: 'Extensão não suportada', // spec

  // Time window, component 28: a slot not offered (422) or already full (409, the server's).
  timeWindowNoSlot: 'Nenhum horario disponível', // spec (sic)
} as const;

export type FieldMessageKey = keyof typeof fieldMessages;

/** Names of the national holidays (ours: the spec lists the dates, not their names). */
export const holidayNames = {
  newYear: 'Confraternização Universal',
  carnivalMonday: 'Carnaval (segunda-feira)',
  carnival: 'Carnaval',
  goodFriday: 'Sexta-feira Santa',
  easter: 'Páscoa',
  tiradentes: 'Tiradentes',
  labourDay: 'Dia do Trabalho',
  corpusChristi: 'Corpus Christi',
  independence: 'Independência do Brasil',
  aparecida: 'Nossa Senhora Aparecida',
  allSouls: 'Finados',
  republic: 'Proclamação da República',
  blackConsciousness: 'Dia Nacional de Zumbi e da Consciência Negra',
  christmas: 'Natal',
} as const;

export type HolidayKey = keyof typeof holidayNames;

export type MessageParams = Readonly<Record<string, string | number>>;

/** Fills `{key}` placeholders in one pass; unknown keys are left as they are. */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = Object.hasOwn(params, key) ? params[key] : undefined;
    return value === undefined ? whole : String(value);
  });
}

/** Builds the message of a catalogue entry. */
export function message(key: FieldMessageKey, params?: MessageParams): string {
  return formatMessage(fieldMessages[key], params);
}
