import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { LoginResponse } from '@talkbase/domain/contracts/account';
import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLogin } from '../../api/useLogin.ts';
import { useVerifyPasscode } from '../../api/useVerifyPasscode.ts';
import { signInResetText } from '../../i18n/sign-in-reset.ts';
import { t } from '../../i18n/pt-BR.ts';
import { Logo } from '../../ui/Logo.tsx';
import { isResetLinkPath, resetTokenOf } from './reset-token.ts';
import { clearSession, startSession } from './session-store.ts';
import { messagesOf } from './sign-in-messages.ts';
import { ServerMessages } from './ServerMessages.tsx';

// Loaded when asked for: the first load (sign-in screen) stays within its budget.
const ForgotPasswordForm = lazy(() =>
  import('./ForgotPasswordForm.tsx').then((m) => ({ default: m.ForgotPasswordForm })),
);
const ResetPasswordForm = lazy(() =>
  import('./ResetPasswordForm.tsx').then((m) => ({ default: m.ResetPasswordForm })),
);

type Step = 'credentials' | 'passcode' | 'forgot' | 'reset';

/** The e-mailed reset link opens the web app at RESET_PAGE_PATH with the token in the fragment. */
const opensResetLink = () => isResetLinkPath(window.location.pathname);

interface FieldErrors {
  email?: string;
  password?: string;
  passcode?: string;
}

/** Shown instead of any route while nobody is signed in (000 §2). */
export function SignInPage() {
  const [step, setStep] = useState<Step>(() => (opensResetLink() ? 'reset' : 'credentials'));
  const [resetToken] = useState(() => (opensResetLink() ? resetTokenOf(window.location.hash) : ''));
  const [notice, setNotice] = useState<string | null>(null);
  const navigate = useNavigate();
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

  const serverMessages =
    step === 'credentials' || step === 'passcode'
      ? messagesOf(step === 'credentials' ? loginCall.error : passcodeCall.error)
      : [];

  /** Leaves the reset link's address (its token with it) for the sign-in screen's own. */
  const leaveResetLink = (next: Step) => {
    if (opensResetLink()) void navigate('/', { replace: true });
    setStep(next);
  };

  return (
    <main className="sign-in">
      <Paper component="section" className="sign-in-card" withBorder shadow="sm" p="xl" radius="lg">
        <Stack gap="lg">
          <Group justify="center">
            <Logo size={220} />
          </Group>
          {notice && step === 'credentials' && (
            <Alert color="teal" variant="light" role="status">
              <Text size="sm">{notice}</Text>
            </Alert>
          )}
          {(step === 'forgot' || step === 'reset') && (
            <Suspense fallback={<Skeleton role="status" height={220} aria-label={t.app.loading} />}>
              {step === 'forgot' && (
                <ForgotPasswordForm
                  initialEmail={email}
                  onBack={() => {
                    setStep('credentials');
                  }}
                />
              )}
              {step === 'reset' && (
                <ResetPasswordForm
                  token={resetToken}
                  onDone={() => {
                    // The reset ended every session of the account, this browser's too.
                    clearSession();
                    setNotice(signInResetText.done);
                    setPassword('');
                    leaveResetLink('credentials');
                  }}
                  onRequestNew={() => {
                    leaveResetLink('forgot');
                  }}
                />
              )}
            </Suspense>
          )}
          {step === 'credentials' && (
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
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    loginCall.reset();
                    setFieldErrors({});
                    setNotice(null);
                    setStep('forgot');
                  }}
                >
                  {signInResetText.forgotLink}
                </Anchor>
              </Stack>
            </form>
          )}
          {step === 'passcode' && (
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
          <ServerMessages messages={serverMessages} testId="sign-in-errors" />
        </Stack>
      </Paper>
    </main>
  );
}
