import { useEffect, useRef, useState } from 'preact/hooks';
import type { AddressDraft } from '@shared/samples/test-people';
import { FIELD_KEYS, followServer, type AddressKey } from './address-form';

/** One address form's values, the fields the customer touched, and the order's values it follows. */
export function useAddressDraft(server: AddressDraft) {
  const [draft, setDraft] = useState(server);
  const touched = useRef(new Set<AddressKey>());
  const key = JSON.stringify(server);
  useEffect(() => {
    setDraft((d) => followServer(d, touched.current, server));
    // `key` stands for `server`'s contents: a new object with the same values changes nothing.
  }, [key]);
  return {
    draft,
    setField: (k: AddressKey, v: string) => {
      touched.current.add(k);
      setDraft((d) => ({ ...d, [k]: v }));
    },
    fill: (p: AddressDraft) => {
      for (const k of FIELD_KEYS) touched.current.add(k);
      setDraft((d) => ({ ...p, country: d.country }));
    },
    /** Sent and accepted: the form follows the order again. */
    settle: () => touched.current.clear(),
  };
}

export const sameAddress = (a: AddressDraft, b: AddressDraft) =>
  FIELD_KEYS.every((k) => a[k].trim() === b[k].trim());
