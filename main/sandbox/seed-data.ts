import type { PayerInput } from './body-rules';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './clock';
import { createRandom } from './random';
import { CASHOUT_REJECTIONS } from './reference-data';
import type { CashoutStatus } from './state-machines';
import { SandboxState, type DepositRecord } from './state';

/**
 * The records a fresh (or reset) sandbox starts with. Ids are fixed so that docs and tests can
 * name them; names, documents and amounts come from the seed. Times are relative to the
 * sandbox clock at seeding, so expiry behaves the same whenever the sandbox starts.
 */

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elena',
  'Felipe',
  'Gabriela',
  'Hugo',
  'Isabel',
  'Joao',
];
const LAST_NAMES = [
  'Souza',
  'Silva',
  'Pereira',
  'Gomez',
  'Rodriguez',
  'Lopez',
  'Costa',
  'Martinez',
  'Rocha',
  'Vargas',
];

export const SEEDED = {
  completedCardDeposit: 300_000_001,
  pendingVoucherDeposit: 300_000_002,
  createdHostedDeposit: 300_000_003,
  expiredDeposit: 300_000_004,
  cancelledDeposit: 300_000_005,
  refundedBankDeposit: 300_000_006,
  earlyReleasedDeposit: 300_000_007,
  forReviewDeposit: 300_000_008,
  quickPayBonusDeposit: 300_000_009,
  pendingEarlyReleaseDeposit: 300_000_010,
  unmatchedCardDeposit: 300_000_011,
  completedRefund: 17,
  pendingRefundWithoutAmount: 18,
  deliveredRefund: 19,
  pendingCashout: 11954,
  activeSubMerchant: 18703,
  inactiveSubMerchant: 18704,
} as const;

/** The first id of the optional bulk deposits (clear of the seeded ids and of new deposits' range). */
export const FIRST_BULK_DEPOSIT_ID = 400_000_001;
export const MAX_BULK_DEPOSITS = 200_000;

const BULK_PLACES = [
  ['BR', 'BRL', 'IX'],
  ['BR', 'BRL', 'BL'],
  ['MX', 'MXN', 'SE'],
  ['CL', 'CLP', 'IA'],
  ['PE', 'PEN', 'BC'],
] as const;

/**
 * `count` deposits with ids FIRST_BULK_DEPOSIT_ID onwards, drawn from a stream of their own so the
 * seeded records and the runtime draws stay what they are without them. Statuses are mostly
 * COMPLETED, some PENDING (expiring days later), CANCELLED or EXPIRED, so a batch sees a mix.
 */
function addBulkDeposits(state: SandboxState, seed: number, now: number, count: number): void {
  const random = createRandom(seed, 'bulk-deposits');
  for (let offset = 0; offset < count; offset += 1) {
    const id = FIRST_BULK_DEPOSIT_ID + offset;
    const [country, currency, methodCode] = random.pick(BULK_PLACES);
    const draw = random.next();
    const status = draw < 0.6 ? 'COMPLETED' : draw < 0.85 ? 'PENDING' : draw < 0.95 ? 'CANCELLED' : 'EXPIRED';
    const createdAt = now - random.int(1, 72) * HOUR_MS;
    state.deposits.set(id, {
      id,
      invoiceId: `INV-${id}`,
      userId: `sbxb${random.text(10)}`,
      country,
      currency,
      amountCents: random.int(1, 5000) * 100 + random.pick([0, 50, 99]),
      bonusAmount: null,
      bonusRelative: null,
      methodCode,
      status,
      checkoutType: 'ONE_SHOT',
      checkoutToken: `bulk${random.text(10, 'abcdefghijkmnpqrstuvwxyz23456789')}${offset.toString(36)}`,
      payer: {},
      reportedInfo: {},
      earlyRelease: false,
      createdAt,
      expiresAt: status === 'PENDING' ? now + 3 * DAY_MS : createdAt + HOUR_MS,
      ...(status === 'EXPIRED' && { expiredAt: now - DAY_MS }),
    });
  }
}

export function seededState(seed: number, now: number, bulkDeposits = 0): SandboxState {
  const state = new SandboxState(seed);
  const random = createRandom(seed, 'seed-records');

  const person = (documentType: string, documentDigits: number): PayerInput => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return {
      id: `cust${random.digits(6)}`,
      document: random.digits(documentDigits),
      document_type: documentType,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${random.digits(2)}@example.com`,
      first_name: first,
      last_name: last,
    };
  };
  const amountCents = (min: number, max: number): number =>
    random.int(min, max) * 100 + random.pick([0, 50, 90, 99]);

  const deposit = (
    id: number,
    fields: Partial<DepositRecord> & Pick<DepositRecord, 'country' | 'currency' | 'status'>,
  ): DepositRecord => {
    const createdAt = fields.createdAt ?? now - 2 * DAY_MS;
    const record: DepositRecord = {
      id,
      invoiceId: `INV-${id}`,
      userId: fields.payer?.id ?? `sbxu${random.text(12)}`,
      amountCents: amountCents(20, 900),
      bonusAmount: null,
      bonusRelative: null,
      checkoutType: 'ONE_SHOT',
      checkoutToken: state.newCheckoutToken(),
      payer: {},
      reportedInfo: {},
      earlyRelease: false,
      createdAt,
      expiresAt: createdAt + HOUR_MS,
      ...fields,
    };
    state.deposits.set(id, record);
    return record;
  };

  const brazilian = person('CPF', 11);
  deposit(SEEDED.completedCardDeposit, {
    country: 'BR',
    currency: 'BRL',
    status: 'COMPLETED',
    methodCode: 'VI',
    payer: {
      ...brazilian,
      address: { street: 'Rua Augusta 1500', city: 'Sao Paulo', state: 'SP', zip_code: '01304001' },
    },
    amountCents: 15_000,
    cardDetail: {
      card_holder: `${brazilian.first_name} ${brazilian.last_name}`.toUpperCase(),
      brand: 'VISA',
      masked_card: `411111******${random.digits(4)}`,
      expiration: '2029-08',
      card_type: 'CREDIT',
      transaction_result: 'Approved',
    },
    currentPayerVerification: 'MATCHED',
    createdAt: now - 3 * DAY_MS,
  });
  deposit(SEEDED.pendingVoucherDeposit, {
    country: 'BR',
    currency: 'BRL',
    status: 'PENDING',
    methodCode: 'BL',
    payer: person('CPF', 11),
    createdAt: now - HOUR_MS,
    expiresAt: now + 3 * DAY_MS - HOUR_MS,
  });
  deposit(SEEDED.createdHostedDeposit, {
    country: 'MX',
    currency: 'MXN',
    status: 'CREATED',
    checkoutType: 'HOSTED',
    createdAt: now - 10 * MINUTE_MS,
    expiresAt: now + DAY_MS - 10 * MINUTE_MS,
  });
  deposit(SEEDED.expiredDeposit, {
    country: 'BR',
    currency: 'BRL',
    status: 'EXPIRED',
    methodCode: 'IX',
    createdAt: now - DAY_MS - 30 * MINUTE_MS,
    expiresAt: now - DAY_MS,
    expiredAt: now - DAY_MS,
  });
  deposit(SEEDED.cancelledDeposit, {
    country: 'CL',
    currency: 'CLP',
    status: 'CANCELLED',
    methodCode: 'IA',
    amountCents: amountCents(10_000, 90_000),
    payer: person('RUT', 9),
    reportedInfo: { bank_beneficiary: 'Maria Jose Perez' },
    createdAt: now - 12 * DAY_MS,
    expiresAt: now - 10 * DAY_MS,
    expiredAt: now - 10 * DAY_MS,
  });
  deposit(SEEDED.refundedBankDeposit, {
    country: 'BR',
    currency: 'BRL',
    status: 'COMPLETED',
    methodCode: 'BB',
    amountCents: 20_000,
    payer: person('CPF', 11),
    reportedInfo: { bank_account_number: '12345678-9', bank_branch: '3064-X' },
    currentPayerVerification: 'MATCHED',
    createdAt: now - 5 * DAY_MS,
    expiresAt: now - 3 * DAY_MS,
  });
  deposit(SEEDED.earlyReleasedDeposit, {
    country: 'BR',
    currency: 'BRL',
    status: 'EARLY RELEASED',
    methodCode: 'IX',
    earlyRelease: true,
    payer: person('CPF', 11),
    currentPayerVerification: 'NO_DATA',
    createdAt: now - 20 * MINUTE_MS,
    expiresAt: now + 10 * MINUTE_MS,
  });
  deposit(SEEDED.forReviewDeposit, {
    country: 'PE',
    currency: 'PEN',
    status: 'FOR REVIEW',
    methodCode: 'BC',
    payer: person('DNI', 8),
    reportedInfo: { bank_beneficiary: 'Luis Alberto Quispe' },
    createdAt: now - DAY_MS,
    expiresAt: now + DAY_MS,
  });
  deposit(SEEDED.quickPayBonusDeposit, {
    country: 'MX',
    currency: 'MXN',
    status: 'PENDING',
    methodCode: 'SE',
    payer: { id: `cust${random.digits(6)}` },
    bonusAmount: 10,
    bonusRelative: false,
    createdAt: now - 2 * HOUR_MS,
    expiresAt: now + 22 * HOUR_MS,
  });
  deposit(SEEDED.pendingEarlyReleaseDeposit, {
    country: 'BR',
    currency: 'BRL',
    status: 'PENDING',
    methodCode: 'SJ',
    earlyRelease: true,
    payer: person('CPF', 11),
    reportedInfo: { bank_beneficiary: 'Joao Pedro Almeida' },
    createdAt: now - HOUR_MS,
    expiresAt: now + 2 * DAY_MS - HOUR_MS,
  });
  const mexican = person('CURP', 18);
  deposit(SEEDED.unmatchedCardDeposit, {
    country: 'MX',
    currency: 'MXN',
    status: 'COMPLETED',
    methodCode: 'MC',
    payer: mexican,
    cardDetail: {
      card_holder: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`.toUpperCase(),
      brand: 'MASTERCARD',
      masked_card: `555555******${random.digits(4)}`,
      expiration: '2028-01',
      card_type: 'DEBIT',
      transaction_result: 'Approved',
    },
    currentPayerVerification: 'UNMATCHED',
    createdAt: now - 4 * DAY_MS,
  });

  const refund = (
    id: number,
    depositId: number,
    cents: number,
    status: 'PENDING' | 'DELIVERED' | 'COMPLETED',
    hideAmount = false,
  ) => {
    state.refunds.set(id, {
      id,
      depositId,
      amountCents: cents,
      status,
      createdAt: now - DAY_MS,
      ...(hideAmount ? { hideAmount } : {}),
    });
  };
  refund(SEEDED.completedRefund, SEEDED.refundedBankDeposit, 5_000, 'COMPLETED');
  refund(SEEDED.pendingRefundWithoutAmount, SEEDED.completedCardDeposit, 2_000, 'PENDING', true);
  const unmatched = state.deposits.get(SEEDED.unmatchedCardDeposit);
  refund(SEEDED.deliveredRefund, SEEDED.unmatchedCardDeposit, unmatched?.amountCents ?? 1_000, 'DELIVERED');

  const cashout = (id: number, externalId: string, status: CashoutStatus, rejectionCode?: number) => {
    state.cashouts.set(id, {
      id,
      externalId,
      amountCents: amountCents(50, 2000),
      currency: 'BRL',
      country: 'BR',
      status,
      createdAt: now - DAY_MS,
      ...(rejectionCode !== undefined
        ? { rejectionCode, rejectionReason: CASHOUT_REJECTIONS[rejectionCode] ?? 'Rejected by the bank' }
        : {}),
    });
  };
  cashout(SEEDED.pendingCashout, 'payout-7781', 'PENDING');
  cashout(11955, 'payout-7782', 'ON_HOLD');
  cashout(11956, 'payout-7783', 'DELIVERED');
  cashout(11957, 'payout-7784', 'COMPLETED');
  cashout(11958, 'payout-7785', 'REJECTED', 803);
  cashout(11959, 'payout-7786', 'CANCELLED');

  const total = amountCents(1000, 9000) / 100;
  const usable = Math.round(total * 80) / 100;
  state.subMerchants.set(SEEDED.activeSubMerchant, {
    sub_merchant_id: SEEDED.activeSubMerchant,
    markup_fee: 2,
    sub_merchant_name: 'Loja Exemplo Ltda',
    email: 'finance@loja-exemplo.example',
    status: 'ACTIVE',
    external_submerchant_id: 'shop-18703',
    balance: { currency: 'USD', total, usable, available: Math.round(usable * 90) / 100 },
  });
  state.subMerchants.set(SEEDED.inactiveSubMerchant, {
    sub_merchant_id: SEEDED.inactiveSubMerchant,
    markup_fee: 1.5,
    sub_merchant_name: 'Tienda Cerrada SA',
    email: 'admin@tienda-cerrada.example',
    status: 'INACTIVE',
  });
  state.subMerchants.set(18705, {
    sub_merchant_id: 18705,
    markup_fee: 2.75,
    sub_merchant_name: 'Mercado Nuevo SpA',
    email: 'ops@mercado-nuevo.example',
    status: 'ACTIVE',
  });
  addBulkDeposits(state, seed, now, bulkDeposits);
  return state;
}
