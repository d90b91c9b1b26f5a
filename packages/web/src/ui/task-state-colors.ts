/** A task state's badge colour (TaskPanel, Minhas tarefas, the board's task cards). */
// Filled: white text on dark shades (≥ 4.5:1), dark text on yellow. Mantine's light variants
// and green-9 read below 4.5:1.
export const STATE_COLORS = {
  waiting: 'gray.7',
  running: 'teal.9',
  paused: 'yellow.5',
  finished: 'blue.9',
} as const;
