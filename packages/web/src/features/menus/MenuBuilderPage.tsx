import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyMenu, MenuReaderRoom, Scenario } from '@talkbase/domain/contracts/menus';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { menusText } from '../../i18n/menus.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { EditorStates } from '../../ui/EditorStates.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { useUnsavedChanges } from '../unsaved/useUnsavedChanges.ts';
import {
  addNode,
  findNode,
  flatten,
  fromServer,
  moveNode,
  needsParentConfirmation,
  newLeaves,
  newMenuNode,
  placeServerErrors,
  removeNode,
  toInput,
  toInputWithRooms,
  treeProblems,
  updateNode,
  type MenuDraftNode,
  type MenuProblems,
} from './menu-draft.ts';
import { GrantRoomsModal, offeredRooms } from './GrantRoomsModal.tsx';
import { MenuNodePanel } from './MenuNodePanel.tsx';
import { MenuTree } from './MenuTree.tsx';
import {
  fetchMenuReaders,
  fetchScenarios,
  fetchSubjects,
  fetchWholeMenu,
  menuKeys,
  saveMenu,
} from './menus-api.ts';
import './menus.css';

/** The menu builder, /config/menu (001 §2.13). */
export function MenuBuilderPage() {
  const menu = useQuery({
    queryKey: menuKeys.whole,
    queryFn: ({ signal }) => fetchWholeMenu(signal),
    staleTime: Infinity,
  });
  const scenarios = useQuery({
    queryKey: menuKeys.scenarios,
    queryFn: ({ signal }) => fetchScenarios(signal),
  });
  const subjects = useQuery({
    queryKey: menuKeys.subjects,
    queryFn: ({ signal }) => fetchSubjects(signal),
    staleTime: 60_000,
  });
  const failed = menu.isError || scenarios.isError || subjects.isError;
  const ready = menu.data && scenarios.data && subjects.data;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {menusText.title}
      </Title>
      <EditorStates
        state={{
          failed,
          loading: !ready,
          retry: () => {
            void menu.refetch();
            void scenarios.refetch();
            void subjects.refetch();
          },
        }}
        texts={menusText}
        skeletonHeight={320}
      >
        {ready && (
          <MenuBuilder
            key={menu.dataUpdatedAt}
            menu={menu.data}
            scenarios={scenarios.data}
            subjects={subjects.data}
          />
        )}
      </EditorStates>
    </Stack>
  );
}

type Pending = { kind: 'parent'; run: () => void } | { kind: 'remove' } | { kind: 'discard' } | null;

function MenuBuilder(props: { menu: CompanyMenu; scenarios: Scenario[]; subjects: Subject[] }) {
  const queryClient = useQueryClient();
  const base = useMemo(() => fromServer(props.menu.Menus), [props.menu]);
  const [draft, setDraft] = useState<MenuDraftNode[]>(base);
  const [selected, setSelected] = useState<string | null>(base[0]?.key ?? null);
  const [serverProblems, setServerProblems] = useState<MenuProblems>(new Map());
  const [pending, setPending] = useState<Pending>(null);
  const [saving, setSaving] = useState(false);
  // The rooms offered the new items, asked before saving (issue 39 item 1).
  const [grants, setGrants] = useState<{
    leaves: MenuDraftNode[];
    readers: MenuReaderRoom[];
    chosen: Map<string, number[]>;
  } | null>(null);

  const dirty = JSON.stringify(toInput(draft)) !== JSON.stringify(toInput(base));
  // While a save is under way nothing is lost by leaving.
  useUnsavedChanges(dirty, { letGo: () => saving });

  const local = treeProblems(draft);
  const problems: MenuProblems = new Map(local);
  for (const [key, fields] of serverProblems)
    problems.set(key, new Map([...(local.get(key) ?? []), ...fields]));
  const node = selected ? findNode(draft, selected) : undefined;

  const change = (next: MenuDraftNode[]) => {
    setDraft(next);
  };
  const editNode = (key: string, patch: Parameters<typeof updateNode>[2]) => {
    change(updateNode(draft, key, patch));
    const fields = Object.keys(patch).map((f) =>
      f === 'templateId' ? 'TemplateId' : `${f.charAt(0).toUpperCase()}${f.slice(1)}`,
    );
    if (serverProblems.has(key))
      setServerProblems((prev) => {
        const next = new Map(prev);
        const left = new Map([...(prev.get(key) ?? [])].filter(([f]) => !fields.includes(f)));
        if (left.size > 0) next.set(key, left);
        else next.delete(key);
        return next;
      });
  };
  const askParent = (parentKey: string | null, run: () => void) => {
    if (needsParentConfirmation(draft, parentKey)) setPending({ kind: 'parent', run });
    else run();
  };
  const addTop = () => {
    const child = newMenuNode();
    change(addNode(draft, null, child));
    setSelected(child.key);
  };
  const addChild = (parentKey: string) =>
    askParent(parentKey, () => {
      const child = newMenuNode();
      setDraft((d) => addNode(d, parentKey, child));
      setSelected(child.key);
    });

  /** Saving new items first asks which rooms reading their subjects get them (all, at first). */
  const askSave = async () => {
    if (local.size > 0) return;
    const leaves = newLeaves(draft);
    if (leaves.length === 0) return save(new Map());
    setSaving(true);
    let readers: MenuReaderRoom[];
    try {
      readers = await queryClient.query({
        queryKey: menuKeys.readers,
        queryFn: ({ signal }) => fetchMenuReaders(signal),
        staleTime: 0,
      });
    } catch {
      notify({ kind: 'error', title: menusText.grants.loadError, durationMs: 10_000 });
      setSaving(false);
      return;
    }
    setSaving(false);
    const offered = offeredRooms(leaves, readers);
    if ([...offered.values()].every((rooms) => rooms.length === 0)) return save(new Map());
    setGrants({ leaves, readers, chosen: offered });
  };

  const save = async (rooms: ReadonlyMap<string, number[]>) => {
    if (local.size > 0) return;
    setSaving(true);
    try {
      const saved = await saveMenu(props.menu.companyId, toInputWithRooms(draft, rooms));
      notify({ kind: 'success', title: menusText.saved });
      setServerProblems(new Map());
      // The side menu shows the new menu; the builder starts again from what the server kept.
      queryClient.setQueryData(menuKeys.whole, saved);
      await queryClient.invalidateQueries({ queryKey: ['company-menu'] });
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.errors.length > 0) {
        const placed = placeServerErrors(draft, err.errors);
        setServerProblems(placed.problems);
        const first = placed.problems.keys().next();
        if (!first.done) setSelected(first.value);
        notify({ kind: 'error', title: err.errors[0]?.message ?? menusText.saveError, durationMs: 10_000 });
      } else {
        notify({ kind: 'error', title: menusText.saveError, durationMs: 10_000 });
      }
    } finally {
      setSaving(false);
      setGrants(null);
    }
  };

  const selectedNode = node;
  const removeCount = selectedNode ? flatten(selectedNode.children).length : 0;

  return (
    <>
      <Group gap="xs">
        <Button leftSection={<Icon name="add" size="1.25rem" />} onClick={addTop}>
          {menusText.newItem}
        </Button>
        <Button
          variant="default"
          color="red"
          leftSection={<Icon name="delete" size="1.25rem" />}
          disabled={!selectedNode}
          onClick={() => setPending({ kind: 'remove' })}
        >
          {menusText.removeMenu}
        </Button>
      </Group>
      <div className="menu-builder">
        <Paper withBorder p="sm" component="section" aria-label={menusText.tree}>
          {draft.length === 0 ? (
            <Text size="sm" p="sm">
              {menusText.empty}
            </Text>
          ) : (
            <MenuTree
              nodes={draft}
              selected={selected}
              problems={new Map([...problems].map(([k, v]) => [k, new Map([...v])]))}
              onSelect={setSelected}
              onAddChild={addChild}
              onMove={(activeKey, overKey, projection) =>
                askParent(projection.parentKey, () =>
                  setDraft((d) => moveNode(d, activeKey, overKey, projection)),
                )
              }
            />
          )}
        </Paper>
        {selectedNode ? (
          <MenuNodePanel
            key={selectedNode.key}
            node={selectedNode}
            problems={problems.get(selectedNode.key)}
            scenarios={props.scenarios}
            subjects={props.subjects}
            onChange={(patch) => editNode(selectedNode.key, patch)}
          />
        ) : (
          <Paper withBorder p="md">
            <Text size="sm">{menusText.noSelection}</Text>
          </Paper>
        )}
      </div>
      {local.size > 0 && (
        <Text size="sm" className="menu-field-error">
          {menusText.invalidHint}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" disabled={!dirty || saving} onClick={() => setPending({ kind: 'discard' })}>
          {menusText.cancel}
        </Button>
        <Button onClick={() => void askSave()} loading={saving} disabled={local.size > 0 || !dirty}>
          {menusText.save}
        </Button>
      </Group>

      <GrantRoomsModal
        opened={grants !== null}
        leaves={grants?.leaves ?? []}
        readers={grants?.readers ?? []}
        subjects={props.subjects}
        chosen={grants?.chosen ?? new Map()}
        busy={saving}
        onChange={(key, roomIds) =>
          setGrants((g) => (g ? { ...g, chosen: new Map(g.chosen).set(key, roomIds) } : g))
        }
        onConfirm={() => void save(grants?.chosen ?? new Map())}
        onClose={() => setGrants(null)}
      />
      <ConfirmModal
        opened={pending?.kind === 'parent'}
        title={menusText.toParentTitle}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind === 'parent') pending.run();
          setPending(null);
        }}
      >
        {menusText.toParent}
      </ConfirmModal>
      <ConfirmModal
        opened={pending?.kind === 'remove'}
        title={menusText.removeTitle}
        danger
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (selectedNode) change(removeNode(draft, selectedNode.key));
          setSelected(null);
          setPending(null);
        }}
      >
        {menusText.confirmRemove(selectedNode?.name.trim() || menusText.untitled, removeCount)}
      </ConfirmModal>
      <ConfirmModal
        opened={pending?.kind === 'discard'}
        title={menusText.discardTitle}
        confirmLabel={menusText.discard}
        danger
        onClose={() => setPending(null)}
        onConfirm={() => {
          setDraft(base);
          setServerProblems(new Map());
          setSelected(base[0]?.key ?? null);
          setPending(null);
        }}
      >
        {menusText.confirmDiscard}
      </ConfirmModal>
    </>
  );
}
