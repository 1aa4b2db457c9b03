import { Toaster as Sonner } from 'sonner';

/** App-wide toasts; error toasts use the destructive colours (spec 8). */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
    />
  );
}
