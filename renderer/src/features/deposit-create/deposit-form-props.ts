import type { DepositCheck } from '../../../../shared/contract';
import type { DepositFormValues, DepositMode, FlagField, FormSection, TextField } from './deposit-form';

export interface DepositFormProps {
  values: DepositFormValues;
  /** Problems to show now, by input. */
  errors: Partial<Record<TextField, string>>;
  required: ReadonlySet<TextField>;
  /** main's latest verdict (of a body at most a moment old). */
  check: DepositCheck | null;
  sections: FormSection[];
  onSections: (sections: FormSection[]) => void;
  onText: (field: TextField, value: string) => void;
  onFlag: (flag: FlagField, value: boolean) => void;
  onMode: (mode: DepositMode) => void;
  onCrypto: (on: boolean) => void;
}
