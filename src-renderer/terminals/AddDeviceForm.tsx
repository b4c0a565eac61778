import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEVICE_PLATFORMS } from '@shared/schemas/ipp.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { Field } from '../form/Field';
import { Form } from '../form/Form';
import { toFormErrors } from '../form/problems';
import { editing } from '../form/save-state';
import { SaveBar } from '../form/SaveBar';
import { TextField } from '../form/TextField';
import { Options } from '../form/Options';

type Platform = (typeof DEVICE_PLATFORMS)[number];

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
  const edit = editing(add);

  return (
    <Form className="card add-device" testId="add-device-form" errors={errors} onSubmit={() => add.mutate()}>
      <h2>Add a device</h2>
      <div className="form-grid">
        <TextField
          label="Name"
          path="name"
          testId="device-name"
          value={name}
          onChange={edit(setName)}
          placeholder="Counter 2"
        />
        <Field label="Platform" path="platform" testId="device-platform">
          <select
            className="input"
            value={platform}
            onChange={(e) => edit(setPlatform)(e.target.value as Platform)}
            data-testid="device-platform"
          >
            <Options values={DEVICE_PLATFORMS} />
          </select>
        </Field>
        <TextField
          label="Location id (optional)"
          path="location_id"
          testId="device-location"
          value={location}
          onChange={edit(setLocation)}
          placeholder="store-stockholm"
        />
      </div>
      <SaveBar
        action={add}
        label="Add device"
        busyLabel="Adding…"
        testId="device-add"
        errorTestId="device-add-error"
      >
        <button type="button" className="btn" onClick={onDone} data-testid="device-add-cancel">
          Cancel
        </button>
      </SaveBar>
    </Form>
  );
}
