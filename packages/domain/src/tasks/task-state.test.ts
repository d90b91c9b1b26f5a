import { describe, expect, it } from 'vitest';
import {
  allowedTaskActions,
  nextTaskState,
  TASK_ACTIONS,
  TASK_STATES,
  TASK_STATUS_NAMES,
  taskStateOfStatus,
} from './task-state.ts';

describe('task state machine', () => {
  it('starts a waiting task, pauses and resumes it, and finishes it', () => {
    expect(nextTaskState('waiting', 'start')).toBe('running');
    expect(nextTaskState('running', 'pause')).toBe('paused');
    expect(nextTaskState('paused', 'start')).toBe('running');
    expect(nextTaskState('running', 'finish')).toBe('finished');
    expect(nextTaskState('paused', 'finish')).toBe('finished');
  });

  it('refuses what the states do not allow', () => {
    expect(nextTaskState('waiting', 'pause')).toBeUndefined();
    expect(nextTaskState('waiting', 'finish')).toBeUndefined();
    expect(nextTaskState('running', 'start')).toBeUndefined();
    expect(nextTaskState('paused', 'pause')).toBeUndefined();
    for (const action of TASK_ACTIONS) expect(nextTaskState('finished', action)).toBeUndefined();
  });

  it('lists the allowed actions of every state', () => {
    expect(allowedTaskActions('waiting')).toEqual(['start']);
    expect(allowedTaskActions('running')).toEqual(['pause', 'finish']);
    expect(allowedTaskActions('paused')).toEqual(['start', 'finish']);
    expect(allowedTaskActions('finished')).toEqual([]);
  });

  it('reads the status names, whatever their case and accents', () => {
    expect(TASK_STATUS_NAMES.waiting).toBe('Aguardando Execução');
    expect(TASK_STATUS_NAMES.running).toBe('Em Execução');
    for (const state of TASK_STATES) expect(taskStateOfStatus(TASK_STATUS_NAMES[state])).toBe(state);
    expect(taskStateOfStatus('em execucao')).toBe('running');
    expect(taskStateOfStatus('AGUARDANDO EXECUÇÃO')).toBe('waiting');
    expect(taskStateOfStatus('Pausado')).toBe('paused');
    expect(taskStateOfStatus('Concluída')).toBe('finished');
    expect(taskStateOfStatus('Outra coisa')).toBeUndefined();
    expect(taskStateOfStatus(null)).toBeUndefined();
  });
});
