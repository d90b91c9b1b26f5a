import { Button, Group, PasswordInput, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OWN_PROFILE_MAX,
  type AccountDetail,
  type UpdateAccountBody,
} from '@talkbase/domain/contracts/account';
import { formatPhone, isValidPhone } from '@talkbase/domain/fields/phone';
import type { AccountNotificationsInput } from '@talkbase/domain/contracts/notifications';
import { passwordMessages } from '@talkbase/domain/passwords/password-rules';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import type { ImageValue } from '../../fields/editors/complex/ImagePicker.tsx';
import { notificationsText } from '../../i18n/notifications.ts';
import { t } from '../../i18n/pt-BR.ts';
import { notify } from '../notices/notices-store.ts';
import { getSession, startSession } from '../session/session-store.ts';
import { useSession } from '../session/useSession.ts';
import {
  AccountImageSection,
  AccountLoadError,
  FormSection as Section,
  PhoneInput,
} from '../users/AccountFormParts.tsx';
import { fieldErrorsOf } from '../users/user-form.ts';
import { fetchAccount, updateAccount, useAccountImage, usersKeys } from '../users/users-api.ts';
import {
  NotificationChannelMatrix,
  toggleCell,
  type MatrixRow,
} from '../notifications/NotificationChannelMatrix.tsx';
import { BrowserPushNotice } from '../notifications/BrowserPushNotice.tsx';
import {
  browserEnvironment,
  enableBrowserPush,
  turnsPushOn,
  wantsBrowserPush,
  type BrowserPushState,
} from '../notifications/browser-push.ts';
import { PasswordMeter } from '../../ui/PasswordMeter.tsx';
import { usePasswordStrength } from '../../ui/usePasswordStrength.ts';
import { usersText } from '../../i18n/users.ts';
import { TwoStepSection } from './TwoStepSection.tsx';

const text = usersText.profile;
const form = usersText.form;

interface ProfileValues {
  firstName: string;
  lastName: string;
  displayName: string;
  phoneNumber: string;
  profileImage: ImageValue | null;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

type Errors = Partial<Record<keyof ProfileValues, string>>;

/** 'Informações do usuário' at /usuario (001 §2.5): anyone signed in edits their own data. */
export function ProfilePage() {
  const session = useSession();
  const id = session?.user.accountId ?? 0;
  const account = useQuery({
    queryKey: usersKeys.one(id),
    queryFn: ({ signal }) => fetchAccount(id, signal),
    enabled: id > 0,
  });
  if (account.isError) return <AccountLoadError onRetry={() => void account.refetch()} />;
  if (!account.data) return <Skeleton role="status" height={480} maw={880} aria-label={t.app.loading} />;
  return <ProfileForm key={account.data.accountId} account={account.data} />;
}

function initialValues(a: AccountDetail): ProfileValues {
  return {
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    displayName: a.displayName,
    phoneNumber: a.phoneNumber ? formatPhone(a.phoneNumber) : '',
    profileImage: a.profileImage
      ? { name: a.profileImage.name, type: a.profileImage.type, data: null, url: null }
      : null,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

function ProfileForm({ account }: { account: AccountDetail }) {
  const [values, setValues] = useState<ProfileValues>(() => initialValues(account));
  // The own notification × channel matrix (001 §2.5); rows come with the account.
  const [notifications, setNotifications] = useState<MatrixRow[]>(() => account.notifications);
  const push = useBrowserPush(wantsBrowserPush(account.notifications));
  const [errors, setErrors] = useState<Errors>({});
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const storedImage = useAccountImage(account.profileImage?.url);
  const isPerson = account.accountType === 1;
  const strength = usePasswordStrength(values.newPassword, [
    values.firstName,
    values.lastName,
    values.displayName,
    account.email ?? '',
  ]);

  const set = (patch: Partial<ProfileValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // An edited field loses its message until the next save.
    setErrors((e) => {
      const changed = new Set(Object.keys(patch));
      if (changed.has('newPassword')) changed.add('confirmPassword');
      return Object.fromEntries(Object.entries(e).filter(([key]) => !changed.has(key)));
    });
  };

  const validate = (): Errors => {
    const found: Errors = {};
    const need = (key: 'firstName' | 'lastName' | 'displayName' | 'phoneNumber', max: number) => {
      const v = values[key].trim();
      if (!v) found[key] = form.required;
      else if (v.length > max) found[key] = form.maxLength(max);
    };
    if (isPerson) {
      need('firstName', 150);
      need('lastName', 250);
      need('phoneNumber', OWN_PROFILE_MAX.phoneNumber);
      if (!found.phoneNumber && !isValidPhone(values.phoneNumber.trim()))
        found.phoneNumber = form.phoneInvalid;
    }
    need('displayName', OWN_PROFILE_MAX.displayName);
    if (values.newPassword || values.confirmPassword) {
      if (!values.currentPassword) found.currentPassword = passwordMessages.wrongCurrent;
      if (values.newPassword.length < 10) found.newPassword = passwordMessages.tooShort;
      else if (strength === null || strength.problem)
        found.newPassword = strength?.problem ?? passwordMessages.weak;
      if (values.newPassword !== values.confirmPassword) found.confirmPassword = passwordMessages.mismatch;
    }
    return found;
  };

  const save = useMutation({
    mutationFn: (body: UpdateAccountBody) => updateAccount(account.accountId, body),
    onSuccess: async (saved) => {
      notify({ kind: 'success', message: text.saved });
      setValues((v) => ({ ...v, currentPassword: '', newPassword: '', confirmPassword: '' }));
      const session = getSession();
      if (session) {
        const name = [saved.firstName, saved.lastName].filter(Boolean).join(' ') || saved.displayName;
        startSession({
          ...session,
          user: {
            ...session.user,
            name,
            phoneNumber: saved.phoneNumber,
            image: saved.profileImage?.url ?? null,
          },
        });
      }
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        setErrors({ currentPassword: passwordMessages.wrongCurrent });
        return;
      }
      const fields = fieldErrorsOf(err);
      if (fields && !fields.email) {
        setErrors(fields);
        return;
      }
      notify({ kind: 'error', message: text.saveFailed });
    },
  });

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`profile-${Object.keys(found)[0] ?? ''}`)?.focus();
      return;
    }
    const image = values.profileImage;
    const body: UpdateAccountBody & { notifications?: AccountNotificationsInput } = {
      displayName: values.displayName.trim(),
      ...(isPerson
        ? {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            phoneNumber: values.phoneNumber.trim(),
          }
        : {}),
      ...(image?.data ? { profileImage: { name: image.name, type: image.type, data: image.data } } : {}),
      ...(!image && account.profileImage ? { profileImage: null } : {}),
      ...(values.newPassword
        ? { currentPassword: values.currentPassword, newPassword: values.newPassword }
        : {}),
      ...(notifications.length > 0
        ? {
            notifications: notifications.map((r) => ({
              notificationId: r.notificationId,
              channels: r.channels.map((ch) => ({ channelId: ch.channelId, isEnable: ch.isEnable })),
            })),
          }
        : {}),
    };
    save.mutate(body);
  };

  const input = (key: keyof ProfileValues) => ({
    id: `profile-${key}`,
    value: values[key] as string,
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      set({ [key]: e.currentTarget.value });
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={880}>
        <Title order={1} size="h2">
          {text.title}
        </Title>
        <Section title={form.personalData}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {isPerson && (
              <TextInput label={form.firstName} required maxLength={150} {...input('firstName')} />
            )}
            {isPerson && <TextInput label={form.lastName} required maxLength={250} {...input('lastName')} />}
            <TextInput
              label={form.displayName}
              required
              maxLength={OWN_PROFILE_MAX.displayName}
              {...input('displayName')}
            />
            {isPerson && (
              <PhoneInput
                field={input('phoneNumber')}
                onChange={(phoneNumber) => {
                  set({ phoneNumber });
                }}
              />
            )}
            <TextInput
              label={form.email}
              value={account.email ?? ''}
              readOnly
              description={text.emailReadOnly}
            />
            <TextInput label={text.room} value={account.room.roomName} readOnly />
          </SimpleGrid>
        </Section>

        {isPerson && (
          <AccountImageSection
            id="profile-profileImage"
            value={values.profileImage}
            storedImage={storedImage}
            error={errors.profileImage}
            onChange={(profileImage) => {
              set({ profileImage });
            }}
          />
        )}

        <Section title={form.accessData}>
          <Stack gap="sm" maw={440}>
            <PasswordInput
              label={text.currentPassword}
              autoComplete="current-password"
              minLength={3}
              {...input('currentPassword')}
            />
            <PasswordInput
              label={text.newPassword}
              // The spec's tooltip text, shown under the field where every user (and reader) gets it.
              description={passwordMessages.hint}
              autoComplete="new-password"
              minLength={3}
              aria-describedby={values.newPassword ? 'profile-strength' : undefined}
              {...input('newPassword')}
            />
            {values.newPassword && <PasswordMeter id="profile-strength" score={strength?.score ?? null} />}
            <PasswordInput
              label={text.confirmPassword}
              autoComplete="new-password"
              minLength={3}
              {...input('confirmPassword')}
            />
          </Stack>
        </Section>

        {isPerson && <TwoStepSection />}

        <Section title={notificationsText.matrix.title}>
          <NotificationChannelMatrix
            rows={notifications}
            onToggle={(notificationId, channelId) => {
              // Switching "Notificação do navegador" on asks this browser at once (the click allows the prompt).
              if (turnsPushOn(notifications, notificationId, channelId)) push.enable();
              setNotifications((rows) => toggleCell(rows, notificationId, channelId));
            }}
          />
          <BrowserPushNotice
            wanted={wantsBrowserPush(notifications)}
            state={push.state}
            permission={push.permission}
            onEnable={push.enable}
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate(-1)}>
            {form.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {form.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * This browser's side of channel 3: asks when told to; with the permission already given and the
 * account wanting browser notifications, renews the subscription quietly when the profile opens.
 */
function useBrowserPush(wantedAtOpen: boolean) {
  const [state, setState] = useState<BrowserPushState | 'pending' | null>(null);
  const env = browserEnvironment();
  const permission = env.notification?.permission ?? null;
  const enable = () => {
    setState('pending');
    void enableBrowserPush(env).then(setState);
  };
  useEffect(() => {
    if (!wantedAtOpen || browserEnvironment().notification?.permission !== 'granted') return;
    let live = true;
    void enableBrowserPush().then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, [wantedAtOpen]);
  return { state, permission, enable };
}
