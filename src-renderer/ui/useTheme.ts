import { type Theme, type UiPrefs } from '@shared/contract/checkout-ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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
  return {
    // While a choice is being saved it is the theme: a read of the prefs answered before the save (the
    // console reads everything again when its event stream reconnects) must not switch it back.
    theme: save.isPending ? save.variables : stored,
    set: (t) => {
      // Applied within the click's own event (the switch and the colours follow it at once; mutate's
      // onMutate runs a tick later, and a radio still unchecked after its change event looks refused).
      // A read in flight is dropped, not let overwrite it; the stored prefs replace it when saved, or
      // are read again if saving fails.
      void client.cancelQueries({ queryKey: queryKeys.uiPrefs }, { revert: false });
      client.setQueryData(queryKeys.uiPrefs, (old: UiPrefs | undefined) => ({ ...old, theme: t }));
      save.mutate(t);
    },
  };
}
