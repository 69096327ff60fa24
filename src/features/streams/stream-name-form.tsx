/* Renaming a stream: Enter saves, Escape puts the saved name back; the server's reason shows beside the field. */
import { useState } from 'react';
import { ApiRequestError } from '../../data/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { renameStream } from './streams-api.ts';

export function StreamNameForm({ streamID, name, onSaved }: { streamID: number; name: string; onSaved: () => void }) {
  const [draft, setDraft] = useState(name);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const changed = draft.trim() !== name;

  const save = async () => {
    if (draft.trim() === '') {
      setError('is required');
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await renameStream(streamID, draft.trim());
      onSaved();
    } catch (caught) {
      setError(
        caught instanceof ApiRequestError && caught.apiError
          ? caught.apiError.message
          : caught instanceof Error
            ? caught.message
            : String(caught),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      aria-label="Rename stream"
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed && !saving) void save();
      }}
    >
      <TextField
        label="Stream name"
        value={draft}
        maxLength={200}
        disabled={saving}
        error={error}
        className="w-96"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setDraft(name);
            setError(undefined);
          }
        }}
      />
      <div className="pt-6">
        <Button type="submit" disabled={!changed || saving}>
          {saving ? 'Saving…' : 'Rename'}
        </Button>
      </div>
    </form>
  );
}
