import { type FormErrors } from './problems';

/**
 * Where a form's save stands: nothing changed (idle), changed and not saved (dirty), on its way (saving),
 * taken (saved), or refused (failed, the summary says why).
 */
export type SaveState = 'idle' | 'dirty' | 'saving' | 'saved' | 'failed';

/** The part of a mutation (TanStack Query's) that the save bar reads. */
export interface SaveAction {
  isPending: boolean;
  isSuccess: boolean;
}

/** The save's state from its mutation, the errors the form shows, and whether the fields differ from what is stored. */
export function saveState(action: SaveAction, errors: FormErrors | null, dirty = false): SaveState {
  if (action.isPending) return 'saving';
  if (errors) return 'failed';
  if (action.isSuccess) return 'saved';
  return dirty ? 'dirty' : 'idle';
}

/**
 * A field's setter that also forgets the last save's outcome (TanStack Query's `reset`), so a "saved" note
 * or a refusal does not stand beside input the user has changed since: `const edit = editing(save)`, then
 * `onChange={edit(setName)}`.
 */
export const editing =
  (action: { reset: () => void }) =>
  <T>(set: (value: T) => void) =>
  (value: T) => {
    set(value);
    action.reset();
  };
