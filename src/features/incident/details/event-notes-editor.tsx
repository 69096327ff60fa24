/* The notes on one event, with their kinds (spec section 3), and a form to add one. */
import { useState } from 'react';
import { NOTE_KINDS } from '../../../../domain/annotations.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { createNote, deleteNote } from '../../../data/annotation-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { useAnnotationWrite } from '../use-annotation-write.ts';
import { AnnotationForm } from './annotation-form.tsx';
import { AnnotationList } from './annotation-list.tsx';
import { RemoveButton } from '../../../ui/remove-button.tsx';

type NoteKind = (typeof NOTE_KINDS)[number];
const FIELDS = ['kind', 'text'];
const KIND_OPTIONS = NOTE_KINDS.map((kind) => ({ value: kind, label: kind }));

export function EventNotesEditor({ eventID }: { eventID: number | undefined }) {
  const { data, incidentID } = useIncidentPage();
  const write = useAnnotationWrite();
  const { busy, run, field } = write;
  const [kind, setKind] = useState<NoteKind>('other');
  const [text, setText] = useState('');
  const notes = data.notes.filter((note) => (eventID === undefined ? note.eventID === null : note.eventID === eventID));

  async function add() {
    const note = eventID === undefined ? { kind, text } : { kind, text, eventID };
    if (await run('add note', () => createNote(incidentID, note), { eventID, value: { kind } })) setText('');
  }

  return (
    <div className="flex flex-col gap-2">
      <AnnotationList label="Notes" items={notes} empty="No notes." className="flex flex-col gap-1.5">
        {(note) => (
          <li key={note.id} className="rounded border border-line p-2 text-sm">
            <div className="flex items-center justify-between gap-2 text-xs text-muted">
              <span>
                {note.kind}
                {note.analystName ? ` · ${note.analystName}` : ''}
              </span>
              <RemoveButton
                label={`Delete note ${note.id}`}
                busy={busy}
                onClick={() => void run('delete note', () => deleteNote(note.id), { eventID })}
              >
                Delete
              </RemoveButton>
            </div>
            <p className="break-words whitespace-pre-wrap">{note.text}</p>
          </li>
        )}
      </AnnotationList>
      <AnnotationForm label="Add note" write={write} fields={FIELDS} onSubmit={add}>
        <SelectField
          label="Note kind"
          value={kind}
          options={KIND_OPTIONS}
          onChange={(event) => setKind(event.target.value as NoteKind)}
          {...field('kind')}
        />
        <TextareaField label="Note" value={text} onChange={(event) => setText(event.target.value)} {...field('text')} />
      </AnnotationForm>
    </div>
  );
}
