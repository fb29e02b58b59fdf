/**
 * `current_payer_verification` in words. The spec names four meanings but not their strings
 * (a sample shows `UNMATCHED`; the sandbox also sends MATCHED, NO_DOCUMENT and NO_DATA), so the
 * value is read tolerantly and anything else is shown as it came.
 */
type PayerVerificationMeaning = 'matched' | 'differs' | 'no_document' | 'no_data' | 'as_it_came';

const MEANING_BY_NORMALISED: Readonly<Record<string, PayerVerificationMeaning>> = {
  MATCHED: 'matched',
  MATCH: 'matched',
  MATCHES: 'matched',
  DOCUMENT_MATCHED: 'matched',
  DOCUMENT_MATCHES: 'matched',
  UNMATCHED: 'differs',
  NOT_MATCHED: 'differs',
  MISMATCH: 'differs',
  MISMATCHED: 'differs',
  DIFFERENT: 'differs',
  DOCUMENTS_DIFFER: 'differs',
  NO_DOCUMENT: 'no_document',
  NO_DOCUMENTS: 'no_document',
  DOCUMENT_MISSING: 'no_document',
  NO_DATA: 'no_data',
  NO_PAYER_DATA: 'no_data',
};

export function explainPayerVerification(value: string): PayerVerificationMeaning {
  const normalised = value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return MEANING_BY_NORMALISED[normalised] ?? 'as_it_came';
}
