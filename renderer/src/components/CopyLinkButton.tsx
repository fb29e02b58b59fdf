import { Button, CopyButton as MantineCopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deepLinkOf, type RecordLinkTarget } from '../../../shared/contract';
import { CheckIcon, CopyIcon } from './icons';

/**
 * "Copy link" on a record's screen: copies its `paydesk://` link (shared/contract/links.ts), which
 * opens this record in the desktop app of whoever it is sent to. A plain button, so it is in the
 * tab order and works with Enter and Space; "Link copied" is announced when it has.
 */
export function CopyLinkButton({ target }: { target: RecordLinkTarget }) {
  const { t } = useTranslation('common');
  const link = deepLinkOf(target);
  return (
    <MantineCopyButton value={link} timeout={1500}>
      {({ copied, copy }) => (
        <Button
          variant="default"
          onClick={copy}
          leftSection={copied ? <CheckIcon /> : <CopyIcon />}
          title={link}
          data-testid="copy-link"
          data-link={link}
        >
          <span aria-live="polite">{copied ? t('copyLink.copied') : t('copyLink.label')}</span>
        </Button>
      )}
    </MantineCopyButton>
  );
}
