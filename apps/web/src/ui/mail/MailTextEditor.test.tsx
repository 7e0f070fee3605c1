import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import '../../platform/i18n';
import { checkDraft, type TextDraft } from './mail-text';
import { MailTextEditor } from './MailTextEditor';

const VARIABLES = ['name', 'place', 'days', 'link'];

/** The editor as TemplateEditor uses it: its text in state, each field's problem under it. */
function Harness({ initial }: { initial: TextDraft }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const problems = checkDraft(value, VARIABLES);
  return (
    <MailTextEditor
      language="es"
      value={value}
      onChange={setValue}
      variables={VARIABLES}
      errors={{
        subject: problems.subject && t(problems.subject.key, problems.subject.params ?? {}),
        body: problems.body && t(problems.body.key, problems.body.params ?? {}),
      }}
    />
  );
}

const subject = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Subject' });
const body = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const chip = (name: string) => screen.getByRole('button', { name: `Insert {{${name}}}` });
/** The message under a field (its helper text, tied to it by aria-describedby), or null. */
const message = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};
const focused = () => document.activeElement;

describe('the mail text editor', () => {
  it('puts a variable where the cursor is in the field focused last, and keeps the cursor after it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ subject: 'Su acuerdo en ', body: 'Hola :' }} />);
    // The body: the cursor after "Hola " (before the colon).
    await user.click(body());
    body().setSelectionRange(5, 5);
    await user.click(chip('name'));
    expect(body().value).toBe('Hola {{name}}:');
    expect(focused()).toBe(body());
    expect(body().selectionStart).toBe(13);
    // Typing goes on after the variable.
    await user.keyboard(' y bienvenido');
    expect(body().value).toBe('Hola {{name}} y bienvenido:');

    // The subject, once focused, is where the next one goes.
    await user.click(subject());
    subject().setSelectionRange(14, 14);
    await user.click(chip('place'));
    expect(subject().value).toBe('Su acuerdo en {{place}}');
    expect(body().value).toBe('Hola {{name}} y bienvenido:');
  });

  it('replaces a selection, and from the keyboard uses the cursor the field had', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ subject: 'Acuerdo en Oakridge', body: 'Hola' }} />);
    await user.click(subject());
    subject().setSelectionRange(11, 19);
    // Tab away to the chips (the field loses focus, its selection stays) and press one with Enter.
    chip('place').focus();
    await user.keyboard('{Enter}');
    expect(subject().value).toBe('Acuerdo en {{place}}');
    expect(focused()).toBe(subject());
  });

  it('puts a variable at the end of the body when no field was focused yet', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ subject: 'Asunto', body: 'Su enlace: ' }} />);
    await user.click(chip('link'));
    expect(body().value).toBe('Su enlace: {{link}}');
  });

  it('names a variable the mail does not offer under its field, as one types', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ subject: 'Asunto', body: 'Hola ' }} />);
    await user.type(body(), '{{{{nmae}}');
    expect(message(body())).toBe(
      '{{nmae}} is not a variable of this mail. It offers: {{name}}, {{place}}, {{days}}, {{link}}.',
    );
    expect(body().getAttribute('aria-invalid')).toBe('true');
    expect(subject().getAttribute('aria-invalid')).toBe('false');
    // Corrected: the message goes.
    await user.clear(body());
    await user.type(body(), 'Hola {{{{name}}');
    expect(body().getAttribute('aria-invalid')).toBe('false');
    expect(message(body())).toBeNull();
  });

  it('says an empty subject is required', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ subject: 'Asunto', body: 'Hola' }} />);
    await user.clear(subject());
    expect(message(subject())).toBe('This field is required');
  });
});
