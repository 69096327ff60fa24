/*
 * The analyst create form of spec sections 2 and 4: idle → saving (inputs disabled) → completed
 * (the new analyst is passed on) or failed (alert, form re-enabled). Enter submits, Escape cancels.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { AnalystCreateSchema, type Analyst, type AnalystCreate } from '../../../domain/analyst.ts';
import { ApiRequestError } from '../../data/api-client.ts';
import { FormFooter } from '../../ui/form-footer.tsx';
import { TextField } from '../../ui/text-field.tsx';

type FormState = 'idle' | 'saving' | 'completed' | 'failed';
type FieldErrors = Partial<Record<keyof AnalystCreate, string>>;

const labels: Record<keyof AnalystCreate, string> = { name: 'Analyst name', email: 'Email' };

function isField(field: unknown): field is keyof AnalystCreate {
  return field === 'name' || field === 'email';
}

/** Puts the caret in the field a message is about (after the re-render that re-enables it). */
function focusField(form: HTMLFormElement, field: unknown): void {
  if (!isField(field)) return;
  window.setTimeout(() => {
    const input = form.elements.namedItem(field);
    if (input instanceof HTMLInputElement) input.focus();
  });
}

interface AnalystCreateFormProps {
  create: (analyst: AnalystCreate) => Promise<Analyst>;
  onCreated: (analyst: Analyst) => void;
  onCancel?: () => void;
  initialName?: string;
  initialEmail?: string;
}

export function AnalystCreateForm({
  create,
  onCreated,
  onCancel,
  initialName = '',
  initialEmail = '',
}: AnalystCreateFormProps) {
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<FormState>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const busy = state === 'saving' || state === 'completed';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = AnalystCreateSchema.safeParse({ name, email });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field)) next[field] ??= `${labels[field]} ${issue.message}.`;
      }
      setErrors(next);
      focusField(event.currentTarget, parsed.error.issues[0]?.path[0]);
      return;
    }
    const form = event.currentTarget;
    setErrors({});
    setFormError(undefined);
    setState('saving');
    try {
      const analyst = await create(parsed.data);
      setState('completed');
      onCreated(analyst);
    } catch (error) {
      console.error('error creating new analyst', error);
      const apiError = error instanceof ApiRequestError ? error.apiError : undefined;
      if (apiError && isField(apiError.field))
        setErrors({ [apiError.field]: `${labels[apiError.field]} ${apiError.message}` });
      else setFormError(apiError?.message);
      setState('failed');
      window.alert('error creating new analyst');
      focusField(form, apiError?.field ?? 'name');
    }
  }

  function cancelOnEscape(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape' || !onCancel || busy) return;
    event.preventDefault();
    onCancel();
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
      className="flex flex-col gap-3"
      aria-busy={state === 'saving'}
    >
      <TextField
        label="Analyst name"
        name="name"
        autoComplete="name"
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        disabled={busy}
        error={errors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={busy}
        error={errors.email}
      />
      <FormFooter message={formError} busy={busy} onCancel={onCancel} />
    </form>
  );
}
