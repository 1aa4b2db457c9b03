// Toast wording lives here so every screen follows spec 8: failures are titled 'Error' in the
// destructive style with the server's message; successes are titled 'Success' unless noted.
// The toast library loads with the first notice (or on preloadNotices()), not with the page
// (decision 013); notices keep their order, and the toaster shows those sent before it mounted.
import { errorMessage } from './api-client';

type Toast = (typeof import('sonner'))['toast'];

let loading: Promise<Toast> | undefined;
const loadToast = (): Promise<Toast> => {
  loading ??= import('sonner').then(
    (module) => module.toast,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

let noticeSent = false;
const firstNoticeListeners = new Set<() => void>();
const noticeListeners = new Set<() => void>();

/** Errors stay up 4 s on every screen: they say what went wrong (a phone's successes go sooner). */
const ERROR_DURATION_MS = 4000;

function withToast(show: (toast: Toast) => void): void {
  if (!noticeSent) {
    noticeSent = true;
    firstNoticeListeners.forEach((listener) => listener());
  }
  noticeListeners.forEach((listener) => listener());
  void loadToast().then(show, (error: unknown) => console.error(error));
}

/** Starts loading the toast library, e.g. when a form gets focus, so the first notice is instant. */
export function preloadNotices(): void {
  void loadToast().catch(() => {});
}

/** Calls `listener` once a notice has been sent (at once if one has); answers the unsubscribe. */
export function onFirstNotice(listener: () => void): () => void {
  if (noticeSent) {
    listener();
    return () => {};
  }
  firstNoticeListeners.add(listener);
  return () => firstNoticeListeners.delete(listener);
}

/** Calls `listener` as each notice is sent, before it shows (the toaster picks its side then). */
export function onNotice(listener: () => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/** `id` lets the notice be taken down with dismissNotice (and a repeat replace it). */
export function notifySuccess(description: string, title = 'Success', id?: string): void {
  withToast((toast) => toast.success(title, { description, id }));
}

/** `id` makes a repeated notice replace the previous one instead of stacking. */
export function notifyError(errorOrMessage: unknown, title = 'Error', id?: string): void {
  const description = typeof errorOrMessage === 'string' ? errorOrMessage : errorMessage(errorOrMessage);
  withToast((toast) => toast.error(title, { description, id, duration: ERROR_DURATION_MS }));
}

/** Takes down a notice shown with `id`, e.g. 'Invalid Password' once the right one is in. */
export function dismissNotice(id: string): void {
  // Nothing to take down before the first notice.
  if (loading) void loading.then((toast) => toast.dismiss(id));
}
