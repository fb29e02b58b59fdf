/** What a payment method is made of, and the pieces its table entries share. */

type MethodType = 'BANK_DEPOSIT' | 'BANK_TRANSFER' | 'CREDIT_CARD' | 'VOUCHER';

/** How the sandbox writes the payment instructions of a method (payment_info.metadata). */
type InstructionKind = 'bank_deposit' | 'bank_transfer' | 'voucher' | 'instant' | 'card';

export const AVAILABLE = 'ACTIVE';
/** The spec leaves the set of status values open; this is the "momentarily unavailable" one. */
export const MOMENTARILY_UNAVAILABLE = 'TEMPORARILY_UNAVAILABLE';

type ReportedInfoField = 'bank_account_number' | 'bank_branch' | 'bank_beneficiary' | 'bank_account_type';

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

export const beneficiaryRule: ReportedInfoRule = {
  field: 'bank_beneficiary',
  pattern: BENEFICIARY_WORDS,
  mask: 'two or more words of 2 to 30 letters',
};

interface BeneficiaryAccount {
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

export const BR_BENEFICIARY = {
  beneficiaryName: 'Paydesk Sandbox Pagamentos Ltda',
  accountType: 'Conta corrente',
  cnpj: '12.345.678/0001-90',
};

export const card = (
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
