import { Box, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHOD_TYPES, type PaymentMethod } from '../../../../shared/contract';
import { useFormat } from '../../components/format-context';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { SolidBadge } from '../../components/SolidBadge';
import { approvalTimeParts, countryName, isMethodAvailable } from './reference-data';
import { RawAnswer } from './RawAnswer';
import { useReference, byCountry } from '../../api/reference';

/** The payment methods of one country: logo, name, code, type, availability, approval times. */
export function PaymentMethodsPanel({ country }: { country: string }) {
  const { t } = useTranslation('reference');
  const { locale } = useFormat();
  const query = useReference('listPaymentMethods', byCountry(country));
  const name = countryName(country, locale);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">{t('methods.intro')}</Text>
        <Button
          variant="default"
          size="xs"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          data-testid="methods-refresh"
        >
          {t('refresh')}
        </Button>
      </Group>
      <QueryState
        query={query}
        label={t('methods.loading', { country: name })}
        skeleton={<SkeletonLines lines={8} />}
        isEmpty={(fetched) => fetched.record.length === 0}
        empty={<Text size="sm">{t('methods.empty', { country: name })}</Text>}
      >
        {(fetched) => (
          <Stack gap="sm">
            <MethodsTable methods={fetched.record} caption={t('methods.caption', { country: name })} />
            <RawAnswer fetched={fetched} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function MethodsTable({ methods, caption }: { methods: readonly PaymentMethod[]; caption: string }) {
  const { t } = useTranslation('reference');
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table captionSide="top" striped verticalSpacing="xs" data-testid="methods-table">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('methods.column.logo')}</Table.Th>
            <Table.Th scope="col">{t('methods.column.name')}</Table.Th>
            <Table.Th scope="col">{t('methods.column.code')}</Table.Th>
            <Table.Th scope="col">{t('methods.column.type')}</Table.Th>
            <Table.Th scope="col">{t('methods.column.status')}</Table.Th>
            <Table.Th scope="col">{t('methods.column.daily')}</Table.Th>
            <Table.Th scope="col">{t('methods.column.monthly')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {methods.map((method) => {
            const available = isMethodAvailable(method.status);
            return (
              <Table.Tr
                key={`${method.country}-${method.code}`}
                data-method-code={method.code}
                data-available={available}
              >
                <Table.Td>
                  {/* Keyed by URL: a new logo gets a new chance to load. */}
                  <MethodLogo key={method.logo} src={method.logo} name={method.name} code={method.code} />
                </Table.Td>
                <Table.Td data-field="name">{method.name}</Table.Td>
                <Table.Td data-field="code">
                  <Code>{method.code}</Code>
                </Table.Td>
                <Table.Td data-field="type">
                  <MethodType type={method.type} />
                </Table.Td>
                <Table.Td data-field="status">
                  <MethodStatus status={method.status} available={available} />
                </Table.Td>
                <Table.Td data-field="daily_average">
                  <ApprovalTime seconds={method.daily_average} />
                </Table.Td>
                <Table.Td data-field="monthly_average">
                  <ApprovalTime seconds={method.monthly_average} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const LOGO_WIDTH = 48;
const LOGO_HEIGHT = 28;

/**
 * The method's logo from the URL the service sent. A logo that does not load (a dead link, a
 * blocked host) is replaced by the method's code in a box, so the row keeps its shape.
 */
function MethodLogo({ src, name, code }: { src: string; name: string; code: string }) {
  const { t } = useTranslation('reference');
  const [broken, setBroken] = useState(src.trim() === '');
  if (broken) {
    return (
      <Box
        role="img"
        aria-label={t('methods.logoMissing', { name })}
        title={t('methods.logoMissing', { name })}
        data-logo-broken="true"
        w={LOGO_WIDTH}
        h={LOGO_HEIGHT}
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: '1px dashed var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          fontSize: 'var(--mantine-font-size-xs)',
          fontWeight: 700,
        }}
      >
        <span aria-hidden="true">{code}</span>
      </Box>
    );
  }
  return (
    <img
      src={src}
      alt={t('methods.logoAlt', { name })}
      width={LOGO_WIDTH}
      height={LOGO_HEIGHT}
      loading="lazy"
      referrerPolicy="no-referrer"
      style={{ objectFit: 'contain', display: 'block' }}
      onError={() => setBroken(true)}
      data-logo="true"
    />
  );
}

function MethodType({ type }: { type: string }) {
  const { t } = useTranslation('reference');
  const known = PAYMENT_METHOD_TYPES.find((value) => value === type);
  if (!known) {
    return (
      <span title={t('methods.unknownType')} data-type={type}>
        {type}
      </span>
    );
  }
  return <span data-type={type}>{t(`methods.type.${known}`)}</span>;
}

function MethodStatus({ status, available }: { status: string; available: boolean }) {
  const { t } = useTranslation('reference');
  return (
    <Group gap={6} wrap="nowrap">
      <SolidBadge color={available ? 'green' : 'orange'} data-status={status} title={status}>
        {available ? t('methods.available') : t('methods.unavailable')}
      </SolidBadge>
      {!available && (
        <Text span size="xs" ff="monospace">
          {status}
        </Text>
      )}
    </Group>
  );
}

/** An approval time in at most two units ("2 h 5 min"), or "No data yet" when the service sent none. */
function ApprovalTime({ seconds }: { seconds: number | undefined }) {
  const { t } = useTranslation('reference');
  const format = useFormat();
  if (seconds === undefined || seconds === null) {
    return (
      <Text span size="sm" fs="italic" data-no-data="true">
        {t('methods.noData')}
      </Text>
    );
  }
  const parts = approvalTimeParts(seconds);
  if (parts.length === 0) return <span data-seconds={seconds}>{format.number(seconds)}</span>;
  return (
    <span data-seconds={seconds} title={t('duration.exact', { seconds: format.number(seconds) })}>
      {parts.map((part) => t(`duration.${part.unit}`, { value: format.number(part.value) })).join(' ')}
    </span>
  );
}
