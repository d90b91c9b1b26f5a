/** The question asked before unsaved changes are lost (features/unsaved, issue 39 item 5). */
export const unsavedText = {
  title: 'Descartar alterações?',
  /** What is lost, in one line: the screen's tab title when it has one. */
  lost: (screen: string | undefined) =>
    screen
      ? `As alterações feitas em “${screen}” ainda não foram salvas e serão perdidas.`
      : 'As alterações feitas nesta tela ainda não foram salvas e serão perdidas.',
  discard: 'Descartar',
  stay: 'Continuar editando',
};
