import { type Theme, type UiPrefs } from '@shared/contract/checkout-ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useUiPrefs } from '../api/queries';

/**
 * Applies the theme chosen in Settings to the page: `data-theme` on <html> overrides the system's colours
 * (styles/base.css); "system" removes it. Kept in the simulator's data folder, so it survives restarts.
 */
export function useAppliedTheme(): void {
  const theme = useUiPrefs().data?.theme ?? 'system';
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}

/** The theme and a setter that stores it. */
export function useThemeSetting(): { theme: Theme; set: (t: Theme) => void } {
  const api = useControlApi();
  const client = useQueryClient();
  const stored = useUiPrefs().data?.theme ?? 'system';
  const save = useMutation({
    mutationFn: (t: Theme) => api.invoke('ui.prefs.set', { theme: t }),
    onSuccess: (prefs) => client.setQueryData(queryKeys.uiPrefs, prefs),
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.uiPrefs }),
  });
  // The choice being saved, held in React's own state: set within the click's event, so the radio is
  // checked when the event ends (the query cache tells its observers a tick later, and a controlled radio
  // still unchecked after its change event looks refused); a read of the prefs answered before the save
  // (the console reads them again after an order is created, everything after a reconnection) cannot
  // switch it back either.
  const [chosen, setChosen] = useState<Theme | null>(null);
  return {
    theme: chosen ?? stored,
    set: (t) => {
      setChosen(t);
      // A read in flight is dropped, the colours follow at once; the stored prefs replace the choice
      // when saved, or are read again if saving fails.
      void client.cancelQueries({ queryKey: queryKeys.uiPrefs }, { revert: false });
      client.setQueryData(queryKeys.uiPrefs, (old: UiPrefs | undefined) => ({ ...old, theme: t }));
      save.mutate(t, { onSettled: () => setChosen((c) => (c === t ? null : c)) });
    },
  };
}
