import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { accountLifeText } from '../../i18n/account-life.ts';
import { messagesOf } from './sign-in-messages.ts';
import { forgotPassword } from './password-reset-api.ts';
import { ServerMessages } from './ServerMessages.tsx';

const text = accountLifeText.forgot;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Esqueci minha senha": the server answers the same whether or not the address has an account, so
 * the screen says the same too.
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const call = useMutation({ mutationFn: forgotPassword });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const value = email.trim();
    const problem = !value ? text.emailRequired : EMAIL.test(value) ? undefined : text.emailInvalid;
    setError(problem);
    if (!problem) call.mutate(value);
  };

  const serverMessages = messagesOf(call.error);
  return (
    <form onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <Stack gap="md">
        <div>
          <Title order={1} id="forgot-title" size="h3">
            {text.title}
          </Title>
          <Text c="dimmed" size="sm">
            {text.intro}
          </Text>
        </div>
        {call.isSuccess ? (
          <Alert color="teal" variant="light" role="status">
            <Text size="sm">{text.sent}</Text>
          </Alert>
        ) : (
          <>
            <TextInput
              label={text.email}
              type="email"
              autoComplete="username"
              required
              value={email}
              error={error}
              onChange={(e) => setEmail(e.currentTarget.value)}
              maxLength={150}
              autoFocus
            />
            <Button type="submit" loading={call.isPending} fullWidth>
              {text.send}
            </Button>
          </>
        )}
        <ServerMessages messages={serverMessages} />
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {text.back}
        </Anchor>
      </Stack>
    </form>
  );
}
