/**
 * The sandbox's fixed reference data: served countries, payment methods, banks, crypto prices.
 * The spec names method codes only by example (see its reported_info table and QuickPay rules);
 * the rest (names, averages, bank details) is made-up but shaped like the real thing.
 */

export interface Country {
  code: string;
  currency: string;
  /** Local currency units per US dollar. */
  unitsPerUsd: number;
  /** Document types a payer of this country may send (spec: "valid document type"). */
  documentTypes: readonly string[];
}

export const COUNTRIES: readonly Country[] = [
  { code: 'BR', currency: 'BRL', unitsPerUsd: 5, documentTypes: ['CPF', 'CNPJ'] },
  { code: 'MX', currency: 'MXN', unitsPerUsd: 17, documentTypes: ['CURP', 'RFC', 'IFE'] },
  { code: 'CL', currency: 'CLP', unitsPerUsd: 900, documentTypes: ['RUT'] },
  { code: 'PE', currency: 'PEN', unitsPerUsd: 3.75, documentTypes: ['DNI', 'CE', 'RUC'] },
  { code: 'PA', currency: 'USD', unitsPerUsd: 1, documentTypes: ['CIP', 'PP', 'RUC'] },
  { code: 'CO', currency: 'COP', unitsPerUsd: 4000, documentTypes: ['CC', 'CE', 'NIT'] },
  { code: 'AR', currency: 'ARS', unitsPerUsd: 900, documentTypes: ['DNI', 'CUIL', 'CUIT'] },
];

export function findCountry(code: string): Country | undefined {
  return COUNTRIES.find((country) => country.code === code);
}

export const METHOD_TYPES = ['BANK_DEPOSIT', 'BANK_TRANSFER', 'CREDIT_CARD', 'VOUCHER'] as const;
export type MethodType = (typeof METHOD_TYPES)[number];

/** How the sandbox writes the payment instructions of a method (payment_info.metadata). */
export type InstructionKind = 'bank_deposit' | 'bank_transfer' | 'voucher' | 'instant' | 'card';

export const AVAILABLE = 'ACTIVE';
/** The spec leaves the set of status values open; this is the "momentarily unavailable" one. */
export const MOMENTARILY_UNAVAILABLE = 'TEMPORARILY_UNAVAILABLE';

export type ReportedInfoField =
  'bank_account_number' | 'bank_branch' | 'bank_beneficiary' | 'bank_account_type';

/** Spec, reported_info table: "two or more words of 2 to 30 non-digit, non-space characters". */
const BENEFICIARY_WORDS = /^[^\d\s]{2,30}( [^\d\s]{2,30})+$/;
/** Spec: account types for method CA. */
export const CAIXA_ACCOUNT_TYPES = ['001', '002', '003', '006', '013', '022', '023', '028'] as const;

export interface ReportedInfoRule {
  field: ReportedInfoField;
  pattern: RegExp;
  /** Human text of the mask, for error descriptions and the checkout page. */
  mask: string;
}

const beneficiaryRule: ReportedInfoRule = {
  field: 'bank_beneficiary',
  pattern: BENEFICIARY_WORDS,
  mask: 'two or more words of 2 to 30 letters',
};

export interface BeneficiaryAccount {
  beneficiaryName: string;
  agency?: string;
  account: string;
  accountType: string;
  /** BR: the CNPJ; elsewhere a document type and number. */
  cnpj?: string;
  documentType?: string;
  document?: string;
  bankUrl: string;
}

export interface PaymentMethodSpec {
  country: string;
  code: string;
  name: string;
  type: MethodType;
  instructions: InstructionKind;
  status: string;
  /** Seconds; absent for a method "without data" (spec). */
  dailyAverage?: number;
  monthlyAverage?: number;
  /** How long a deposit with this method waits for the payer. */
  expiresInMinutes: number;
  /** Fee taken from the merchant, percent of the USD amount. */
  feePercent: number;
  /** Spec, "Methods that require a reported_info field". */
  reportedInfo: readonly ReportedInfoRule[];
  /** Where the payer sends the money (bank deposits and transfers). */
  beneficiary?: BeneficiaryAccount;
  /** The method whose payment_info also carries secondary_metadata (a QR to pay the same deposit). */
  secondaryQr?: boolean;
}

const BR_BENEFICIARY = {
  beneficiaryName: 'Paydesk Sandbox Pagamentos Ltda',
  accountType: 'Conta corrente',
  cnpj: '12.345.678/0001-90',
};

const card = (
  country: string,
  code: 'VI' | 'MC',
  averages: { daily: number; monthly: number },
): PaymentMethodSpec => ({
  country,
  code,
  name: code === 'VI' ? 'Visa' : 'Mastercard',
  type: 'CREDIT_CARD',
  instructions: 'card',
  status: AVAILABLE,
  dailyAverage: averages.daily,
  monthlyAverage: averages.monthly,
  expiresInMinutes: 60,
  feePercent: 3.5,
  reportedInfo: [],
});

export const PAYMENT_METHODS: readonly PaymentMethodSpec[] = [
  // Brazil: every BR code named by the spec, plus boleto and cards.
  {
    country: 'BR',
    code: 'IX',
    name: 'Pix',
    type: 'VOUCHER',
    instructions: 'instant',
    status: AVAILABLE,
    dailyAverage: 45,
    monthlyAverage: 52,
    expiresInMinutes: 30,
    feePercent: 1,
    reportedInfo: [],
  },
  {
    country: 'BR',
    code: 'CA',
    name: 'Caixa',
    type: 'BANK_DEPOSIT',
    instructions: 'bank_deposit',
    status: AVAILABLE,
    dailyAverage: 5400,
    monthlyAverage: 6100,
    expiresInMinutes: 2 * 24 * 60,
    feePercent: 2,
    reportedInfo: [
      {
        field: 'bank_account_type',
        pattern: new RegExp(`^(${CAIXA_ACCOUNT_TYPES.join('|')})$`),
        mask: `one of ${CAIXA_ACCOUNT_TYPES.join(', ')}`,
      },
      { field: 'bank_branch', pattern: /^\d{1,4}$/, mask: '1 to 4 digits' },
      {
        field: 'bank_account_number',
        pattern: /^\d{1,14}-\d$/,
        mask: '000000000-0 (1 to 14 digits, a hyphen, one digit)',
      },
    ],
    beneficiary: {
      ...BR_BENEFICIARY,
      agency: '0652',
      account: '00012345-6',
      bankUrl: 'https://www.caixa.gov.br',
    },
  },
  {
    country: 'BR',
    code: 'SJ',
    name: 'Sicredi',
    type: 'BANK_DEPOSIT',
    instructions: 'bank_deposit',
    status: AVAILABLE,
    dailyAverage: 7200,
    monthlyAverage: 8000,
    expiresInMinutes: 2 * 24 * 60,
    feePercent: 2,
    reportedInfo: [beneficiaryRule],
    beneficiary: {
      ...BR_BENEFICIARY,
      agency: '0718',
      account: '38211-4',
      bankUrl: 'https://www.sicredi.com.br',
    },
  },
  {
    country: 'BR',
    code: 'B',
    name: 'Paydesk Sandbox Bank',
    type: 'BANK_DEPOSIT',
    instructions: 'bank_deposit',
    status: AVAILABLE,
    dailyAverage: 3600,
    monthlyAverage: 3900,
    expiresInMinutes: 2 * 24 * 60,
    feePercent: 1.5,
    reportedInfo: [beneficiaryRule],
    beneficiary: {
      ...BR_BENEFICIARY,
      agency: '0001',
      account: '1000200-3',
      bankUrl: 'https://bank.sandbox.invalid',
    },
  },
  {
    country: 'BR',
    code: 'SF',
    name: 'Banco Safra',
    type: 'BANK_DEPOSIT',
    instructions: 'bank_deposit',
    status: AVAILABLE,
    dailyAverage: 6800,
    monthlyAverage: 7400,
    expiresInMinutes: 2 * 24 * 60,
    feePercent: 2,
    reportedInfo: [beneficiaryRule],
    beneficiary: {
      ...BR_BENEFICIARY,
      agency: '0021',
      account: '584120-7',
      bankUrl: 'https://www.safra.com.br',
    },
  },
  {
    country: 'BR',
    code: 'BB',
    name: 'Banco do Brasil',
    type: 'BANK_DEPOSIT',
    instructions: 'bank_deposit',
    status: AVAILABLE,
    dailyAverage: 4100,
    monthlyAverage: 4500,
    expiresInMinutes: 2 * 24 * 60,
    feePercent: 2,
    reportedInfo: [
      {
        field: 'bank_account_number',
        pattern: /^\d{1,11}-[A-Za-z0-9]$/,
        mask: '00000000000-A (1 to 11 digits, a hyphen, one letter or digit)',
      },
      {
        field: 'bank_branch',
        pattern: /^\d{1,4}(-[A-Za-z0-9])?$/,
        mask: '0000-A (1 to 4 digits, optionally a hyphen and one letter or digit)',
      },
    ],
    beneficiary: {
      ...BR_BENEFICIARY,
      agency: '3064-X',
      account: '48213-7',
      bankUrl: 'https://www.bb.com.br',
    },
    secondaryQr: true,
  },
  {
    // The "new method without data": no daily or monthly average.
    country: 'BR',
    code: 'BZ',
    name: 'Banco Original',
    type: 'BANK_DEPOSIT',
    instructions: 'bank_deposit',
    status: AVAILABLE,
    expiresInMinutes: 2 * 24 * 60,
    feePercent: 2,
    reportedInfo: [
      { field: 'bank_branch', pattern: /^\d{1,4}$/, mask: '1 to 4 digits' },
      {
        field: 'bank_account_number',
        pattern: /^\d{1,9}-\d$/,
        mask: '000000000-0 (1 to 9 digits, a hyphen, one digit)',
      },
    ],
    beneficiary: {
      ...BR_BENEFICIARY,
      agency: '0001',
      account: '2231450-1',
      bankUrl: 'https://www.original.com.br',
    },
  },
  {
    country: 'BR',
    code: 'BL',
    name: 'Boleto Bancário',
    type: 'VOUCHER',
    instructions: 'voucher',
    status: AVAILABLE,
    dailyAverage: 86400,
    monthlyAverage: 97200,
    expiresInMinutes: 3 * 24 * 60,
    feePercent: 1.8,
    reportedInfo: [],
  },
  card('BR', 'VI', { daily: 12, monthly: 15 }),
  card('BR', 'MC', { daily: 13, monthly: 15 }),
  // Mexico: SE (the spec's QuickPay bank transfer), OXXO (momentarily unavailable), cards.
  {
    country: 'MX',
    code: 'SE',
    name: 'SPEI',
    type: 'BANK_TRANSFER',
    instructions: 'bank_transfer',
    status: AVAILABLE,
    dailyAverage: 300,
    monthlyAverage: 420,
    expiresInMinutes: 24 * 60,
    feePercent: 1.2,
    reportedInfo: [],
    beneficiary: {
      beneficiaryName: 'Paydesk Sandbox SA de CV',
      account: '646180157000000004',
      accountType: 'CLABE',
      documentType: 'RFC',
      document: 'PSA200101AB1',
      bankUrl: 'https://www.banxico.org.mx/cep/',
    },
  },
  {
    country: 'MX',
    code: 'OX',
    name: 'OXXO',
    type: 'VOUCHER',
    instructions: 'voucher',
    status: MOMENTARILY_UNAVAILABLE,
    dailyAverage: 5400,
    monthlyAverage: 6000,
    expiresInMinutes: 3 * 24 * 60,
    feePercent: 2.5,
    reportedInfo: [],
  },
  card('MX', 'VI', { daily: 10, monthly: 14 }),
  card('MX', 'MC', { daily: 11, monthly: 14 }),
  // Chile: IA, SC, TY (bank deposits needing the beneficiary), a card.
  ...(
    [
      ['IA', 'Itaú', '97.023.000-9', 'https://www.itau.cl'],
      ['SC', 'Santander', '97.036.000-K', 'https://www.santander.cl'],
      ['TY', 'Banco Security', '97.053.000-2', 'https://www.bancosecurity.cl'],
    ] as const
  ).map(([code, name, rut, bankUrl], index): PaymentMethodSpec => ({
    country: 'CL',
    code,
    name,
    type: 'BANK_DEPOSIT',
    instructions: 'bank_deposit',
    status: AVAILABLE,
    dailyAverage: 1800 + index * 300,
    monthlyAverage: 2100 + index * 300,
    expiresInMinutes: 2 * 24 * 60,
    feePercent: 2,
    reportedInfo: [beneficiaryRule],
    beneficiary: {
      beneficiaryName: 'Paydesk Sandbox Chile SpA',
      account: `00-${4410 + index}-22819-0${index}`,
      accountType: 'Cuenta corriente',
      documentType: 'RUT',
      document: rut,
      bankUrl,
    },
  })),
  card('CL', 'VI', { daily: 9, monthly: 12 }),
  // Peru: BC, IB (beneficiary needed), PagoEfectivo voucher, a card.
  ...(
    [
      ['BC', 'BCP', 'https://www.viabcp.com'],
      ['IB', 'Interbank', 'https://interbank.pe'],
    ] as const
  ).map(([code, name, bankUrl], index): PaymentMethodSpec => ({
    country: 'PE',
    code,
    name,
    type: 'BANK_DEPOSIT',
    instructions: 'bank_deposit',
    status: AVAILABLE,
    dailyAverage: 2400 + index * 600,
    monthlyAverage: 2700 + index * 600,
    expiresInMinutes: 2 * 24 * 60,
    feePercent: 2,
    reportedInfo: [beneficiaryRule],
    beneficiary: {
      beneficiaryName: 'Paydesk Sandbox Peru SAC',
      account: `193-${2040567 + index}-0-${11 + index}`,
      accountType: 'Cuenta corriente',
      documentType: 'RUC',
      document: '20601234567',
      bankUrl,
    },
  })),
  {
    country: 'PE',
    code: 'PF',
    name: 'PagoEfectivo',
    type: 'VOUCHER',
    instructions: 'voucher',
    status: AVAILABLE,
    dailyAverage: 7200,
    monthlyAverage: 8100,
    expiresInMinutes: 2 * 24 * 60,
    feePercent: 2.2,
    reportedInfo: [],
  },
  card('PE', 'VI', { daily: 11, monthly: 13 }),
  // Panama: DI (beneficiary needed), a card.
  {
    country: 'PA',
    code: 'DI',
    name: 'Credicorp Bank',
    type: 'BANK_DEPOSIT',
    instructions: 'bank_deposit',
    status: AVAILABLE,
    dailyAverage: 3000,
    monthlyAverage: 3500,
    expiresInMinutes: 2 * 24 * 60,
    feePercent: 2,
    reportedInfo: [beneficiaryRule],
    beneficiary: {
      beneficiaryName: 'Paydesk Sandbox Panama SA',
      account: '40-100-038712-1',
      accountType: 'Cuenta corriente',
      documentType: 'RUC',
      document: '155612345-2-2020',
      bankUrl: 'https://www.credicorpbank.com',
    },
  },
  card('PA', 'VI', { daily: 10, monthly: 12 }),
  // Colombia: PSE transfer, Efecty voucher, a card.
  {
    country: 'CO',
    code: 'PC',
    name: 'PSE',
    type: 'BANK_TRANSFER',
    instructions: 'bank_transfer',
    status: AVAILABLE,
    dailyAverage: 600,
    monthlyAverage: 700,
    expiresInMinutes: 24 * 60,
    feePercent: 1.5,
    reportedInfo: [],
    beneficiary: {
      beneficiaryName: 'Paydesk Sandbox Colombia SAS',
      account: '310-582104-77',
      accountType: 'Cuenta de ahorros',
      documentType: 'NIT',
      document: '901234567-8',
      bankUrl: 'https://www.pse.com.co',
    },
  },
  {
    country: 'CO',
    code: 'EY',
    name: 'Efecty',
    type: 'VOUCHER',
    instructions: 'voucher',
    status: AVAILABLE,
    dailyAverage: 9000,
    monthlyAverage: 9900,
    expiresInMinutes: 3 * 24 * 60,
    feePercent: 2.4,
    reportedInfo: [],
  },
  card('CO', 'VI', { daily: 12, monthly: 16 }),
  // Argentina: Rapipago voucher, cards.
  {
    country: 'AR',
    code: 'RP',
    name: 'Rapipago',
    type: 'VOUCHER',
    instructions: 'voucher',
    status: AVAILABLE,
    dailyAverage: 10800,
    monthlyAverage: 11500,
    expiresInMinutes: 3 * 24 * 60,
    feePercent: 2.6,
    reportedInfo: [],
  },
  card('AR', 'VI', { daily: 14, monthly: 18 }),
  card('AR', 'MC', { daily: 15, monthly: 18 }),
];

export function methodsOf(country: string): PaymentMethodSpec[] {
  return PAYMENT_METHODS.filter((method) => method.country === country);
}

export function findMethod(country: string, code: string): PaymentMethodSpec | undefined {
  return PAYMENT_METHODS.find((method) => method.country === country && method.code === code);
}

/** Bank lists per country: `{code, name}` as in the spec's bank resource. */
export const BANKS: Readonly<Record<string, ReadonlyArray<{ code: number; name: string }>>> = {
  BR: [
    { code: 1, name: 'Banco do Brasil' },
    { code: 33, name: 'Santander Brasil' },
    { code: 104, name: 'Caixa Econômica Federal' },
    { code: 212, name: 'Banco Original' },
    { code: 237, name: 'Bradesco' },
    { code: 260, name: 'Nu Pagamentos' },
    { code: 341, name: 'Itaú Unibanco' },
    { code: 422, name: 'Banco Safra' },
    { code: 748, name: 'Sicredi' },
  ],
  MX: [
    { code: 2, name: 'Banamex' },
    { code: 12, name: 'BBVA México' },
    { code: 14, name: 'Santander México' },
    { code: 21, name: 'HSBC México' },
    { code: 72, name: 'Banorte' },
  ],
  CL: [
    { code: 1, name: 'Banco de Chile' },
    { code: 12, name: 'BancoEstado' },
    { code: 37, name: 'Banco Santander Chile' },
    { code: 39, name: 'Itaú Chile' },
    { code: 49, name: 'Banco Security' },
  ],
  PE: [
    { code: 2, name: 'BCP' },
    { code: 3, name: 'Interbank' },
    { code: 9, name: 'Scotiabank Perú' },
    { code: 11, name: 'BBVA Perú' },
  ],
  PA: [
    { code: 1, name: 'Banco General' },
    { code: 2, name: 'Banistmo' },
    { code: 3, name: 'Credicorp Bank' },
  ],
  CO: [
    { code: 1, name: 'Banco de Bogotá' },
    { code: 7, name: 'Bancolombia' },
    { code: 51, name: 'Davivienda' },
  ],
  AR: [
    { code: 7, name: 'Banco Galicia' },
    { code: 11, name: 'Banco de la Nación Argentina' },
    { code: 17, name: 'BBVA Argentina' },
    { code: 72, name: 'Santander Argentina' },
  ],
};

/**
 * D15: the ISO 3166-2 subdivisions of each served country, `iso` without the country prefix (as
 * `payer.address.state` takes it, max 3 characters). Copied from the npm package iso-3166 4.4.0
 * (MIT, ISO's own lists) rather than depended on: seven countries of its five thousand entries.
 */
export const STATES: Readonly<Record<string, ReadonlyArray<{ iso: string; name: string }>>> = {
  BR: [
    { iso: 'AC', name: 'Acre' },
    { iso: 'AL', name: 'Alagoas' },
    { iso: 'AM', name: 'Amazonas' },
    { iso: 'AP', name: 'Amapá' },
    { iso: 'BA', name: 'Bahia' },
    { iso: 'CE', name: 'Ceará' },
    { iso: 'DF', name: 'Distrito Federal' },
    { iso: 'ES', name: 'Espírito Santo' },
    { iso: 'GO', name: 'Goiás' },
    { iso: 'MA', name: 'Maranhão' },
    { iso: 'MG', name: 'Minas Gerais' },
    { iso: 'MS', name: 'Mato Grosso do Sul' },
    { iso: 'MT', name: 'Mato Grosso' },
    { iso: 'PA', name: 'Pará' },
    { iso: 'PB', name: 'Paraíba' },
    { iso: 'PE', name: 'Pernambuco' },
    { iso: 'PI', name: 'Piauí' },
    { iso: 'PR', name: 'Paraná' },
    { iso: 'RJ', name: 'Rio de Janeiro' },
    { iso: 'RN', name: 'Rio Grande do Norte' },
    { iso: 'RO', name: 'Rondônia' },
    { iso: 'RR', name: 'Roraima' },
    { iso: 'RS', name: 'Rio Grande do Sul' },
    { iso: 'SC', name: 'Santa Catarina' },
    { iso: 'SE', name: 'Sergipe' },
    { iso: 'SP', name: 'São Paulo' },
    { iso: 'TO', name: 'Tocantins' },
  ],
  MX: [
    { iso: 'AGU', name: 'Aguascalientes' },
    { iso: 'BCN', name: 'Baja California' },
    { iso: 'BCS', name: 'Baja California Sur' },
    { iso: 'CAM', name: 'Campeche' },
    { iso: 'CHH', name: 'Chihuahua' },
    { iso: 'CHP', name: 'Chiapas' },
    { iso: 'CMX', name: 'Ciudad de México' },
    { iso: 'COA', name: 'Coahuila de Zaragoza' },
    { iso: 'COL', name: 'Colima' },
    { iso: 'DUR', name: 'Durango' },
    { iso: 'GRO', name: 'Guerrero' },
    { iso: 'GUA', name: 'Guanajuato' },
    { iso: 'HID', name: 'Hidalgo' },
    { iso: 'JAL', name: 'Jalisco' },
    { iso: 'MEX', name: 'México' },
    { iso: 'MIC', name: 'Michoacán de Ocampo' },
    { iso: 'MOR', name: 'Morelos' },
    { iso: 'NAY', name: 'Nayarit' },
    { iso: 'NLE', name: 'Nuevo León' },
    { iso: 'OAX', name: 'Oaxaca' },
    { iso: 'PUE', name: 'Puebla' },
    { iso: 'QUE', name: 'Querétaro' },
    { iso: 'ROO', name: 'Quintana Roo' },
    { iso: 'SIN', name: 'Sinaloa' },
    { iso: 'SLP', name: 'San Luis Potosí' },
    { iso: 'SON', name: 'Sonora' },
    { iso: 'TAB', name: 'Tabasco' },
    { iso: 'TAM', name: 'Tamaulipas' },
    { iso: 'TLA', name: 'Tlaxcala' },
    { iso: 'VER', name: 'Veracruz de Ignacio de la Llave' },
    { iso: 'YUC', name: 'Yucatán' },
    { iso: 'ZAC', name: 'Zacatecas' },
  ],
  CL: [
    { iso: 'AI', name: 'Aisén del General Carlos Ibañez del Campo' },
    { iso: 'AN', name: 'Antofagasta' },
    { iso: 'AP', name: 'Arica y Parinacota' },
    { iso: 'AR', name: 'La Araucanía' },
    { iso: 'AT', name: 'Atacama' },
    { iso: 'BI', name: 'Biobío' },
    { iso: 'CO', name: 'Coquimbo' },
    { iso: 'LI', name: "Libertador General Bernardo O'Higgins" },
    { iso: 'LL', name: 'Los Lagos' },
    { iso: 'LR', name: 'Los Ríos' },
    { iso: 'MA', name: 'Magallanes' },
    { iso: 'ML', name: 'Maule' },
    { iso: 'NB', name: 'Ñuble' },
    { iso: 'RM', name: 'Región Metropolitana de Santiago' },
    { iso: 'TA', name: 'Tarapacá' },
    { iso: 'VS', name: 'Valparaíso' },
  ],
  PE: [
    { iso: 'AMA', name: 'Amazonas' },
    { iso: 'ANC', name: 'Ancash' },
    { iso: 'APU', name: 'Apurímac' },
    { iso: 'ARE', name: 'Arequipa' },
    { iso: 'AYA', name: 'Ayacucho' },
    { iso: 'CAJ', name: 'Cajamarca' },
    { iso: 'CAL', name: 'El Callao' },
    { iso: 'CUS', name: 'Cusco' },
    { iso: 'HUC', name: 'Huánuco' },
    { iso: 'HUV', name: 'Huancavelica' },
    { iso: 'ICA', name: 'Ica' },
    { iso: 'JUN', name: 'Junín' },
    { iso: 'LAL', name: 'La Libertad' },
    { iso: 'LAM', name: 'Lambayeque' },
    { iso: 'LIM', name: 'Lima' },
    { iso: 'LMA', name: 'Municipalidad Metropolitana de Lima' },
    { iso: 'LOR', name: 'Loreto' },
    { iso: 'MDD', name: 'Madre de Dios' },
    { iso: 'MOQ', name: 'Moquegua' },
    { iso: 'PAS', name: 'Pasco' },
    { iso: 'PIU', name: 'Piura' },
    { iso: 'PUN', name: 'Puno' },
    { iso: 'SAM', name: 'San Martín' },
    { iso: 'TAC', name: 'Tacna' },
    { iso: 'TUM', name: 'Tumbes' },
    { iso: 'UCA', name: 'Ucayali' },
  ],
  PA: [
    { iso: '1', name: 'Bocas del Toro' },
    { iso: '2', name: 'Coclé' },
    { iso: '3', name: 'Colón' },
    { iso: '4', name: 'Chiriquí' },
    { iso: '5', name: 'Darién' },
    { iso: '6', name: 'Herrera' },
    { iso: '7', name: 'Los Santos' },
    { iso: '8', name: 'Panamá' },
    { iso: '9', name: 'Veraguas' },
    { iso: '10', name: 'Panamá Oeste' },
    { iso: 'EM', name: 'Emberá' },
    { iso: 'KY', name: 'Guna Yala' },
    { iso: 'NB', name: 'Ngäbe-Buglé' },
    { iso: 'NT', name: 'Naso Tjër Di' },
  ],
  CO: [
    { iso: 'AMA', name: 'Amazonas' },
    { iso: 'ANT', name: 'Antioquia' },
    { iso: 'ARA', name: 'Arauca' },
    { iso: 'ATL', name: 'Atlántico' },
    { iso: 'BOL', name: 'Bolívar' },
    { iso: 'BOY', name: 'Boyacá' },
    { iso: 'CAL', name: 'Caldas' },
    { iso: 'CAQ', name: 'Caquetá' },
    { iso: 'CAS', name: 'Casanare' },
    { iso: 'CAU', name: 'Cauca' },
    { iso: 'CES', name: 'Cesar' },
    { iso: 'CHO', name: 'Chocó' },
    { iso: 'COR', name: 'Córdoba' },
    { iso: 'CUN', name: 'Cundinamarca' },
    { iso: 'DC', name: 'Distrito Capital de Bogotá' },
    { iso: 'GUA', name: 'Guainía' },
    { iso: 'GUV', name: 'Guaviare' },
    { iso: 'HUI', name: 'Huila' },
    { iso: 'LAG', name: 'La Guajira' },
    { iso: 'MAG', name: 'Magdalena' },
    { iso: 'MET', name: 'Meta' },
    { iso: 'NAR', name: 'Nariño' },
    { iso: 'NSA', name: 'Norte de Santander' },
    { iso: 'PUT', name: 'Putumayo' },
    { iso: 'QUI', name: 'Quindío' },
    { iso: 'RIS', name: 'Risaralda' },
    { iso: 'SAN', name: 'Santander' },
    { iso: 'SAP', name: 'San Andrés, Providencia y Santa Catalina' },
    { iso: 'SUC', name: 'Sucre' },
    { iso: 'TOL', name: 'Tolima' },
    { iso: 'VAC', name: 'Valle del Cauca' },
    { iso: 'VAU', name: 'Vaupés' },
    { iso: 'VID', name: 'Vichada' },
  ],
  AR: [
    { iso: 'A', name: 'Salta' },
    { iso: 'B', name: 'Buenos Aires' },
    { iso: 'C', name: 'Ciudad Autónoma de Buenos Aires' },
    { iso: 'D', name: 'San Luis' },
    { iso: 'E', name: 'Entre Ríos' },
    { iso: 'F', name: 'La Rioja' },
    { iso: 'G', name: 'Santiago del Estero' },
    { iso: 'H', name: 'Chaco' },
    { iso: 'J', name: 'San Juan' },
    { iso: 'K', name: 'Catamarca' },
    { iso: 'L', name: 'La Pampa' },
    { iso: 'M', name: 'Mendoza' },
    { iso: 'N', name: 'Misiones' },
    { iso: 'P', name: 'Formosa' },
    { iso: 'Q', name: 'Neuquén' },
    { iso: 'R', name: 'Río Negro' },
    { iso: 'S', name: 'Santa Fe' },
    { iso: 'T', name: 'Tucumán' },
    { iso: 'U', name: 'Chubut' },
    { iso: 'V', name: 'Tierra del Fuego' },
    { iso: 'W', name: 'Corrientes' },
    { iso: 'X', name: 'Córdoba' },
    { iso: 'Y', name: 'Jujuy' },
    { iso: 'Z', name: 'Santa Cruz' },
  ],
};

/** D15 fiat quote: fee of converting USD into the local currency, percent of the converted amount. */
export const FIAT_FEE_PERCENT = 1.5;

/** Spec, crypto object: the currencies a deposit can be credited in, priced in USD. */
export const CRYPTO_USD_PRICES: Readonly<Record<string, number>> = {
  BUSD: 1,
  DAI: 1.0002,
  RDOC: 0.9995,
  USDT: 1.0001,
  USDC: 0.9999,
};
export const CRYPTO_NETWORKS = [
  'AVAXC',
  'BEP2',
  'BEP20',
  'ERC20',
  'Polygon',
  'Solana',
  'TRC20',
  'Tezos',
  'RSK',
] as const;
/** Fee of a crypto conversion, percent of the converted amount. */
export const CRYPTO_FEE_PERCENT = 1;

/** D7: rejection codes 800–826 of a bank-rejected cashout, with their reasons. */
export const CASHOUT_REJECTIONS: Readonly<Record<number, string>> = {
  800: 'Rejected by the bank',
  801: 'Invalid bank account number',
  802: 'Bank account closed',
  803: 'Beneficiary name does not match the account',
  804: 'Invalid beneficiary document',
  805: 'Invalid bank branch',
  806: 'Invalid account type',
  807: 'Bank account blocked',
  808: 'Beneficiary deceased',
  809: 'Amount above the account limit',
  810: 'Invalid bank code',
  811: 'Account does not accept credits',
  812: 'Duplicate transfer',
  813: 'Beneficiary bank unavailable',
  814: 'Invalid currency for the account',
  815: 'Account holder document mismatch',
  816: 'Savings account not allowed',
  817: 'Payroll account not allowed',
  818: 'Invalid instant-payment key',
  819: 'Instant-payment key not found',
  820: 'Transfer refused by the beneficiary',
  821: 'Returned by the beneficiary bank',
  822: 'Compliance rejection',
  823: 'Account under judicial order',
  824: 'Invalid beneficiary name',
  825: 'Timeout at the beneficiary bank',
  826: 'Other bank rejection',
};
