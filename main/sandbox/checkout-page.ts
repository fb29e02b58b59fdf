import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Json } from './answer';
import {
  payerSchema,
  reportedInfoSchema,
  describeFirstIssue,
  type PayerInput,
  type ReportedInfoInput,
} from './body-rules';
import type { SandboxCore } from './core';
import { missingDetails, moveDeposit, reportedInfoProblem } from './deposits';
import { buildPaymentInfo } from './payment-info';
import { AVAILABLE, findCountry, findMethod, methodsOf, PAYMENT_METHODS } from './reference-data';
import type { DepositRecord } from './state';

/**
 * The hosted checkout the redirect_url points to: a plain HTML form that collects what the
 * deposit still lacks (method, payer details, reported_info the method needs) and moves a
 * HOSTED deposit from CREATED to PENDING; afterwards the page shows the payment instructions.
 * Also serves voucher receipts and method logos.
 */

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Paydesk sandbox checkout</title>
<style>
body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1d2433}
label{display:block;margin:.6rem 0 .2rem}input,select{width:100%;padding:.4rem;box-sizing:border-box}
fieldset{margin:1rem 0;border:1px solid #c8cdd8}button{margin-top:1rem;padding:.6rem 1.2rem}
.error{background:#fde8e8;border:1px solid #e0a0a0;padding:.6rem}.note{color:#5a6375;font-size:.9rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e3e6ee;padding:.3rem;text-align:left;word-break:break-all}
</style>
</head>
<body>
<main>
<p class="note">Paydesk sandbox — a local stand-in for the payment service. No real money moves.</p>
${body}
</main>
</body>
</html>
`;
}

const amountText = (deposit: DepositRecord): string =>
  `${(deposit.amountCents / 100).toFixed(2)} ${deposit.currency}`;

const PAYER_FIELDS = [
  ['document', 'Document number'],
  ['email', 'E-mail'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
] as const;
const REPORTED_FIELDS = [
  ['bank_beneficiary', 'Account owner name'],
  ['bank_account_number', 'Bank account number'],
  ['bank_branch', 'Bank branch'],
  ['bank_account_type', 'Account type'],
] as const;

function formPage(deposit: DepositRecord, errors: string[] = []): string {
  const country = findCountry(deposit.country);
  const methods = methodsOf(deposit.country);
  const options = methods
    .map((method) => {
      const selected = method.code === deposit.methodCode ? ' selected' : '';
      const disabled = method.status === AVAILABLE ? '' : ' disabled';
      const needs =
        method.reportedInfo.length > 0
          ? ` — needs ${method.reportedInfo.map((rule) => rule.field).join(', ')}`
          : '';
      return `<option value="${escapeHtml(method.code)}"${selected}${disabled}>${escapeHtml(`${method.name} (${method.code})${needs}`)}</option>`;
    })
    .join('');
  const input = (group: string, name: string, label: string, value: string | undefined) =>
    `<label for="${group}-${name}">${escapeHtml(label)}</label><input id="${group}-${name}" name="${name}" value="${escapeHtml(value ?? '')}">`;
  const documentTypes = (country?.documentTypes ?? [])
    .map(
      (type) =>
        `<option${deposit.payer.document_type === type ? ' selected' : ''}>${escapeHtml(type)}</option>`,
    )
    .join('');
  return page(
    'Complete your payment',
    `<h1>Pay ${escapeHtml(amountText(deposit))}</h1>
<p>Deposit <strong>${deposit.id}</strong> · invoice ${escapeHtml(deposit.invoiceId)}</p>
${errors.length > 0 ? `<div class="error" role="alert"><p>Please correct:</p><ul>${errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul></div>` : ''}
<form method="post" action="/checkout/${escapeHtml(deposit.checkoutToken)}">
<label for="payment_method">Payment method</label>
<select id="payment_method" name="payment_method" required>${options}</select>
<fieldset><legend>Your details</legend>
${PAYER_FIELDS.map(([name, label]) => input('payer', name, label, deposit.payer[name])).join('\n')}
<label for="payer-document_type">Document type</label><select id="payer-document_type" name="document_type">${documentTypes}</select>
</fieldset>
<fieldset><legend>Your bank account (only some methods need it)</legend>
${REPORTED_FIELDS.map(([name, label]) => input('reported', name, label, deposit.reportedInfo[name])).join('\n')}
</fieldset>
<button type="submit">Continue</button>
</form>
${deposit.backUrl ? `<p><a href="${escapeHtml(deposit.backUrl)}">Cancel and go back</a></p>` : ''}`,
  );
}

function instructionsPage(core: SandboxCore, deposit: DepositRecord): string {
  const info = deposit.paymentInfo;
  const rows = (data: Json | undefined): string => {
    if (!data || typeof data !== 'object' || Array.isArray(data)) return '';
    return Object.entries(data)
      .map(([key, value]) => {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        const shown =
          key === 'qr_code' && text.startsWith('data:image/png;base64,')
            ? `<img alt="QR code to pay" src="${escapeHtml(text)}" width="256" height="256">`
            : escapeHtml(text);
        return `<tr><th scope="row">${escapeHtml(key)}</th><td>${shown}</td></tr>`;
      })
      .join('');
  };
  const method = deposit.methodCode ? findMethod(deposit.country, deposit.methodCode) : undefined;
  const instructions = info
    ? `<h2>How to pay${method ? ` with ${escapeHtml(method.name)}` : ''}</h2><table>${rows(info.metadata)}</table>${
        info.secondary_metadata
          ? `<h2>Or pay another way</h2><table>${rows(info.secondary_metadata)}</table>`
          : ''
      }<p>Pay before ${escapeHtml(String(info.expiration_date ?? ''))} (UTC).</p>`
    : '';
  return page(
    `Deposit ${deposit.status}`,
    `<h1>Deposit ${deposit.id}: <span id="status">${escapeHtml(deposit.status)}</span></h1>
<p>Amount ${escapeHtml(amountText(deposit))} · invoice ${escapeHtml(deposit.invoiceId)}</p>
${deposit.status === 'PENDING' ? instructions : ''}
${deposit.successUrl && deposit.status !== 'PENDING' ? `<p><a href="${escapeHtml(deposit.successUrl)}">Back to the merchant</a></p>` : ''}
<p class="note">Sandbox base: ${escapeHtml(core.baseUrl)}</p>`,
  );
}

const nonEmpty = (value: string | null): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

export function registerCheckoutRoutes(app: FastifyInstance, core: SandboxCore): void {
  const depositOf = (params: unknown): DepositRecord | undefined =>
    core.state.findDepositByToken((params as { token?: string }).token ?? '');

  app.get('/checkout/:token', async (request, reply) => {
    core.sweep();
    const deposit = depositOf(request.params);
    if (!deposit) return html(reply, 404, page('Not found', '<h1>This checkout link is not valid.</h1>'));
    if (deposit.status === 'CREATED') return html(reply, 200, formPage(deposit));
    const method = deposit.methodCode ? findMethod(deposit.country, deposit.methodCode) : undefined;
    if (deposit.status === 'PENDING' && !deposit.paymentInfo && method) {
      deposit.paymentInfo = await buildPaymentInfo(core, deposit, method);
    }
    return html(reply, 200, instructionsPage(core, deposit));
  });

  app.post('/checkout/:token', async (request, reply) => {
    core.sweep();
    const deposit = depositOf(request.params);
    if (!deposit) return html(reply, 404, page('Not found', '<h1>This checkout link is not valid.</h1>'));
    if (deposit.status !== 'CREATED') {
      return html(
        reply,
        409,
        page('Already done', `<h1>This deposit is ${escapeHtml(deposit.status)}; nothing to fill in.</h1>`),
      );
    }
    const form = new URLSearchParams(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '');
    const errors: string[] = [];
    const method = findMethod(deposit.country, form.get('payment_method') ?? deposit.methodCode ?? '');
    if (!method) errors.push('payment_method: choose a payment method');
    else if (method.status !== AVAILABLE)
      errors.push('payment_method: momentarily unavailable, choose another');

    const payerInput: PayerInput = { ...deposit.payer };
    for (const [name] of PAYER_FIELDS) payerInput[name] = nonEmpty(form.get(name)) ?? deposit.payer[name];
    payerInput.document_type = nonEmpty(form.get('document_type')) ?? deposit.payer.document_type;
    const payer = payerSchema.safeParse(payerInput);
    if (!payer.success) errors.push(`payer.${describeFirstIssue(payer.error)}`);
    const country = findCountry(deposit.country);
    if (payerInput.document_type && country && !country.documentTypes.includes(payerInput.document_type)) {
      errors.push(`payer.document_type: must be one of ${country.documentTypes.join(', ')}`);
    }

    const reportedInput: ReportedInfoInput = { ...deposit.reportedInfo };
    for (const [name] of REPORTED_FIELDS)
      reportedInput[name] = nonEmpty(form.get(name)) ?? deposit.reportedInfo[name];
    const reported = reportedInfoSchema.safeParse(reportedInput);
    if (!reported.success) errors.push(`reported_info.${describeFirstIssue(reported.error)}`);
    if (method && payer.success && reported.success) {
      const missing = missingDetails(method, payer.data, reported.data);
      if (missing.length > 0) errors.push(`missing: ${missing.join(', ')}`);
      const problem = reportedInfoProblem(method, reported.data);
      if (problem) errors.push(problem);
    }
    if (errors.length > 0 || !method || !payer.success || !reported.success) {
      return html(reply, 400, formPage(deposit, errors));
    }

    deposit.payer = payer.data;
    deposit.reportedInfo = reported.data;
    const moved = moveDeposit(core, deposit, 'PENDING', { paymentMethod: method.code });
    if (!moved.ok) return html(reply, 409, page('Refused', `<h1>${escapeHtml(moved.reason)}</h1>`));
    deposit.paymentInfo = await buildPaymentInfo(core, deposit, method);
    return reply.code(303).header('location', `/checkout/${deposit.checkoutToken}`).send();
  });

  app.get('/checkout/:token/receipt', async (request, reply) => {
    const deposit = depositOf(request.params);
    const metadata = deposit?.paymentInfo?.metadata;
    if (
      !deposit ||
      !metadata ||
      typeof metadata !== 'object' ||
      Array.isArray(metadata) ||
      !('bar_code' in metadata)
    ) {
      return html(reply, 404, page('Not found', '<h1>No receipt for this link.</h1>'));
    }
    return html(
      reply,
      200,
      page(
        'Receipt',
        `<h1>Payment slip</h1><p>Amount ${escapeHtml(amountText(deposit))}</p>
<p>Digitable line: <code>${escapeHtml(String(metadata.digitable_line ?? ''))}</code></p>
<p>Bar code: <code>${escapeHtml(String(metadata.bar_code ?? ''))}</code></p>`,
      ),
    );
  });

  const logoCodes = new Set(PAYMENT_METHODS.map((method) => method.code));
  app.get('/logos/:file', async (request, reply) => {
    const file = (request.params as { file?: string }).file ?? '';
    const code = file.endsWith('.svg') ? file.slice(0, -4) : '';
    if (!logoCodes.has(code)) return reply.code(404).send();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="48" viewBox="0 0 96 48" role="img" aria-label="${code}"><rect width="96" height="48" rx="8" fill="#2b4c7e"/><text x="48" y="31" font-family="sans-serif" font-size="20" font-weight="bold" fill="#fff" text-anchor="middle">${code}</text></svg>`;
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
