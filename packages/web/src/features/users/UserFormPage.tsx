import { Button, Group, Radio, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_TYPE, type AccountDetail } from '@talkbase/domain/contracts/account';
import { useState, type SubmitEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { DelimitationEditor } from '../delimitations/DelimitationEditor.tsx';
import { notify } from '../notices/notices-store.ts';
import { useUnsavedDraft } from '../unsaved/useUnsavedChanges.ts';
import {
  AccountImageSection,
  AccountLoadError,
  FormSection as Section,
  PhoneInput,
} from './AccountFormParts.tsx';
import { AttributeRows } from './AttributeRows.tsx';
import { CredentialsModal } from './CredentialsModal.tsx';
import { AccountLifeActions } from './AccountLifeActions.tsx';
import { AccountTwoStep } from './AccountTwoStep.tsx';
import type { Issued } from './credentials.ts';
import { RoomSelect } from './RoomSelect.tsx';
import {
  emptyUserForm,
  fieldErrorsOf,
  fromAccount,
  isFilled,
  toCreateBody,
  toUpdateBody,
  validateUser,
  type UserFormErrors,
  type UserFormValues,
} from './user-form.ts';
import { createAccount, fetchAccount, updateAccount, useAccountImage, usersKeys } from './users-api.ts';
import './users.css';
import { usersText } from '../../i18n/users.ts';

const text = usersText.form;
const LIST_PATH = '/config/users';

/** 'Adicionar Novo Usuário' (001 §2.3). */
export function UserAddPage() {
  return <UserForm account={null} />;
}

/** 'Editar informações do Usuário' (001 §2.4). */
export function UserEditPage() {
  const id = Number(useParams().accountId);
  const account = useQuery({
    queryKey: usersKeys.one(id),
    queryFn: ({ signal }) => fetchAccount(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (account.isError || !Number.isInteger(id) || id <= 0)
    return <AccountLoadError onRetry={() => void account.refetch()} />;
  if (!account.data) return <Skeleton role="status" height={480} maw={960} aria-label={t.app.loading} />;
  return <UserForm key={account.data.accountId} account={account.data} />;
}

function UserForm({ account }: { account: AccountDetail | null }) {
  const editing = account !== null;
  const initial = account ? fromAccount(account) : emptyUserForm;
  const [values, setValues] = useState<UserFormValues>(initial);
  const unsaved = useUnsavedDraft(values);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState<'save' | 'clear' | null>(null);
  const [delimiting, setDelimiting] = useState(false);
  const [credentials, setCredentials] = useState<Issued | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const storedImage = useAccountImage(account?.profileImage?.url);

  const set = (patch: Partial<UserFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateUser(next));
  };
  const field = (name: 'firstName' | 'lastName' | 'displayName' | 'appName' | 'email' | 'phoneNumber') => ({
    id: `user-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      set({ [name]: e.currentTarget.value });
    },
  });

  const done = async (message: string) => {
    notify({ kind: 'success', message });
    await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    void navigate(LIST_PATH);
  };

  const save = useMutation({
    mutationFn: async () => {
      if (account) {
        await updateAccount(account.accountId, toUpdateBody(values, account.profileImage !== null));
        return null;
      }
      return createAccount(toCreateBody(values));
    },
    onSuccess: async (created) => {
      setConfirming(null);
      // Saved: nothing is lost from here on, the credentials window included.
      unsaved.release();
      if (created?.hash && created.password) {
        setCredentials({ kind: 'integration', hash: created.hash, password: created.password });
        return;
      }
      if (created?.password) {
        setCredentials({ kind: 'person', password: created.password });
        return;
      }
      await done(editing ? text.edited : text.created);
    },
    onError: (err) => {
      setConfirming(null);
      const fields = fieldErrorsOf(err);
      if (fields) {
        setErrors(fields);
        return;
      }
      const serverMessage = err instanceof ApiError ? err.message : undefined;
      if (editing)
        notify({
          kind: 'error',
          title: text.editFailed,
          ...(serverMessage ? { message: serverMessage } : {}),
        });
      else notify({ kind: 'error', message: text.createFailed });
    },
  });

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateUser(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify({ kind: 'alert', message: text.fixErrors });
      const first = document.getElementById(`user-${Object.keys(found)[0] ?? ''}`);
      first?.focus();
      return;
    }
    setConfirming('save');
  };

  const person = values.accountType === ACCOUNT_TYPE.person;
  const integration = values.accountType === ACCOUNT_TYPE.integration;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={960}>
        <Title order={1} size="h2">
          {editing ? text.editTitle : text.addTitle}
        </Title>
        {account && <AccountLifeActions account={account} />}
        {account && <AccountTwoStep account={account} />}

        <Section title={text.accessGroup}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {!editing && (
              <Radio.Group
                label={text.type}
                required
                value={String(values.accountType ?? '')}
                onChange={(v) => {
                  set({ accountType: v === '2' ? ACCOUNT_TYPE.integration : ACCOUNT_TYPE.person });
                }}
                error={errors.accountType}
              >
                <Group mt="xs">
                  <Radio value="1" label={text.typePerson} />
                  <Radio value="2" label={text.typeIntegration} />
                </Group>
              </Radio.Group>
            )}
            <RoomSelect
              id="user-roomId"
              value={values.roomId}
              current={account ? { roomId: account.room.roomId, roomName: account.room.roomName } : undefined}
              onChange={(roomId) => {
                set({ roomId });
              }}
              error={errors.roomId}
            />
          </SimpleGrid>
        </Section>

        {person && (
          <Section title={text.personalData}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={text.firstName} required maxLength={150} {...field('firstName')} />
              <TextInput label={text.lastName} required maxLength={250} {...field('lastName')} />
              <TextInput label={text.displayName} required maxLength={50} {...field('displayName')} />
              <PhoneInput
                field={field('phoneNumber')}
                onChange={(phoneNumber) => {
                  set({ phoneNumber });
                }}
              />
            </SimpleGrid>
          </Section>
        )}

        {integration && (
          <Section title={text.appData}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={text.appName} required maxLength={150} {...field('appName')} />
              <TextInput label={text.displayName} required maxLength={150} {...field('displayName')} />
            </SimpleGrid>
          </Section>
        )}

        {person && (
          <AccountImageSection
            id="user-profileImage"
            value={values.profileImage}
            storedImage={storedImage}
            error={errors.profileImage}
            onChange={(profileImage) => {
              set({ profileImage });
            }}
          />
        )}

        {person && (
          <Section title={text.accessData}>
            <TextInput
              label={text.email}
              type="email"
              required
              maxLength={150}
              maw={440}
              {...field('email')}
            />
          </Section>
        )}

        <Section title={text.attributes}>
          <Text size="sm" c="dimmed" mb="sm">
            {text.attributesHint}
          </Text>
          <AttributeRows
            rows={values.attributes}
            errors={errors}
            onChange={(attributes) => {
              set({ attributes });
            }}
          />
        </Section>

        <Section title={text.sharedTalks}>
          <Text size="sm" c="dimmed" mb="xs">
            {text.sharedTalksHint}
          </Text>
          {values.sharedTalks.length === 0 ? (
            <Text size="sm">{text.sharedTalksNone}</Text>
          ) : (
            <ul>
              {values.sharedTalks.map((d) => (
                <li key={d.subjectIdentifier}>
                  <Text size="sm">
                    {text.sharedTalksCount(d.name ?? d.subjectIdentifier, d.talks.length)}
                  </Text>
                </li>
              ))}
            </ul>
          )}
          <Button
            variant="light"
            mt="sm"
            leftSection={<Icon name="share" />}
            onClick={() => {
              setDelimiting(true);
            }}
          >
            {text.sharedTalksEdit}
          </Button>
          <DelimitationEditor
            opened={delimiting}
            onClose={() => {
              setDelimiting(false);
            }}
            delimitations={values.sharedTalks}
            onSave={(sharedTalks) => {
              set({ sharedTalks });
              setDelimiting(false);
            }}
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          {isFilled(values) && (
            <Button
              variant="subtle"
              color="gray"
              onClick={() => {
                setConfirming('clear');
              }}
            >
              {text.clear}
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => {
              unsaved.release();
              void navigate(LIST_PATH);
            }}
          >
            {text.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {text.save}
          </Button>
        </Group>

        <ConfirmModal
          opened={confirming === 'save'}
          title={text.saveTitle}
          busy={save.isPending}
          onClose={() => {
            if (!save.isPending) setConfirming(null);
          }}
          onConfirm={() => {
            save.mutate();
          }}
        >
          {editing ? text.saveConfirmEdit : text.saveConfirmAdd}
        </ConfirmModal>
        <ConfirmModal
          opened={confirming === 'clear'}
          onClose={() => {
            setConfirming(null);
          }}
          onConfirm={() => {
            setValues({ ...emptyUserForm, accountType: values.accountType });
            setErrors({});
            setSubmitted(false);
            setConfirming(null);
          }}
        >
          {text.clearConfirm}
        </ConfirmModal>
        <CredentialsModal
          credentials={credentials}
          appName={values.appName}
          onClose={() => {
            setCredentials(null);
            void done(text.created);
          }}
        />
      </Stack>
    </form>
  );
}
