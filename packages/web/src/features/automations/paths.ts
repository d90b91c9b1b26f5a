/** Addresses of the automation screens (000 §2 route table; the history is issue 16's). */
export const LIST_PATH = '/automation/list';
export const EDITOR_PATH = '/automation/editor';
export const HISTORY_PATH = '/automation/history';
