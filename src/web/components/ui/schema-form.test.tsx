// @vitest-environment jsdom
// The form kit (issue 47 item 3): the schema checks on submit, the first invalid field takes the
// focus, each message shows under its input, and a refusal of the server lands under its field.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '@/web/lib/api-client';
import { apiError, apiServer, route, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { Input } from './input';
import { FormError, SchemaField, showFormError, showServerError, useSchemaForm, type SchemaSource, type ServerFields } from './schema-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import { Switch } from './switch';
import { Textarea } from './textarea';

// A stand-in for a domain schema: what the kit does does not depend on which one.
const projectSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  code: z.string().regex(/^[A-Z]{3}$/, 'Three capital letters'),
  brief: z.string().min(5, 'Say a little more'),
  urgent: z.boolean().refine((urgent) => !urgent, 'Urgent projects are not taken'),
  channels: z.array(z.enum(['email', 'chat'])).min(1, 'Choose a channel'),
});
type ProjectForm = z.input<typeof projectSchema>;

const SERVER_FIELDS: ServerFields<ProjectForm> = { code_taken: 'code', brief_refused: 'brief' };

function ProjectFormUnderTest({ schema = projectSchema }: { schema?: SchemaSource<ProjectForm, ProjectForm> }) {
  const form = useSchemaForm({ schema, defaultValues: { name: '', code: '', brief: '', urgent: false, channels: [] } });
  // Registered by this render, before the fields above it register theirs: the focus still goes by the screen's order.
  const channel = form.register('channels');
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await api.post('/api/things', values);
    } catch (error) {
      if (!showServerError(form, error, SERVER_FIELDS)) showFormError(form, error);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <SchemaField form={form} name="name" label="Name">
        <Input />
      </SchemaField>
      <SchemaField form={form} name="code" label="Code" hint="Three letters">
        <Input />
      </SchemaField>
      {/* A control the form does not register: rendered from react-hook-form's field. */}
      <SchemaField form={form} name="brief" label="Brief">
        {(field) => <Textarea ref={field.ref} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
      </SchemaField>
      <SchemaField form={form} name="urgent" label="Urgent">
        {(field) => <Switch ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />}
      </SchemaField>
      {(['email', 'chat'] as const).map((value) => (
        <label key={value}>
          <input type="checkbox" value={value} {...channel} />
          {value}
        </label>
      ))}
      <FormError form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

const prioritySchema = z.object({ priority: z.enum(['low', 'high'], 'Choose a priority') });

/** A Radix Select as a field: its trigger, the field's ref, takes the focus, not its hidden native stand-in. */
function PriorityFormUnderTest() {
  const form = useSchemaForm({ schema: prioritySchema, defaultValues: { priority: '' as 'low' } });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => {})}>
      <SchemaField form={form} name="priority" label="Priority">
        {(field) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger ref={field.ref}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="low">Low</SelectItem>
              <SelectItem value="high">High</SelectItem>
            </SelectContent>
          </Select>
        )}
      </SchemaField>
      <button type="submit">Save</button>
    </form>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

/** The message under a field: what its aria-describedby names, with role alert. */
function messageOf(label: string): string | null {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const message = ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('role') === 'alert');
  return message?.textContent ?? null;
}

describe('the form kit', () => {
  it('moves the focus to the first invalid field on submit, with its message under it, and sends nothing', async () => {
    await renderWithProviders(<ProjectFormUnderTest />);
    type('Code', 'abc');
    save();
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf('Name')).toBe('Name is required');
    expect(messageOf('Code')).toBe('Three capital letters');
    expect(messageOf('Brief')).toBe('Say a little more');
    // The hint gives way to the message, which the control names, and names only what is shown.
    expect(screen.queryByText('Three letters')).toBeNull();
    expect(field('Code').getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual(['Three capital letters']);

    // Name fixed: the next invalid one takes the focus, a registered input as a rendered one.
    type('Name', 'Website');
    save();
    await waitFor(() => expect(document.activeElement).toBe(field('Code')));
    type('Code', 'WEB');
    save();
    await waitFor(() => expect(document.activeElement).toBe(field('Brief')));
    expect(field('Code').getAttribute('aria-invalid')).toBeNull();
    type('Brief', 'A new website');
    fireEvent.click(screen.getByRole('switch', { name: 'Urgent' }));
    save();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('switch', { name: 'Urgent' })));
    expect(messageOf('Urgent')).toBe('Urgent projects are not taken');
    fireEvent.click(screen.getByRole('switch', { name: 'Urgent' }));
    save();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'email' })));
    expect(sentRequests).toHaveLength(0);
  });

  it("shows the server's refusal under the field its code belongs to, focused; any other as the form's message", async () => {
    let answer = apiError(409, 'code_taken', 'WEB is used by another project');
    apiServer.use(route('POST', '/api/things', () => answer));
    await renderWithProviders(<ProjectFormUnderTest />);
    type('Name', 'Website');
    type('Code', 'WEB');
    type('Brief', 'A new website');
    fireEvent.click(screen.getByRole('checkbox', { name: 'chat' }));
    save();
    await waitFor(() => expect(messageOf('Code')).toBe('WEB is used by another project'));
    expect(field('Code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Code'));
    expect(sentRequests.map((request) => request.body)).toEqual([{ name: 'Website', code: 'WEB', brief: 'A new website', urgent: false, channels: ['chat'] }]);

    // A code of no field: the form's own message; the next submit clears both.
    answer = apiError(503, 'storage_unavailable', 'File storage is unavailable right now.');
    save();
    expect((await screen.findByText('File storage is unavailable right now.')).getAttribute('role')).toBe('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(messageOf('Code')).toBeNull();
    expect(field('Code').getAttribute('aria-invalid')).toBeNull();
  });

  it("focuses a Select field's trigger", async () => {
    await renderWithProviders(<PriorityFormUnderTest />);
    save();
    expect(await screen.findByText('Choose a priority')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox')));
  });

  it('adds a check the schema cannot make around it, its message under its field', async () => {
    function Wrapped() {
      const form = useSchemaForm({
        schema: prioritySchema,
        defaultValues: { priority: 'low' },
        wrapResolver: (resolver) => async (values, context, options) => {
          const result = await resolver(values, context, options);
          return values.priority === 'low' ? { values: {}, errors: { priority: { type: 'busy', message: 'Low is full this week' } } } : result;
        },
      });
      return (
        <form noValidate onSubmit={form.handleSubmit(() => {})}>
          <SchemaField form={form} name="priority" label="Priority">
            <Input />
          </SchemaField>
          <button type="submit">Save</button>
        </form>
      );
    }
    await renderWithProviders(<Wrapped />);
    save();
    expect(await screen.findByText('Low is full this week')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Priority')));
  });

  it('checks with a schema loaded when first needed (decision 013: pages that must not download zod at first)', async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return projectSchema;
    };
    await renderWithProviders(<ProjectFormUnderTest schema={load} />);
    expect(loads).toBe(0);
    save();
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
    expect(messageOf('Name')).toBe('Name is required');
  });

  it('checks and sends what was submitted, not what was typed or chosen while the schema loads', async () => {
    apiServer.use(route('POST', '/api/things', { id: 't1' }));
    let arrive = () => {};
    const load = () => new Promise<typeof projectSchema>((resolve) => (arrive = () => resolve(projectSchema)));
    await renderWithProviders(<ProjectFormUnderTest schema={load} />);
    type('Name', 'Website');
    type('Code', 'WEB');
    type('Brief', 'A new website');
    fireEvent.click(screen.getByRole('checkbox', { name: 'chat' }));
    save();
    // Changed before the schema is there: a name the schema refuses, one more channel.
    type('Name', '');
    fireEvent.click(screen.getByRole('checkbox', { name: 'email' }));
    arrive();
    await waitFor(() => expect(sentRequests).toHaveLength(1));
    expect(sentRequests[0]!.body).toEqual({ name: 'Website', code: 'WEB', brief: 'A new website', urgent: false, channels: ['chat'] });
    expect(messageOf('Name')).toBeNull();
  });
});
