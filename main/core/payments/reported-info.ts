import type { MessageKey, MessageText, ReportedInfoInput } from '../../../shared/contract';

/** Account types of method CA (Caixa, BR). */
export const CAIXA_ACCOUNT_TYPES = ['001', '002', '003', '006', '013', '022', '023', '028'] as const;

/** "Two or more words of 2 to 30 non-digit, non-space characters each, separated by a single space." */
const TWO_OR_MORE_WORDS = /^[^\d\s]{2,30}(?: [^\d\s]{2,30})+$/u;

interface ReportedInfoRule {
  country: string;
  methods: readonly string[];
  field: keyof ReportedInfoInput;
  /** A mask, or the list of allowed values. */
  format: RegExp | readonly string[];
  /** Completes "must be …". */
  describe: string;
  /**
   * The same words as the renderer says them: `mask.<variant>` is the form's hint,
   * `field.mask.<variant>` the refusal, both with these parameters.
   */
  mask: { variant: MaskVariant; params?: Record<string, string> };
}

/** The forms of a mask the renderer has words for (`errors: text.mask.<variant>`). */
type MaskVariant = MessageKey extends infer K ? (K extends `mask.${infer V}` ? V : never) : never;

const TWO_OR_MORE_WORDS_RULE = {
  format: TWO_OR_MORE_WORDS,
  describe: 'two or more words of 2 to 30 letters each, separated by single spaces',
  mask: { variant: 'words' },
} as const;

/**
 * The spec's table of methods that need `reported_info` for ONE_SHOT (D9). A missing field is
 * legal (the deposit becomes HOSTED and the hosted page asks the payer); a present one must match.
 */
export const REPORTED_INFO_RULES: readonly ReportedInfoRule[] = [
  {
    country: 'BR',
    methods: ['CA'],
    field: 'bank_account_type',
    format: CAIXA_ACCOUNT_TYPES,
    describe: `one of the Caixa account types ${CAIXA_ACCOUNT_TYPES.join(', ')}`,
    mask: { variant: 'accountType', params: { values: CAIXA_ACCOUNT_TYPES.join(', ') } },
  },
  {
    country: 'BR',
    methods: ['SJ', 'B', 'SF'],
    field: 'bank_beneficiary',
    ...TWO_OR_MORE_WORDS_RULE,
  },
  {
    country: 'BR',
    methods: ['BB'],
    field: 'bank_account_number',
    format: /^\d{1,11}-[A-Za-z0-9]$/,
    describe: '1 to 11 digits, a hyphen and one letter or digit (00000000000-A)',
    mask: { variant: 'digitsCheckChar', params: { max: '11', example: '00000000000-A' } },
  },
  {
    country: 'BR',
    methods: ['BB'],
    field: 'bank_branch',
    format: /^\d{1,4}(-[A-Za-z0-9])?$/,
    describe: '1 to 4 digits, optionally a hyphen and one letter or digit (0000-A)',
    mask: { variant: 'digitsOptionalCheck', params: { max: '4', example: '0000-A' } },
  },
  {
    country: 'BR',
    methods: ['BZ', 'CA'],
    field: 'bank_branch',
    format: /^\d{1,4}$/,
    describe: '1 to 4 digits',
    mask: { variant: 'digits', params: { max: '4' } },
  },
  {
    country: 'BR',
    methods: ['BZ'],
    field: 'bank_account_number',
    format: /^\d{1,9}-\d$/,
    describe: '1 to 9 digits, a hyphen and one digit (000000000-0)',
    mask: { variant: 'digitsCheckExample', params: { max: '9', example: '000000000-0' } },
  },
  {
    country: 'BR',
    methods: ['CA'],
    field: 'bank_account_number',
    format: /^\d{1,14}-\d$/,
    describe: '1 to 14 digits, a hyphen and one digit',
    mask: { variant: 'digitsCheck', params: { max: '14' } },
  },
  {
    country: 'CL',
    methods: ['IA', 'SC', 'TY'],
    field: 'bank_beneficiary',
    ...TWO_OR_MORE_WORDS_RULE,
  },
  {
    country: 'PA',
    methods: ['DI'],
    field: 'bank_beneficiary',
    ...TWO_OR_MORE_WORDS_RULE,
  },
  {
    country: 'PE',
    methods: ['BC', 'IB'],
    field: 'bank_beneficiary',
    ...TWO_OR_MORE_WORDS_RULE,
  },
];

export const rulesForMethod = (country: string, method: string): ReportedInfoRule[] =>
  REPORTED_INFO_RULES.filter((rule) => rule.country === country && rule.methods.includes(method));

export const matches = (format: RegExp | readonly string[], value: string): boolean =>
  format instanceof RegExp ? format.test(value) : format.includes(value);

/** A mask as the form's hint, in the renderer's words. */
export const maskText = ({ mask }: ReportedInfoRule): MessageText =>
  mask.params ? { key: `mask.${mask.variant}`, params: mask.params } : { key: `mask.${mask.variant}` };
