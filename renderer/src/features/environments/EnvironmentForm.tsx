import { Button, ColorSwatch, Group, Select, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ENVIRONMENT_COLORS,
  PRODUCTION_COLOR,
  type EnvironmentColor,
  type EnvironmentKind,
  type EnvironmentProfile,
} from '../../../../shared/contract';
import type { ConsoleFailure } from '../../api/console-failure';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';

export interface EnvironmentFormValues {
  name: string;
  kind: EnvironmentKind;
  baseUrl: string;
  color: EnvironmentColor;
}

/** Colours a non-production profile may take: production's red is reserved. */
const SELECTABLE_COLORS = ENVIRONMENT_COLORS.filter((color) => color !== PRODUCTION_COLOR);
const FORM_FIELDS = ['name', 'baseUrl', 'color'] as const;

/**
 * Add (kind testing or production) or edit an environment. Main validates (D5: https except
 * loopback, unique production URL…); a refusal naming one of the form's fields shows under it.
 */
export function EnvironmentForm({
  existing,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  existing?: EnvironmentProfile;
  busy: boolean;
  error: ConsoleFailure | null;
  onSubmit: (values: EnvironmentFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['environments', 'shell']);
  const { locale } = useFormat();
  const [values, setValues] = useState<EnvironmentFormValues>({
    name: existing?.name ?? '',
    kind: existing?.kind ?? 'testing',
    baseUrl: existing?.baseUrl ?? '',
    color: existing && existing.color !== PRODUCTION_COLOR ? existing.color : 'blue',
  });
  const [touched, setTouched] = useState(false);
  const isSandbox = values.kind === 'local-sandbox';
  const isProduction = values.kind === 'production';
  const fieldError = (field: (typeof FORM_FIELDS)[number]): string | undefined => {
    if (touched && field === 'name' && values.name.trim() === '') return t('environments:form.nameRequired');
    if (touched && field === 'baseUrl' && !isSandbox && values.baseUrl.trim() === '') {
      return t('environments:form.baseUrlRequired');
    }
    const failure = error?.error;
    if (failure?.kind === 'validation' && failure.field === field) return sayText(t, locale, failure);
    return undefined;
  };
  const errorOutsideFields =
    error && !(error.error.kind === 'validation' && FORM_FIELDS.some((field) => field === error.error.field));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (values.name.trim() === '' || (!isSandbox && values.baseUrl.trim() === '')) return;
        onSubmit({ ...values, name: values.name.trim(), baseUrl: values.baseUrl.trim() });
      }}
      aria-label={existing ? t('environments:form.editLabel') : t('environments:form.addLabel')}
    >
      <Stack>
        <TextInput
          label={t('environments:form.name')}
          required
          value={values.name}
          onChange={(event) => {
            const name = event.currentTarget.value;
            setValues((previous) => ({ ...previous, name }));
          }}
          error={fieldError('name')}
          data-autofocus
          data-testid="environment-name"
        />
        {existing ? (
          <div>
            <Text size="sm" fw={500}>
              {t('environments:form.kind')}
            </Text>
            <Text size="sm">{t(`shell:kind.${existing.kind}`)}</Text>
          </div>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="environment-kind-label">
              {t('environments:form.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="environment-kind-label"
              value={values.kind}
              onChange={(kind) => setValues((previous) => ({ ...previous, kind: kind as EnvironmentKind }))}
              data={[
                { value: 'testing', label: t('shell:kind.testing') },
                { value: 'production', label: t('shell:kind.production') },
              ]}
              data-testid="environment-kind"
            />
            <Text size="xs" c="dimmed">
              {t('environments:form.kindFixed')}
            </Text>
          </Stack>
        )}
        {!isSandbox && (
          <TextInput
            label={t('environments:form.baseUrl')}
            description={t('environments:form.baseUrlHint')}
            required
            value={values.baseUrl}
            placeholder="https://api.example.com"
            onChange={(event) => {
              const baseUrl = event.currentTarget.value;
              setValues((previous) => ({ ...previous, baseUrl }));
            }}
            error={fieldError('baseUrl')}
            autoComplete="off"
            spellCheck={false}
            data-testid="environment-base-url"
          />
        )}
        {existing && !isSandbox && (
          <Text size="xs" c="dimmed">
            {t('environments:form.baseUrlClears')}
          </Text>
        )}
        {isProduction ? (
          <Group gap="xs">
            <ColorSwatch color="var(--mantine-color-red-filled)" size={16} aria-hidden="true" />
            <Text size="sm">{t('environments:form.productionColor')}</Text>
          </Group>
        ) : (
          <Select
            label={t('environments:form.color')}
            value={values.color}
            allowDeselect={false}
            onChange={(color) => {
              if (color) setValues((previous) => ({ ...previous, color: color as EnvironmentColor }));
            }}
            data={SELECTABLE_COLORS.map((color) => ({
              value: color,
              label: t(`environments:color.${color}`),
            }))}
            renderOption={({ option }) => (
              <Group gap="xs">
                <ColorSwatch
                  color={`var(--mantine-color-${option.value}-filled)`}
                  size={14}
                  aria-hidden="true"
                />
                {option.label}
              </Group>
            )}
            error={fieldError('color')}
            data-testid="environment-color"
          />
        )}
        {errorOutsideFields && <ErrorNotice error={error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('environments:form.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="environment-save">
            {existing ? t('environments:form.save') : t('environments:form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
