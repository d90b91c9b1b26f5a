import { ActionIcon, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../ui/Icon.tsx';

/** The list's button to the form of a new item. */
export function NewItemButton(props: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={props.to} leftSection={<Icon name="add" />}>
      {props.children}
    </Button>
  );
}

/** A row's icon link (edit by default); `label` names it and, unless `withTitle` is false, is its tooltip. */
export function RowLink(props: { to: string; label: string; icon?: string; withTitle?: boolean }) {
  return (
    <ActionIcon
      component={Link}
      to={props.to}
      variant="subtle"
      aria-label={props.label}
      title={props.withTitle === false ? undefined : props.label}
    >
      <Icon name={props.icon ?? 'edit'} />
    </ActionIcon>
  );
}

/** A row's delete button, which asks before removing. */
export function RowRemoveButton(props: { label: string; onClick: () => void; withTitle?: boolean }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={props.label}
      title={props.withTitle === false ? undefined : props.label}
      onClick={props.onClick}
    >
      <Icon name="delete" />
    </ActionIcon>
  );
}
