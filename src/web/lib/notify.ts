// Toast wording lives here so every screen follows spec 8: failures are titled 'Error' in the
// destructive style with the server's message; successes are titled 'Success' unless noted.
import { toast } from 'sonner';
import { errorMessage } from './api-client';

export function notifySuccess(description: string, title = 'Success'): void {
  toast.success(title, { description });
}

/** `id` makes a repeated notice replace the previous one instead of stacking. */
export function notifyError(errorOrMessage: unknown, title = 'Error', id?: string): void {
  const description = typeof errorOrMessage === 'string' ? errorOrMessage : errorMessage(errorOrMessage);
  toast.error(title, { description, id });
}

/** Takes down a notice shown with `id`, e.g. 'Invalid Password' once the right one is in. */
export function dismissNotice(id: string): void {
  toast.dismiss(id);
}
