import { ActionIcon, CopyButton as MantineCopyButton, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from './icons';

/** Copies `value`; `label` names what is copied for screen readers ("Copy deposit id"). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('common');
  return (
    <MantineCopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('copy.copied') : t('copy.copy', { what: label })} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={t('copy.copy', { what: label })}
            size="sm"
          >
            {copied ? <CheckIcon /> : <CopyIcon />}
          </ActionIcon>
        </Tooltip>
      )}
    </MantineCopyButton>
  );
}
