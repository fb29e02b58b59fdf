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
