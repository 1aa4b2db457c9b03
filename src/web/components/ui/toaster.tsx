import { Toaster as Sonner } from 'sonner';

/**
 * App-wide toasts, bottom right so they never cover the top bar. Error toasts use the
 * destructive colours (spec 8).
 */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold', description: 'text-sm' } }}
    />
  );
}
