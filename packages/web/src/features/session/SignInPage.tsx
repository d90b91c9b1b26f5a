import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { LoginResponse } from '@talkbase/domain/contracts/account';
import { useState, type SubmitEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { useLogin } from '../../api/useLogin.ts';
import { useVerifyPasscode } from '../../api/useVerifyPasscode.ts';
import { t } from '../../i18n/pt-BR.ts';
import { Logo } from '../../ui/Logo.tsx';
import { startSession } from './session-store.ts';

function messagesOf(error: unknown): string[] {
  if (!error) return [];
  if (error instanceof ApiError) return error.errors.map((e) => e.message);
  return [t.errors.generic];
}

interface FieldErrors {
  email?: string;
  password?: string;
  passcode?: string;
}

/** Shown instead of any route while nobody is signed in (000 §2). */
export function SignInPage() {
  const [step, setStep] = useState<'credentials' | 'passcode'>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [keepConnected, setKeepConnected] = useState(false);
  const [passcode, setPasscode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const loginCall = useLogin();
  const passcodeCall = useVerifyPasscode();

  const finish = (answer: LoginResponse) => {
    if ('passcodeRequired' in answer) {
      setStep('passcode');
      setPasscode('');
      return;
    }
    startSession({ token: answer.token, user: answer.user });
  };

  const submitCredentials = (event: SubmitEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = t.signIn.emailRequired;
    if (!password) errors.password = t.signIn.passwordRequired;
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    loginCall.mutate({ email: email.trim(), password, keepConnected }, { onSuccess: finish });
  };

  const submitPasscode = (event: SubmitEvent) => {
    event.preventDefault();
    const code = passcode.trim();
    if (!/^\d{6}$/.test(code)) {
      setFieldErrors({ passcode: t.signIn.passcodeInvalid });
      return;
    }
    setFieldErrors({});
    passcodeCall.mutate({ email: email.trim(), passcode: code, keepConnected }, { onSuccess: finish });
  };

  const serverMessages = messagesOf(step === 'credentials' ? loginCall.error : passcodeCall.error);

  return (
    <main className="sign-in">
      <Paper component="section" className="sign-in-card" withBorder shadow="sm" p="xl" radius="lg">
        <Stack gap="lg">
          <Group justify="center">
            <Logo size={220} />
          </Group>
          {step === 'credentials' ? (
            <form onSubmit={submitCredentials} noValidate aria-labelledby="sign-in-title">
              <Stack gap="md">
                <div>
                  <Title order={1} id="sign-in-title" size="h3">
                    {t.signIn.title}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {t.signIn.subtitle}
                  </Text>
                </div>
                <TextInput
                  label={t.signIn.email}
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  error={fieldErrors.email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  maxLength={150}
                  autoFocus
                />
                <PasswordInput
                  label={t.signIn.password}
                  autoComplete="current-password"
                  required
                  value={password}
                  error={fieldErrors.password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  maxLength={1024}
                />
                <Checkbox
                  label={t.signIn.keepConnected}
                  checked={keepConnected}
                  onChange={(e) => setKeepConnected(e.currentTarget.checked)}
                />
                <Button type="submit" loading={loginCall.isPending} fullWidth>
                  {t.signIn.submit}
                </Button>
              </Stack>
            </form>
          ) : (
            <form onSubmit={submitPasscode} noValidate aria-labelledby="passcode-title">
              <Stack gap="md">
                <div>
                  <Title order={1} id="passcode-title" size="h3">
                    {t.signIn.passcodeTitle}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {t.signIn.passcodeHint}
                  </Text>
                </div>
                <TextInput
                  label={t.signIn.passcode}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  maxLength={6}
                  value={passcode}
                  error={fieldErrors.passcode}
                  onChange={(e) => setPasscode(e.currentTarget.value)}
                  autoFocus
                />
                <Button type="submit" loading={passcodeCall.isPending} fullWidth>
                  {t.signIn.passcodeSubmit}
                </Button>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    passcodeCall.reset();
                    setFieldErrors({});
                    setStep('credentials');
                  }}
                >
                  {t.signIn.back}
                </Anchor>
              </Stack>
            </form>
          )}
          {serverMessages.length > 0 && (
            <Alert color="red" variant="light" role="alert" data-testid="sign-in-errors">
              {serverMessages.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
        </Stack>
      </Paper>
    </main>
  );
}
