import { useNavigate } from 'react-router';
import { useIndexAsk } from '../api/records';
import { SEARCH_MATCHES } from '../lib/record-filters';
import { numberOnLookup } from '../lib/typed-id';
import type { ListedKind } from './listed-kind';

/**
 * What a lookup screen does with a number typed in its id form: opens it as an id of `kind`, unless
 * the record index knows it only as the start of ids (or as another record's invoice or external
 * id), when it lists those instead (lib/typed-id numberOnLookup). The list offers to ask the
 * service for the whole id too.
 */
export function useLookupNumber(
  kind: ListedKind,
  to: { open: (id: number) => string; search: (text: string) => string },
): (id: number) => Promise<void> {
  const navigate = useNavigate();
  const askIndex = useIndexAsk(SEARCH_MATCHES);
  return async (id) => {
    const text = String(id);
    const found = await askIndex(text);
    const choice = found === null ? 'open' : numberOnLookup(kind, text, found);
    await navigate(choice === 'open' ? to.open(id) : to.search(text));
  };
}
