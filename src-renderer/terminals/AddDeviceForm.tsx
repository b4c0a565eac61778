import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEVICE_PLATFORMS } from '@shared/schemas/ipp.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { ErrorSummary } from '../form/ErrorSummary';
import { Field } from '../form/Field';
import { problemAt, toFormErrors } from '../form/problems';

type Platform = (typeof DEVICE_PLATFORMS)[number];
const FIELDS = ['name', 'platform', 'location_id'];

/** Registers another device (the API has no register operation; this is the console's). */
export function AddDeviceForm({ onDone }: { onDone: () => void }) {
  const api = useControlApi();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [platform, setPlatform] = useState<Platform>('android');
  const [location, setLocation] = useState('');
  const add = useMutation({
    mutationFn: () =>
      api.invoke('ipp.devices.add', {
        name,
        platform,
        ...(location.trim() !== '' ? { location_id: location.trim() } : {}),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.ippDevices });
      onDone();
    },
  });
  const errors = toFormErrors(add.error);
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      add.reset();
    };

  return (
    <form
      className="card add-device"
      noValidate
      data-testid="add-device-form"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate();
      }}
    >
      <h2>Add a device</h2>
      <div className="form-grid">
        <Field label="Name" error={problemAt(errors, 'name')} testId="device-name">
          <input
            className="input"
            value={name}
            onChange={(e) => edit(setName)(e.target.value)}
            placeholder="Counter 2"
            data-testid="device-name"
          />
        </Field>
        <Field label="Platform" error={problemAt(errors, 'platform')} testId="device-platform">
          <select
            className="input"
            value={platform}
            onChange={(e) => edit(setPlatform)(e.target.value as Platform)}
            data-testid="device-platform"
          >
            {DEVICE_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Location id (optional)"
          error={problemAt(errors, 'location_id')}
          testId="device-location"
        >
          <input
            className="input"
            value={location}
            onChange={(e) => edit(setLocation)(e.target.value)}
            placeholder="store-stockholm"
            data-testid="device-location"
          />
        </Field>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={add.isPending} data-testid="device-add">
          {add.isPending ? 'Adding…' : 'Add device'}
        </button>
        <button type="button" className="btn" onClick={onDone} data-testid="device-add-cancel">
          Cancel
        </button>
      </div>
      <ErrorSummary errors={errors} claims={(p) => FIELDS.includes(p)} testId="device-add-error" />
    </form>
  );
}
