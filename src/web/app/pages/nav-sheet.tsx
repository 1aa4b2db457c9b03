// The side navigation on small screens, as a sheet: loaded when first opened, or on the menu
// button's intent, since a page shows the button and not the sheet (decision 013).
import type { ReactNode } from 'react';
import { Dialog, DialogDescription, DialogTitle, SheetContent } from '@/web/components/ui/dialog';
import { Logo } from '@/web/components/ui/logo';
import { RememberOpener, useOpenerFocus } from '@/web/lib/dialog-focus';
import { useT } from '@/web/lib/i18n';
import { APP_TEXTS } from '../texts';

export function NavSheet({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  // Opened from state, not from a Radix trigger: focus goes back to the menu button on close.
  const t = useT('app');
  const focus = useOpenerFocus({});
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent onOpenAutoFocus={focus.onOpenAutoFocus} onCloseAutoFocus={focus.onCloseAutoFocus}>
        <RememberOpener onMount={focus.rememberOpener} />
        <DialogTitle asChild>
          <div>
            <Logo />
          </div>
        </DialogTitle>
        <DialogDescription className="sr-only">{t(APP_TEXTS.shell.menuDescription)}</DialogDescription>
        {children}
      </SheetContent>
    </Dialog>
  );
}
