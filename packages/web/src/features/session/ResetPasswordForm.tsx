import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { passwordMessages, passwordProblem } from '@talkbase/domain/passwords/password-rules';
import { useState, type SubmitEvent } from 'react';
import { accountLifeText } from '../../i18n/account-life.ts';
import { PasswordMeter } from '../../ui/PasswordMeter.tsx';
import { usePasswordStrength } from '../../ui/usePasswordStrength.ts';
import { resetPassword } from './password-reset-api.ts';
import { messagesOf } from './sign-in-messages.ts';
import { ServerMessages } from './ServerMessages.tsx';

const text = accountLifeText.reset;
const NO_WORDS: readonly string[] = [];

interface FieldErrors {
  newPassword?: string | undefined;
  confirm?: string | undefined;
}

/** "Redefinir senha", opened from the e-mailed link: a new password with the strength rule. */
export function ResetPasswordForm({
  token,
  onDone,
  onRequestNew,
}: {
  token: string;
  onDone: () => void;
  onRequestNew: () => void;
}) {
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const strength = usePasswordStrength(newPassword, NO_WORDS);
  const call = useMutation({
    mutationFn: () => resetPassword(token, newPassword),
    onSuccess: onDone,
  });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const next: FieldErrors = {
      newPassword: strength
        ? passwordProblem(newPassword, strength.score)
        : newPassword.length < 10
          ? passwordMessages.tooShort
          : undefined,
      confirm: confirm !== newPassword ? passwordMessages.mismatch : undefined,
    };
    setErrors(next);
    if (!next.newPassword && !next.confirm) call.mutate();
  };

  const serverMessages = messagesOf(call.error);
  return (
    <form onSubmit={submit} noValidate aria-labelledby="reset-title">
      <Stack gap="md">
        <div>
          <Title order={1} id="reset-title" size="h3">
            {text.title}
          </Title>
          <Text c="dimmed" size="sm">
            {text.intro}
          </Text>
        </div>
        {!token ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{text.missingToken}</Text>
          </Alert>
        ) : (
          <>
            <PasswordInput
              label={text.newPassword}
              autoComplete="new-password"
              required
              value={newPassword}
              error={errors.newPassword}
              description={passwordMessages.hint}
              onChange={(e) => setNewPassword(e.currentTarget.value)}
              maxLength={1024}
              autoFocus
            />
            {newPassword && <PasswordMeter id="reset-strength" score={strength?.score ?? null} />}
            <PasswordInput
              label={text.confirm}
              autoComplete="new-password"
              required
              value={confirm}
              error={errors.confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              maxLength={1024}
            />
            <Button type="submit" loading={call.isPending} fullWidth>
              {text.save}
            </Button>
          </>
        )}
        <ServerMessages messages={serverMessages} />
        <Anchor component="button" type="button" size="sm" onClick={onRequestNew}>
          {text.requestNew}
        </Anchor>
      </Stack>
    </form>
  );
}
