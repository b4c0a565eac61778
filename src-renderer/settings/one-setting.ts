import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Settings } from '@shared/schemas/settings.schema';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { toFormErrors } from '../form/problems';

type NumberKey = { [K in keyof Settings]: Settings[K] extends number ? K : never }[keyof Settings];

/**
 * One number setting edited in a card of its own, so saving it leaves the other settings alone: the
 * field's text (`shown` writes the stored value; `parse` reads the text back, leaving text that is not a
 * number as typed so the simulator's own rule names the problem), the save, and whether it changed.
 */
export function useOneSetting(
  key: NumberKey,
  current: number,
  shown: (value: number) => string,
  parse: (text: string) => number | string,
) {
  const api = useControlApi();
  const client = useQueryClient();
  const [text, setText] = useState(shown(current));
  const save = useMutation({
    mutationFn: () => api.invoke('settings.update', { [key]: parse(text) }),
    // The form stays mounted (its "Saved." is the save's state) and shows the value as the simulator took it.
    onSuccess: (next) => {
      client.setQueryData(queryKeys.settings, next);
      setText(shown(next[key]));
    },
  });
  const edit = (value: string) => {
    setText(value);
    save.reset();
  };
  return { text, edit, save, errors: toFormErrors(save.error), dirty: parse(text) !== current };
}
