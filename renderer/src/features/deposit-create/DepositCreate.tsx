import { Stack, Title } from '@mantine/core';
import { DraftBar } from '../../components/DraftBar';
import { CryptoWalletConfirm } from './CryptoWalletConfirm';
import { DepositAnswer } from './DepositAnswer';
import { DepositForm } from './DepositForm';
import { DepositSendPanel } from './DepositSendPanel';
import { DuplicateInvoiceDialog } from './DuplicateInvoiceDialog';
import { useDepositCreateForm } from './use-deposit-create-form';

/** One environment's create-deposit form, then the answer to what it sent. */
export function DepositCreate({ environmentId }: { environmentId: string | null }) {
  const deposit = useDepositCreateForm(environmentId);
  const {
    t,
    values,
    setValues,
    sections,
    setSections,
    duplicate,
    choosing,
    setChoosing,
    showAnswer,
    setShowAnswer,
    form,
    create,
    draft,
    verdict,
    required,
    errors,
    setText,
    setFlag,
    setMode,
    choose,
    submit,
    clearForm,
    startOver,
  } = deposit;

  if (showAnswer && create.data) {
    return (
      <Stack>
        <Title order={2}>{t('title')}</Title>
        <DepositAnswer
          outcome={create.data}
          onBackToForm={() => {
            create.reset();
            setShowAnswer(false);
          }}
          onNewDeposit={startOver}
        />
      </Stack>
    );
  }

  return (
    <Stack maw={1100}>
      <Title order={2}>{t('title')}</Title>
      <form
        ref={form}
        noValidate
        aria-label={t('form.label')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!create.isPending) submit();
        }}
      >
        <Stack>
          <DraftBar draft={draft} onDiscarded={clearForm} />
          <DepositForm
            values={values}
            errors={errors}
            required={new Set(required)}
            check={verdict?.check ?? null}
            sections={sections}
            onSections={setSections}
            onText={setText}
            onFlag={setFlag}
            onMode={setMode}
            onCrypto={(on) => setValues((previous) => ({ ...previous, crypto: on }))}
          />

          <DepositSendPanel deposit={deposit} />
        </Stack>
      </form>
      <CryptoWalletConfirm deposit={deposit} />
      {duplicate && (
        <DuplicateInvoiceDialog
          blocking={duplicate.blocking}
          opened={choosing}
          onResend={() =>
            // The earlier key: the service answers with the deposit it made then (D6).
            choose({
              ...duplicate.refused,
              ...(duplicate.blocking.idempotencyKey !== null && {
                idempotencyKey: duplicate.blocking.idempotencyKey,
              }),
            })
          }
          onCreateSecond={() =>
            choose({ ...duplicate.refused, confirmedDuplicateOf: duplicate.blocking.intentId })
          }
          onBack={() => setChoosing(false)}
        />
      )}
    </Stack>
  );
}
