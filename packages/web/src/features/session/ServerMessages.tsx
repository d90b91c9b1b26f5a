import { Alert, Text } from '@mantine/core';

/** The server's messages for a sign-in, reset or forgotten-password call, under its form. */
export function ServerMessages({ messages, testId }: { messages: readonly string[]; testId?: string }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {messages.map((message) => (
        <Text key={message} size="sm">
          {message}
        </Text>
      ))}
    </Alert>
  );
}
