/** Address of the subject list; an editor is `${LIST_PATH}/{identifier}` or `${LIST_PATH}/new`. */
export const LIST_PATH = '/config/subjects';
