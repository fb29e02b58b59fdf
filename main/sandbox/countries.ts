/** The countries the sandbox serves, with their currency and document types. */

interface Country {
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
