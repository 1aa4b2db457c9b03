// The header every Settings card shares: an icon with the title, a line saying what it is for,
// and the card's main action beside them (below them on a narrow screen).
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from './card';

export function SettingsCardHeader({ icon: Icon, title, description, action }: { icon: LucideIcon; title: string; description: string; action?: ReactNode }) {
  return (
    <CardHeader className="flex flex-col gap-4 space-y-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid gap-1.5">
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-primary" aria-hidden />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      {action ? <div className="shrink-0 self-start">{action}</div> : null}
    </CardHeader>
  );
}
