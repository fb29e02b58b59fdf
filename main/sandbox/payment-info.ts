import QRCode from 'qrcode';
import type { Json } from './answer';
import { formatServiceTimestamp } from './clock';
import type { PaymentMethodSpec } from './reference-data';
import type { DepositRecord } from './state';
import type { World } from './world';
import { centsToAmount } from './world';

/**
 * payment_info of a ONE_SHOT deposit (spec "Deposit: create response"): metadata shaped by the
 * method type — bank deposit (beneficiary, agency, account, CNPJ…), bank transfer, voucher
 * (bar code, digitable line, receipt), instant payment (a real PNG QR as a data URI plus its
 * copy-and-paste line) — and secondary_metadata (a QR for the same deposit) for one method.
 */

const emv = (id: string, value: string): string => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC16-CCITT (poly 0x1021, init 0xFFFF), the checksum of EMV QR payloads. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** An instant-payment "copy and paste" line in the EMV BR Code layout. */
function instantPaymentLine(key: string, amountCents: number, txid: string): string {
  const body =
    emv('00', '01') +
    emv('26', emv('00', 'br.gov.bcb.pix') + emv('01', key)) +
    emv('52', '0000') +
    emv('53', '986') +
    emv('54', (amountCents / 100).toFixed(2)) +
    emv('58', 'BR') +
    emv('59', 'PAYDESK SANDBOX') +
    emv('60', 'SAO PAULO') +
    emv('62', emv('05', txid)) +
    '6304';
  return body + crc16(body);
}

/** Modulo-10 check digit of boleto fields (weights 2,1 from the right, digits of products summed). */
function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Modulo-11 general check digit of a boleto bar code (weights 2..9 from the right). */
function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const check = 11 - (sum % 11);
  return check === 0 || check === 10 || check === 11 ? 1 : check;
}

/** A boleto bar code (44 digits) and its digitable line (47 digits in 5 groups). */
function boletoLines(
  amountCents: number,
  dueFactor: number,
  freeField: string,
): { barCode: string; digitableLine: string } {
  const bankAndCurrency = '3419';
  // Factors run from 1000 to 9999 and then start again at 1000.
  const factor = String(((dueFactor - 1000) % 9000) + 1000).padStart(4, '0');
  const amount = String(amountCents).padStart(10, '0').slice(-10);
  const withoutCheck = `${bankAndCurrency}${factor}${amount}${freeField}`;
  const check = mod11(withoutCheck);
  const barCode = `${bankAndCurrency}${check}${factor}${amount}${freeField}`;
  const field1 = `${bankAndCurrency}${freeField.slice(0, 5)}`;
  const field2 = freeField.slice(5, 15);
  const field3 = freeField.slice(15, 25);
  const withCheck = (field: string): string => `${field}${mod10(field)}`;
  const f1 = withCheck(field1);
  const f2 = withCheck(field2);
  const f3 = withCheck(field3);
  const digitableLine = `${f1.slice(0, 5)}.${f1.slice(5)} ${f2.slice(0, 5)}.${f2.slice(5)} ${f3.slice(0, 5)}.${f3.slice(5)} ${check} ${factor}${amount}`;
  return { barCode, digitableLine };
}

const qrDataUri = (text: string): Promise<string> =>
  QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 256 });

const DAY_MS = 86_400_000;
/** Boleto due-date factor: days since 1997-10-07. */
const boletoDueFactor = (ms: number): number => Math.floor((ms - Date.UTC(1997, 9, 7)) / DAY_MS);

export async function buildPaymentInfo(
  world: World,
  deposit: DepositRecord,
  method: PaymentMethodSpec,
): Promise<{ [key: string]: Json }> {
  // Every draw happens before the first await, so concurrent creations stay deterministic.
  const random = world.state.random;
  const reference = random.int(1_000_000, 9_999_999);
  const instantKey = `${random.text(8, '0123456789abcdef')}-${random.text(4, '0123456789abcdef')}-4${random.text(3, '0123456789abcdef')}-a${random.text(3, '0123456789abcdef')}-${random.text(12, '0123456789abcdef')}`;
  const txid = `SBX${deposit.id}${random.text(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`;
  const freeField = random.digits(25);
  const receiptUrl = `${world.baseUrl}/checkout/${deposit.checkoutToken}/receipt`;

  const metadata: { [key: string]: Json } = {};
  let secondary: { [key: string]: Json } | undefined;
  const beneficiary = method.beneficiary;
  switch (method.instructions) {
    case 'bank_deposit':
    case 'bank_transfer': {
      if (beneficiary) {
        metadata.beneficiary_name = beneficiary.beneficiaryName;
        if (beneficiary.agency) metadata.agency = beneficiary.agency;
        metadata.account = beneficiary.account;
        metadata.account_type = beneficiary.accountType;
        if (beneficiary.cnpj) metadata.CNPJ = beneficiary.cnpj;
        if (beneficiary.documentType && beneficiary.document) {
          metadata.beneficiary_document_type = beneficiary.documentType;
          metadata.beneficiary_document = beneficiary.document;
        }
        metadata.bank_url = beneficiary.bankUrl;
      }
      metadata.reference = reference;
      if (deposit.payer.document) {
        metadata.payer_document = deposit.payer.document;
        if (deposit.payer.document_type) metadata.payer_document_type = deposit.payer.document_type;
      }
      if (method.secondaryQr) {
        const line = instantPaymentLine(instantKey, deposit.amountCents, txid);
        secondary = { reference: String(deposit.id), qr_code: await qrDataUri(line), digitable_line: line };
      }
      break;
    }
    case 'voucher': {
      if (method.country === 'BR') {
        const { barCode, digitableLine } = boletoLines(
          deposit.amountCents,
          boletoDueFactor(deposit.expiresAt),
          freeField,
        );
        metadata.bar_code = barCode;
        metadata.digitable_line = digitableLine;
      } else {
        const code = `${reference}${freeField}`.slice(0, 30);
        metadata.bar_code = code;
        metadata.digitable_line = code.replace(/(\d{4})(?=\d)/g, '$1 ');
      }
      metadata.receipt_url = receiptUrl;
      metadata.reference = reference;
      break;
    }
    case 'instant': {
      const line = instantPaymentLine(instantKey, deposit.amountCents, txid);
      metadata.qr_code = await qrDataUri(line);
      metadata.digitable_line = line;
      metadata.reference = reference;
      break;
    }
    case 'card':
      metadata.reference = reference;
      break;
  }

  const info: { [key: string]: Json } = {
    type: method.type,
    payment_method: method.code,
    payment_method_name: method.name,
    amount: centsToAmount(deposit.amountCents),
    currency: deposit.currency,
    expiration_date: formatServiceTimestamp(deposit.expiresAt),
    created_at: formatServiceTimestamp(deposit.createdAt),
    metadata,
  };
  if (secondary) info.secondary_metadata = secondary;
  return info;
}
